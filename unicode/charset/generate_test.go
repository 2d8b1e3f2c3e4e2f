package charset

import (
	"bytes"
	"compress/flate"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

// TestGeneratedTables runs gen_tables.go into a temporary folder and checks
// that the committed tables and their index are exactly its output, so
// that they are what this machine's glibc iconv does.
func TestGeneratedTables(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the tables are generated from glibc's iconv, on Linux")
	}
	goCmd := coretest.Peer(t, "go", "golang")
	coretest.Peer(t, "cc", "gcc")
	const gconv = "/usr/lib/x86_64-linux-gnu/gconv"
	if _, err := os.Stat(filepath.Join(gconv, "gconv-modules")); err != nil {
		coretest.MissingPeer(t, "glibc's gconv modules", "libc6")
	}
	src, err := filepath.Abs("gen_tables.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command(goCmd, "run", src, "-check", dir, "-modules", gconv)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "CGO_ENABLED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_tables.go: %v\n%s", err, msg)
	}
	files, err := filepath.Glob(filepath.Join(dir, "tables", "*.tab"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the generator wrote no tables: %v", err)
	}
	committed, _ := filepath.Glob(filepath.Join("tables", "*.tab"))
	if len(committed) != len(files) {
		t.Errorf("%d committed tables, the generator writes %d", len(committed), len(files))
	}
	// The tables are compared inflated, so that another Go version's
	// compressor does not make them differ.
	read := func(name string) ([]byte, error) {
		b, err := os.ReadFile(name)
		if err != nil || filepath.Ext(name) != ".tab" {
			return b, err
		}
		return io.ReadAll(flate.NewReader(bytes.NewReader(b)))
	}
	for _, f := range append(files, filepath.Join(dir, "tables.go")) {
		rel, _ := filepath.Rel(dir, f)
		got, err := read(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := read(rel)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the output of gen_tables.go: run go generate", rel)
		}
	}
}
