package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/release/internal/workspace"
)

// readmeProxyBlock returns the lines of the root README's code block that
// runs `make proxy`.
func readmeProxyBlock(t *testing.T, root string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var block []string
	in := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			if in && strings.Contains(strings.Join(block, "\n"), "make proxy DIR=") {
				return block
			}
			in, block = !in, nil
			continue
		}
		if in {
			block = append(block, line)
		}
	}
	t.Fatal("README.md has no code block with `make proxy DIR=…`")
	return nil
}

// TestREADMEInstall writes the proxy of the working tree with Run, as make
// proxy does, then follows the README's block in a fresh module outside the
// workspace, with a module cache of its own and no other proxy: its go.sum
// lines, its `GOPROXY=file://$DIR … go get` line, then a build and run of
// the downstream test's program for the module it installs.
func TestREADMEInstall(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not on PATH")
	}
	root, err := workspace.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "proxy")
	var out bytes.Buffer
	if err := Run(root, dir, &out); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s", out.String())

	user := filepath.Join(tmp, "user")
	if err := os.MkdirAll(user, 0o755); err != nil {
		t.Fatal(err)
	}
	base := []string{"GOWORK=off", "GOTOOLCHAIN=local", "GOMODCACHE=" + filepath.Join(tmp, "modcache"), "GOFLAGS=-modcacherw", "DIR=" + dir}
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "GOWORK", "GOPROXY", "GOFLAGS", "GONOSUMDB", "GONOPROXY", "GOPRIVATE", "GOMODCACHE", "GOTOOLCHAIN", "GOSUMDB", "GOINSECURE", "DIR", "PWD":
		default:
			base = append(base, kv)
		}
	}
	env := func(extra ...string) []string { return append(append([]string{}, base...), extra...) }
	run := func(env []string, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = user, env
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, b)
		}
		return string(b)
	}
	run(env(), "go", "mod", "init", "example.com/user")

	var installed []string
	for _, line := range readmeProxyBlock(t, root) {
		cmd, _, _ := strings.Cut(line, "#")
		f := strings.Fields(cmd)
		switch {
		case len(f) == 0, f[0] == "export", f[0] == "cd", f[0] == "make":
			// Setting DIR, changing to the user's module, make proxy:
			// done above.
		case strings.Join(f, " ") == "cat $DIR/go.sum >> go.sum":
			sums, err := os.ReadFile(filepath.Join(dir, "go.sum"))
			if err != nil {
				t.Fatal(err)
			}
			if len(sums) == 0 {
				t.Error("the proxy's go.sum is empty")
			}
			if err := os.WriteFile(filepath.Join(user, "go.sum"), sums, 0o644); err != nil {
				t.Fatal(err)
			}
		case strings.HasPrefix(f[0], "GOPROXY="):
			var vars []string
			for len(f) > 0 && strings.Contains(f[0], "=") {
				vars = append(vars, os.Expand(f[0], func(k string) string {
					if k == "DIR" {
						return dir
					}
					t.Fatalf("README line %q uses $%s", line, k)
					return ""
				}))
				f = f[1:]
			}
			if len(f) < 3 || f[0] != "go" || f[1] != "get" {
				t.Fatalf("README line %q is not `VAR=… go get module@version`", line)
			}
			for i, v := range vars {
				if strings.HasPrefix(v, "GOFLAGS=") {
					vars[i] += " -modcacherw" // so that t.TempDir can remove the cache
				}
			}
			t.Logf("%s", run(env(vars...), f[0], f[1:]...))
			for _, a := range f[2:] {
				m, _, _ := strings.Cut(a, "@")
				installed = append(installed, strings.TrimPrefix(m, workspace.Prefix))
			}
		default:
			t.Fatalf("README line %q: the test does not know how to follow it", line)
		}
	}
	if len(installed) == 0 {
		t.Fatal("the README's proxy block installs nothing")
	}
	// The modules came from the proxy alone: GOPROXY=off from here on.
	for _, m := range installed {
		prog, err := os.ReadFile(filepath.Join(root, "release", "downstream", "testdata", m, "main.go"))
		if err != nil {
			t.Fatalf("no downstream program for %s: %v", m, err)
		}
		want, err := os.ReadFile(filepath.Join(root, "release", "downstream", "testdata", m, "want"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(user, "main.go"), prog, 0o644); err != nil {
			t.Fatal(err)
		}
		run(env("GOPROXY=off", "GOFLAGS=-modcacherw -mod=mod"), "go", "build", "-o", "prog", ".")
		if got := run(env(), filepath.Join(user, "prog")); got != string(want) {
			t.Errorf("%s's program printed\n%s\nwant\n%s", m, got, want)
		}
	}
	// The whole module graph, go.mod files only some builds need
	// included, is in the proxy too.
	list := run(env("GOPROXY=file://"+dir, "GONOSUMDB=github.com/fastio-go", "GOFLAGS=-modcacherw -mod=mod"), "go", "list", "-m", "all")
	if !strings.Contains(list, workspace.Prefix+"core v") {
		t.Errorf("go list -m all does not hold core:\n%s", list)
	}
}
