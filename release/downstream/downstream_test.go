package downstream

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fastio-go/fastio/release/internal/modproxy"
	"github.com/fastio-go/fastio/release/internal/snapshot"
	"github.com/fastio-go/fastio/release/internal/workspace"
	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

func loadWorkspace(t *testing.T) *workspace.Workspace {
	t.Helper()
	root, err := workspace.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	ws, err := workspace.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// releaseVersion is the version at which the modules require each other:
// the version this working tree is published at.
func releaseVersion(t *testing.T, ws *workspace.Workspace) string {
	t.Helper()
	v, err := snapshot.Version(ws)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// library reports whether m is a library a user installs with go get: it
// requires no fastio module but core and has an importable package. The
// other modules compose libraries (or are tooling) and say why.
func library(m *workspace.Module) (bool, string) {
	var others []string
	for _, s := range m.Siblings() {
		if s != workspace.Prefix+"core" {
			others = append(others, strings.TrimPrefix(s, workspace.Prefix))
		}
	}
	if len(others) > 0 {
		return false, fmt.Sprintf("%s composes %s: not a library for go get", m.Name, strings.Join(others, ", "))
	}
	if len(m.Siblings()) == 0 && m.Path != workspace.Prefix+"core" {
		return false, fmt.Sprintf("%s requires no fastio module: repository tooling, not a library", m.Name)
	}
	return true, ""
}

// goEnv returns the environment of a go command run as a downstream user:
// outside the workspace, resolving fastio modules only from proxy and
// third-party modules from the local module cache's download folder, with a
// module cache of its own so that nothing published before is reused.
func goEnv(t *testing.T, proxy, modcache string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GOWORK", "GOPROXY", "GOFLAGS", "GONOSUMDB", "GONOPROXY", "GOPRIVATE", "GOMODCACHE", "GOTOOLCHAIN", "GOSUMDB", "GONOSUMCHECK", "GOINSECURE", "GOOS", "GOARCH", "PWD":
			continue
		}
		env = append(env, kv)
	}
	return append(env,
		"GOWORK=off",
		"GOPROXY="+proxy,
		"GOFLAGS=-mod=mod -modcacherw -trimpath",
		"GONOSUMDB="+strings.TrimSuffix(workspace.Prefix, "fastio/")+"*",
		"GOMODCACHE="+modcache,
		"GOTOOLCHAIN=local",
	)
}

