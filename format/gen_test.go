package format

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestPow10TabFresh runs the generator of pow10tab.go into a temporary
// file and fails when the committed table differs: a change to
// pow10gen.go must come with the table it generates (go generate).
func TestPow10TabFresh(t *testing.T) {
	if runtime.GOOS == "wasip1" {
		t.Skip("wasip1 cannot start a process: go run pow10gen.go needs a host")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go command is needed to run pow10gen.go: install Go from https://go.dev/dl/")
	}
	out := filepath.Join(t.TempDir(), "pow10tab.go")
	cmd := exec.Command(goTool, "run", "pow10gen.go", "-o", out)
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run pow10gen.go: %v\n%s", err, msg)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("pow10tab.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("pow10tab.go is stale: run go generate in format")
	}
}
