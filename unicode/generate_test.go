package unicode

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestGeneratedUTF8WinTable runs gen_utf8win.go in a temporary folder and
// checks that the committed table is exactly its output. (The GB18030
// tables have TestGeneratedTablesUpToDate, which needs python3.)
func TestGeneratedUTF8WinTable(t *testing.T) {
	if runtime.GOOS == "wasip1" {
		t.Skip("wasip1 starts no subprocesses: the generators are checked on the host")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go command is not on PATH; it is needed to run the generator")
	}
	src, err := filepath.Abs("gen_utf8win.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command(goCmd, "run", src)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_utf8win.go: %v\n%s", err, msg)
	}
	const out = "utf8win_table_amd64.go"
	got, err := os.ReadFile(filepath.Join(dir, out))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from the output of gen_utf8win.go: run go generate", out)
	}
}
