package seed

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

// TestJeaiiiReference builds the C jeaiii reference and runs its check
// mode: the edges of every power of ten and of two and 200,000 random
// 64-bit values against snprintf, so that its bench row formats every
// width right, not only the row's 0..N-1.
func TestJeaiiiReference(t *testing.T) {
	gcc := coretest.Peer(t, "gcc", "gcc")
	dir := t.TempDir()
	for _, name := range []string{"jeaiii.c", "gen.h"} {
		b, err := cpeerSources.ReadFile("cpeers/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "jeaiii")
	args := append(strings.Fields(cFlags), "-Wall", "-Werror", "-o", bin, filepath.Join(dir, "jeaiii.c"))
	if out, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	out, err := exec.Command(bin, "check", "200000").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("jeaiii check: %v\n%s", err, out)
	}
}
