//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const vetModule = `module example.com/vetme

go 1.26.0

require (
	github.com/fastio-go/fastio/core v0.1.0
	github.com/fastio-go/fastio/format v0.1.0
)
`

const vetSource = `package vetme

import (
	"bufio"
	"fmt"
	"os"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

// Lost never flushes: its output is lost.
func Lost() {
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(w, "lost")
}

// Ignored flushes but drops the error.
func Ignored() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintln(w, "maybe")
}

// Formatted prints through format and never flushes.
func Formatted() {
	w := core.NewWriter(os.Stdout)
	for i := range 10 {
		format.IntLn(w, i)
	}
}

// Kept is correct.
func Kept() error {
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(w, "kept")
	return w.Flush()
}
`

func vetDir(t *testing.T, src string) string {
	dir := t.TempDir()
	mod := vetModule
	for _, m := range []string{"core", "format"} {
		abs, err := filepath.Abs(filepath.Join("..", "..", m))
		if err != nil {
			t.Fatal(err)
		}
		mod += "replace github.com/fastio-go/fastio/" + m + " => " + abs + "\n"
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644)
	os.WriteFile(filepath.Join(dir, "v.go"), []byte(src), 0o644)
	return dir
}

func runEnv(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Run()
	return result{stdout: []byte(out.String()), stderr: []byte(errb.String()), code: cmd.ProcessState.ExitCode()}
}

func TestVet(t *testing.T) {
	dir := vetDir(t, vetSource)
	env := []string{"GOWORK=off", "GOFLAGS=-mod=mod"}
	r := runEnv(t, dir, env, fastio, "vet", "./...")
	want := []string{
		"v.go:14:2: w (*bufio.Writer) is not flushed or closed on the path returning at line 16",
		"v.go:21:8: the error of w.Flush is ignored",
		"v.go:27:2: w (*core.Writer) is not flushed or closed on the path returning at line 31",
	}
	for _, w := range want {
		if !strings.Contains(string(r.stderr), w) {
			t.Errorf("fastio vet: missing %q in %s", w, r.stderr)
		}
	}
	if r.code != 3 || strings.Count(string(r.stderr), "v.go:") != 3 {
		t.Errorf("fastio vet: exit %d, want 3 and three findings:\n%s", r.code, r.stderr)
	}

	// The same analyzer under go vet.
	bin := filepath.Join(t.TempDir(), "fastio-vet")
	if out, err := exec.Command("go", "build", "-o", bin, "../fastio-vet").CombinedOutput(); err != nil {
		t.Fatalf("building fastio-vet: %v %s", err, out)
	}
	g := runEnv(t, dir, env, "go", "vet", "-vettool="+bin, "./...")
	for _, w := range want {
		if !strings.Contains(string(g.stderr), w) {
			t.Errorf("go vet -vettool: missing %q in %s", w, g.stderr)
		}
	}
	if g.code == 0 {
		t.Errorf("go vet -vettool: exit 0 with findings")
	}

	// Clean code: no findings, exit 0.
	clean := vetDir(t, "package vetme\n\nimport (\n\t\"bufio\"\n\t\"os\"\n)\n\nfunc F() error {\n\tw := bufio.NewWriter(os.Stdout)\n\tw.WriteString(\"x\")\n\treturn w.Flush()\n}\n")
	if r := runEnv(t, clean, env, fastio, "vet", "./..."); r.code != 0 || len(r.stderr) != 0 {
		t.Errorf("clean package: exit %d %s", r.code, r.stderr)
	}
	if r := runEnv(t, clean, env, "go", "vet", "-vettool="+bin, "./..."); r.code != 0 {
		t.Errorf("go vet on a clean package: exit %d %s", r.code, r.stderr)
	}
	// A package that does not compile.
	broken := vetDir(t, "package vetme\n\nfunc F() { undefined() }\n")
	if r := runEnv(t, broken, env, fastio, "vet", "./..."); r.code != 1 || !strings.Contains(string(r.stderr), "undefined") {
		t.Errorf("broken package: exit %d %s", r.code, r.stderr)
	}
}
