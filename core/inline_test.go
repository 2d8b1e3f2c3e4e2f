package core_test

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestInlining builds the package with -gcflags=-m and checks that the
// fast paths the documentation promises inline: the formatters and
// encoders of the other modules are written on that promise (a call out
// of line would cost about as much as the fast path itself).
//
// The budget is tight. The compiler's inlining budget is 80; it charges a
// call of a named function 57 and a call of a function parameter 17. A
// Cursor's PutString or Put that called its slow path directly would cost
// 86, so it calls it through the generic helper slow, which inlines and
// leaves them under the budget. The Writer's Put, PutString and PutByte
// call their slow paths through the generic helper slowPut for the same
// reason: written with a direct call, the PutString that stores only the
// buffer length costs 93.
func TestInlining(t *testing.T) {
	if runtime.GOOS == "wasip1" || runtime.GOOS == "js" {
		t.Skip("no go command to run on", runtime.GOOS)
	}
	if testing.Short() {
		t.Skip("builds the package; skipped in -short mode")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to check inlining (install Go from https://go.dev/dl/): %v", err)
	}
	out, err := exec.Command(goCmd, "build", "-gcflags=-m", "-o", "/dev/null", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	inlinable := map[string]bool{}
	for line := range strings.Lines(string(out)) {
		if _, fn, ok := strings.Cut(line, ": can inline "); ok {
			name, _, _ := strings.Cut(strings.TrimSpace(fn), " ")
			inlinable[name] = true
		}
	}
	for _, fn := range []string{
		"(*Writer).Put", "(*Writer).PutString", "(*Writer).PutByte", "(*Writer).WriteByte",
		"(*Writer).Reserve", "(*Writer).Commit", "(*Writer).Engine", "(*Writer).Available",
		"Engine.Write", "Engine.WriteString", "Engine.WriteByte", "Engine.Reserve", "Engine.Commit",
		"(*Reader).Window", "(*Reader).Consume",
		"Cursor.PutString", "Cursor.Put", "Cursor.available",
	} {
		if !inlinable[fn] {
			t.Errorf("%s does not inline any more; the compiler said:\n%s", fn, out)
		}
	}
}
