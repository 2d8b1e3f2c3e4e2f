package coretest_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

func TestPeerFound(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	if p := coretest.Peer(t, "go", "golang"); p == "" {
		t.Fatal("Peer returned an empty path for a program on PATH")
	}
}

// TestMissingPeerVerdict runs a child test that asks for a program that does
// not exist, with and without FASTIO_REQUIRE_PEERS=1, and checks it skipped
// and failed respectively.
func TestMissingPeerVerdict(t *testing.T) {
	if os.Getenv("CORETEST_PEER_CHILD") == "1" {
		coretest.Peer(t, "fastio-no-such-program", "no-such-package")
		t.Fatal("Peer returned for a missing program")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	for _, tc := range []struct {
		require string
		fail    bool
	}{{"", false}, {"1", true}} {
		cmd := exec.Command(exe, "-test.run=^TestMissingPeerVerdict$", "-test.v")
		cmd.Env = append(os.Environ(), "CORETEST_PEER_CHILD=1", coretest.RequirePeersEnv+"="+tc.require)
		out, err := cmd.CombinedOutput()
		if failed := err != nil; failed != tc.fail {
			t.Errorf("%s=%q: failed=%v, want %v\n%s", coretest.RequirePeersEnv, tc.require, failed, tc.fail, out)
		}
		if !tc.fail && !contains(out, "apt-get install no-such-package") {
			t.Errorf("skip message does not name the package:\n%s", out)
		}
	}
}

func contains(b []byte, s string) bool { return strings.Contains(string(b), s) }
