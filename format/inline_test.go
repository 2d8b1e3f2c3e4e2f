package format

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestInlining builds testdata/inline with -gcflags=-m and checks that
// IntLn inlines into the caller's loop.
//
// IntLn's in-place path cannot fit the inliner's budget of 80 (Reserve
// alone costs 78, a call left out of line 57): what inlines is the
// generic wrapper, a conversion and one call of the non-generic intLn, so
// that a caller's loop makes one plain call per value with no dictionary
// and no generic instantiation. A change that makes the wrapper cost more
// (cost 66 when this was written) fails here.
func TestInlining(t *testing.T) {
	if runtime.GOOS == "wasip1" || runtime.GOOS == "js" {
		t.Skip("no go command to run on", runtime.GOOS)
	}
	if testing.Short() {
		t.Skip("builds a program; skipped in -short mode")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to check inlining (install Go from https://go.dev/dl/): %v", err)
	}
	out, err := exec.Command(goCmd, "build", "-gcflags=-m", "-o", "/dev/null", "./testdata/inline").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	inlined := map[string]bool{}
	for line := range strings.Lines(string(out)) {
		if !strings.HasPrefix(line, "testdata/inline/main.go:") {
			continue
		}
		if _, call, ok := strings.Cut(line, "inlining call to "); ok {
			inlined[strings.TrimSpace(call)] = true
		}
	}
	if name := "format.IntLn[go.shape.int,go.shape.*uint8]"; !inlined[name] {
		t.Errorf("%s is not inlined into the caller; the compiler said:\n%s", name, out)
	}
}
