package peertest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestVerdict runs TestMissing in a child, with and without
// FASTIO_REQUIRE_PEERS=1: it skips naming the package, or fails.
func TestVerdict(t *testing.T) {
	if os.Getenv("PEERTEST_CHILD") == "1" {
		t.Skip("in the child")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, require := range []string{"", "1"} {
		cmd := exec.Command(exe, "-test.run=^TestMissing$", "-test.v")
		cmd.Env = append(os.Environ(), "PEERTEST_CHILD=1", "FASTIO_REQUIRE_PEERS="+require)
		out, err := cmd.CombinedOutput()
		s := string(out)
		if !strings.Contains(s, "no-such-program-x not found (apt-get install no-such-package)") {
			t.Errorf("FASTIO_REQUIRE_PEERS=%q: output lacks the package line:\n%s", require, s)
		}
		if require == "1" && (err == nil || !strings.Contains(s, "--- FAIL: TestMissing")) {
			t.Errorf("FASTIO_REQUIRE_PEERS=1: %v, want a failure:\n%s", err, s)
		}
		if require == "" && (err != nil || !strings.Contains(s, "--- SKIP: TestMissing")) {
			t.Errorf("without FASTIO_REQUIRE_PEERS: %v, want a skip:\n%s", err, s)
		}
	}
}

func TestMissing(t *testing.T) {
	if os.Getenv("PEERTEST_CHILD") != "1" {
		t.Skip("run by TestVerdict")
	}
	Peer(t, "no-such-program-x", "no-such-package")
	t.Error("Peer returned for a missing program")
}

func TestFound(t *testing.T) {
	if p := Peer(t, "go", "golang-go"); p == "" {
		t.Error("Peer returned no path for go")
	}
}