func run(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// publish builds a proxy of every workspace module at version under dir.
// goMod, when not nil, replaces the go.mod of the named module.
func publish(t *testing.T, ws *workspace.Workspace, version, dir string, goMod map[string][]byte) {
	t.Helper()
	if err := snapshot.Publish(dir, ws, version, goMod, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// thirdPartyProxy makes sure the third-party modules of mods are in the
// local module cache (a no-op, offline, when they are) and returns its
// download folder, which has the proxy layout.
func thirdPartyProxy(t *testing.T, mods []*workspace.Module) string {
	t.Helper()
	for _, m := range mods {
		if len(m.ThirdParty()) == 0 {
			continue
		}
		env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		if out, err := run(m.Dir, env, "go", "mod", "download"); err != nil {
			t.Fatalf("go mod download in %s: %v\n%s", m.Name, err, out)
		}
	}
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "cache", "download")
}

// seedSums writes go.sum lines for the third-party modules of mods into the
// downstream module, taken from the modules' own go.sum files: the hashes
// the checksum database gave when they were added. The fastio modules are
// exempt from the database (GONOSUMDB) and get theirs from the proxy.
func seedSums(t *testing.T, dir string, mods []*workspace.Module) {
	t.Helper()
	var lines []string
	for _, m := range mods {
		data, err := os.ReadFile(filepath.Join(m.Dir, "go.sum"))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(strings.TrimSpace(string(data)), "\n")...)
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	if len(lines) == 0 {
		return
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// goModRequires returns the module paths that mv's go.mod requires, read
// from the download cache of modcache, where the go command put every go.mod
// it loaded.
func goModRequires(t *testing.T, modcache string, mv module.Version) []string {
	t.Helper()
	esc, err := module.EscapePath(mv.Path)
	if err != nil {
		t.Fatal(err)
	}
	escVer, err := module.EscapeVersion(mv.Version)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(modcache, "cache", "download", filepath.FromSlash(esc), "@v", escVer+".mod")
	data, err := os.ReadFile(name)
	if os.IsNotExist(err) {
		// Not loaded: graph pruning left its requirements out (a module
		// that only tests use, such as go-cmp).
		return nil
	}
	if err != nil {
		t.Fatalf("go.mod of %s: %v", mv, err)
	}
	f, err := modfile.ParseLax(name, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range f.Require {
		out = append(out, r.Mod.Path)
	}
	return out
}

// installLine is one `go get` command of the README's Install section.
type installLine struct {
	text   string // the command as written
	module string // module path
	query  string // version query after @
}

var goGetRE = regexp.MustCompile(`^go get (` + regexp.QuoteMeta(workspace.Prefix) + `[a-z0-9/]+)@(\S+)$`)

// readmeInstall returns the go get lines of the first shell block of the
// README's "## Install" section.
func readmeInstall(t *testing.T, root string) []installLine {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []installLine
	section, block := false, false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			if section && len(lines) > 0 {
				return lines
			}
			section = line == "## Install"
		case section && strings.HasPrefix(line, "```"):
			if block {
				return lines
			}
			block = true
		case section && block:
			cmd, _, _ := strings.Cut(line, "#")
			cmd = strings.TrimSpace(cmd)
			if cmd == "" {
				continue
			}
			m := goGetRE.FindStringSubmatch(cmd)
			if m == nil {
				t.Fatalf("README Install line %q is not `go get %s<module>@<version>`", line, workspace.Prefix)
			}
			lines = append(lines, installLine{text: cmd, module: m[1], query: m[2]})
		}
	}
	if len(lines) == 0 {
		t.Fatal("README.md has no go get lines in a code block of its \"## Install\" section")
	}
	return lines
}

func TestDownstreamInstall(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("go command not on PATH")
	}
	ws := loadWorkspace(t)
	version := releaseVersion(t, ws)
	lines := readmeInstall(t, ws.Root)

	// The README installs exactly the library modules of go.work.
	var libs []*workspace.Module
	for _, m := range ws.Modules {
		if ok, why := library(m); ok {
			libs = append(libs, m)
		} else {
			t.Run(m.Name, func(t *testing.T) { t.Skip(why) })
		}
	}
	byModule := map[string]installLine{}
	for _, l := range lines {
		if _, dup := byModule[l.module]; dup {
			t.Errorf("README installs %s twice", l.module)
		}
		byModule[l.module] = l
		if ws.Module(l.module) == nil {
			t.Errorf("README installs %s, which go.work does not use", l.module)
		}
	}
	for _, m := range libs {
		if _, ok := byModule[m.Path]; !ok {
			t.Errorf("README's Install section has no `go get %s@…` line", m.Path)
		}
	}

	tmp := t.TempDir()
	proxyDir := filepath.Join(tmp, "proxy")
	publish(t, ws, version, proxyDir, nil)
	proxy := modproxy.URL(proxyDir) + "," + modproxy.URL(thirdPartyProxy(t, libs))
	env := goEnv(t, proxy, filepath.Join(tmp, "modcache"))

	for _, m := range libs {
		l, ok := byModule[m.Path]
		if !ok {
			continue
		}
		t.Run(m.Name, func(t *testing.T) {
			dir := filepath.Join(tmp, "user-"+m.Name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if out, err := run(dir, env, "go", "mod", "init", "example.com/user"); err != nil {
				t.Fatalf("go mod init: %v\n%s", err, out)
			}
			closure := ws.Closure(m)
			seedSums(t, dir, closure)
			args := strings.Fields(l.text)
			if out, err := run(dir, env, args[0], args[1:]...); err != nil {
				t.Fatalf("%s: %v\n%s", l.text, err, out)
			}

			prog, err := os.ReadFile(filepath.Join("testdata", m.Name, "main.go"))
			if err != nil {
				t.Fatalf("no downstream program for module %s: add testdata/%s/main.go and its want file: %v", m.Name, m.Name, err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", m.Name, "want"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "main.go"), prog, 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := run(dir, env, "go", "build", "-o", "prog", "."); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			out, err := run(dir, env, filepath.Join(dir, "prog"))
			if err != nil {
				t.Fatalf("program: %v\n%s", err, out)
			}
			if out != string(want) {
				t.Errorf("program printed\n%s\nwant\n%s", out, want)
			}

			// The build list: the user's module, m, the fastio modules it
			// requires, the third-party modules their go.mod files declare,
			// and what those declare in turn (the pruned module graph).
			wantList := map[string]string{"example.com/user": ""}
			declared := map[string]bool{}
			for _, c := range closure {
				wantList[c.Path] = version
				declared[c.Path] = true
				for _, r := range c.ThirdParty() {
					declared[r.Mod.Path] = true
					wantList[r.Mod.Path] = "*"
				}
			}
			graph := map[string]string{} // module -> the declared module whose go.mod requires it
			for _, c := range closure {
				for _, r := range c.ThirdParty() {
					for _, p := range goModRequires(t, filepath.Join(tmp, "modcache"), r.Mod) {
						if _, ok := wantList[p]; !ok {
							graph[p] = r.Mod.Path
						}
					}
				}
			}
			listOut, err := run(dir, env, "go", "list", "-m", "-f", "{{.Path}} {{.Version}}", "all")
			if err != nil {
				t.Fatalf("go list -m all: %v\n%s", err, listOut)
			}
			got := map[string]string{}
			for _, line := range strings.Split(strings.TrimSpace(listOut), "\n") {
				p, v, _ := strings.Cut(line, " ")
				got[p] = v
			}
			for p, v := range got {
				w, ok := wantList[p]
				switch {
				case ok && w != "*" && w != v:
					t.Errorf("build list holds %s %s, want %s", p, v, w)
				case !ok && graph[p] != "":
					t.Logf("build list holds %s %s, required by %s's go.mod (no package of it is built)", p, v, graph[p])
				case !ok:
					t.Errorf("build list holds %s %s, which neither %s nor a fastio module it requires declares", p, v, m.Name)
				}
			}
			for p := range wantList {
				if _, ok := got[p]; !ok {
					t.Errorf("build list lacks %s", p)
				}
			}
			// The program's packages come from declared modules only.
			depsOut, err := run(dir, env, "go", "list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}", ".")
			if err != nil {
				t.Fatalf("go list -deps: %v\n%s", err, depsOut)
			}
			for _, p := range strings.Fields(depsOut) {
				if p != "example.com/user" && !declared[p] {
					t.Errorf("the program builds packages of %s, which no go.mod of %s's closure declares", p, m.Name)
				}
			}
			if l.query != version {
				// A query such as @latest must select the published version.
				if got[m.Path] != version {
					t.Errorf("%s selected %s, want %s", l.text, got[m.Path], version)
				}
			}
		})
	}
}

// TestDownstreamBrokenRequire shows that the install test fails when a
// published go.mod requires a fastio version the proxy does not have: the
// zero pseudo-version that the modules once required, or a version never
// released.
func TestDownstreamBrokenRequire(t *testing.T) {
	ws := loadWorkspace(t)
	version := releaseVersion(t, ws)
	format := ws.Module(workspace.Prefix + "format")
	if format == nil {
		t.Fatal("go.work does not use format")
	}
	data, err := os.ReadFile(format.ModFile)
	if err != nil {
		t.Fatal(err)
	}
	core := workspace.Prefix + "core"
	tests := []struct {
		name, coreVersion string
	}{
		{"pseudo-version", "v0.0.0-00010101000000-000000000000"},
		{"unreleased", "v0.9.9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			broken := strings.Replace(string(data), core+" "+version, core+" "+tt.coreVersion, 1)
			if broken == string(data) {
				t.Fatalf("format/go.mod does not require %s %s", core, version)
			}
			tmp := t.TempDir()
			proxyDir := filepath.Join(tmp, "proxy")
			publish(t, ws, version, proxyDir, map[string][]byte{"format": []byte(broken)})
			env := goEnv(t, modproxy.URL(proxyDir), filepath.Join(tmp, "modcache"))
			dir := filepath.Join(tmp, "user")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if out, err := run(dir, env, "go", "mod", "init", "example.com/user"); err != nil {
				t.Fatalf("go mod init: %v\n%s", err, out)
			}
			out, err := run(dir, env, "go", "get", workspace.Prefix+"format@"+version)
			if err == nil {
				t.Fatalf("go get succeeded with format requiring core %s:\n%s", tt.coreVersion, out)
			}
			wantMsg := core + "@" + tt.coreVersion
			if !strings.Contains(out, wantMsg) || !strings.Contains(out, "no such file or directory") && !strings.Contains(out, "not found") {
				t.Errorf("go get failed with\n%s\nwant a message naming %s as not found", out, wantMsg)
			}
		})
	}
}
