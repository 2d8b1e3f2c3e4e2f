package crypto

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestGeneratedFilesUpToDate runs each generator in a temporary folder and
// checks that the committed files are exactly its output, so that they are
// never edited by hand and never fall behind their generator.
func TestGeneratedFilesUpToDate(t *testing.T) {
	if runtime.GOOS == "wasip1" {
		t.Skip("wasip1 starts no subprocesses: the generators are checked on the host")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go command is not on PATH; it is needed to run the generators")
	}
	generators := map[string][]string{
		"gen_sha1.go":   {"sha1block_amd64.s"},
		"gen_sha256.go": {"sha256const.go", "sha256block_amd64.s", "sha256many_amd64.s"},
		"gen_sha512.go": {"sha512const.go", "sha512block_amd64.s"},
	}
	for gen, outputs := range generators {
		t.Run(gen, func(t *testing.T) {
			src, err := filepath.Abs(gen)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			cmd := exec.Command(goCmd, "run", src)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go run %s: %v\n%s", gen, err, msg)
			}
			for _, out := range outputs {
				got, err := os.ReadFile(filepath.Join(dir, out))
				if err != nil {
					t.Fatal(err)
				}
				want, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from the output of %s: run go generate", out, gen)
				}
			}
		})
	}
}
