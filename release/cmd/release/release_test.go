package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/release/internal/peertest"
)

// repo is a throw-away git repository shaped like the workspace: core, and
// format requiring it.
type repo struct {
	t   *testing.T
	dir string
}

func (r repo) write(name, body string) {
	r.t.Helper()
	p := filepath.Join(r.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r repo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "tag.gpgSign=false", "-c", "commit.gpgSign=false"}, args...)...)
	cmd.Dir = r.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

const (
	prefix   = "github.com/fastio-go/fastio/"
	coreV1   = "// Package core is a fixture.\npackage core\n\n// A is kept.\nfunc A() {}\n\n// B is removed later.\nfunc B() {}\n"
	coreV2   = "// Package core is a fixture.\npackage core\n\n// A is kept.\nfunc A() {}\n\n// C is added.\nfunc C() {}\n"
	formatGo = "// Package format is a fixture.\npackage format\n\nimport \"github.com/fastio-go/fastio/core\"\n\n// F calls core.\nfunc F() { core.A() }\n"
)

func formatMod(coreVersion string) string {
	return "module " + prefix + "format\n\ngo 1.26.0\n\nrequire " + prefix + "core " + coreVersion + "\n\nreplace " + prefix + "core => ../core\n"
}

// newRepo makes the fixture; with tag, its first commit is tagged
// core/<tag> and format/<tag> and a second commit breaks core's API.
func newRepo(t *testing.T, tag string) repo {
	peertest.Peer(t, "git", "git")
	r := repo{t, t.TempDir()}
	r.git("init", "-q")
	r.write("go.work", "go 1.26.0\n\nuse (\n\t./format\n\t./core\n)\n")
	r.write("core/go.mod", "module "+prefix+"core\n\ngo 1.26.0\n")
	r.write("core/core.go", coreV1)
	v := tag
	if v == "" {
		v = "v0.1.0"
	}
	r.write("format/go.mod", formatMod(v))
	r.write("format/format.go", formatGo)
	r.write("CHANGELOG.md", "# Changelog\n\nIntro.\n")
	r.git("add", ".")
	r.git("commit", "-q", "-m", "first")
	if tag != "" {
		r.git("tag", "-a", "core/"+tag, "-m", "core")
		r.git("tag", "-a", "format/"+tag, "-m", "format")
		r.write("core/core.go", coreV2)
		r.git("commit", "-q", "-am", "core: drop B, add C")
	}
	return r
}

// checksum hashes every file of the tree (names, modes and contents) and
// the repository's refs.
func checksum(t *testing.T, r repo) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(r.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(r.dir, p)
		if d.IsDir() && rel == ".git" {
			return fs.SkipDir
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		h.Write([]byte(rel + "\x00" + info.Mode().String() + "\x00"))
		if d.Type().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			h.Write(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	h.Write([]byte(r.git("show-ref", "--head")))
	return hex.EncodeToString(h.Sum(nil))
}

func runRelease(t *testing.T, r repo, version string, dry bool) (string, error) {
	t.Helper()
	var out strings.Builder
	err := Run(Options{Root: filepath.Join(r.dir, "format"), Version: version, DryRun: dry, Date: "2026-12-01"}, &out)
	return out.String(), err
}

func wantContains(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

func TestDryRunChangesNothing(t *testing.T) {
	r := newRepo(t, "v0.1.0")
	before := checksum(t, r)
	out, err := runRelease(t, r, "v0.2.0", true)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if after := checksum(t, r); after != before {
		t.Errorf("dry run changed the tree or its refs")
	}
	wantContains(t, out,
		"dry run: no file is changed",
		"requirement: "+prefix+"core v0.1.0 -> v0.2.0",
		"against core/v0.1.0: 1 incompatible, 1 compatible API changes",
		"(allowed: a v0 minor release may break)",
		"incompatible: B: removed",
		"compatible:   C: added",
		"a real run would write format/go.mod CHANGELOG.md",
		"git commit -m 'release: v0.2.0' -- format/go.mod CHANGELOG.md",
		"commits since core/v0.1.0: 1",
		"- ", "core: drop B, add C",
	)
	core := strings.Index(out, "git tag -a core/v0.2.0")
	format := strings.Index(out, "git tag -a format/v0.2.0")
	if core < 0 || format < 0 || core > format {
		t.Errorf("tag commands missing or not in dependency order (core first):\n%s", out)
	}
	wantContains(t, out, "git push origin core/v0.2.0 format/v0.2.0")
}

func TestRunWrites(t *testing.T) {
	r := newRepo(t, "v0.1.0")
	out, err := runRelease(t, r, "v0.2.0", false)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mod, err := os.ReadFile(filepath.Join(r.dir, "format", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(mod), formatMod("v0.2.0"); got != want {
		t.Errorf("format/go.mod =\n%s\nwant\n%s", got, want)
	}
	cl, err := os.ReadFile(filepath.Join(r.dir, "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	wantContains(t, string(cl),
		"# Changelog\n\nIntro.\n\n## v0.2.0 (2026-12-01)\n\n### core\n",
		"Incompatible API changes:\n\n- B: removed\n",
		"Changes since core/v0.1.0:\n\n- ",
		"core: drop B, add C\n",
		"### format\n\nAgainst format/v0.1.0: 0 incompatible, 0 compatible API changes",
	)
	// A second run finds everything done but still plans the tags.
	out, err = runRelease(t, r, "v0.2.0", true)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	wantContains(t, out, "requirements: fastio modules already at v0.2.0", "nothing to write")
}

func TestFirstRelease(t *testing.T) {
	r := newRepo(t, "")
	before := checksum(t, r)
	out, err := runRelease(t, r, "v0.1.0", true)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if checksum(t, r) != before {
		t.Error("dry run changed the tree")
	}
	wantContains(t, out,
		"compatibility: no previous release (no tag core/v*): first release; API surface: 1 package, 2 exported identifiers (0 types, 2 funcs",
		"### core\n\n    First release: 1 package, 2 exported identifiers",
		"funcs, 0 methods, 0 fields, 0 vars, 0 consts); commits so far: 1.",
		"git tag -a core/v0.1.0",
	)
}

func TestRefusals(t *testing.T) {
	r := newRepo(t, "v0.1.0")
	tests := []struct {
		version, want string
	}{
		{"0.2.0", "not a canonical semantic version"},
		{"v0.2", "not a canonical semantic version"},
		{"v0.2.0+meta", "not a canonical semantic version"},
		{"v2.0.0", "needs a /v2 suffix"},
		{"v0.1.0", "tag core/v0.1.0 exists already"},
		{"v0.0.9", "tag core/v0.1.0 is newer than v0.0.9"},
	}
	for _, tt := range tests {
		t.Run(tt.version, func(t *testing.T) {
			before := checksum(t, r)
			out, err := runRelease(t, r, tt.version, false)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run(%s) = %v, want an error containing %q\n%s", tt.version, err, tt.want, out)
			}
			if checksum(t, r) != before {
				t.Error("a refused release changed the tree")
			}
		})
	}
}

// TestCommandReleasedWithoutReplaces: a module with a command is written
// without its sibling replace directives, the printed commands restore them
// after the tags, in that order, and -restore gives back the go.mod of
// before the release at the new version.
func TestCommandReleasedWithoutReplaces(t *testing.T) {
	r := newRepo(t, "")
	r.write("format/cmd/tool/main.go", "package main\n\nfunc main() {}\n")
	r.git("add", ".")
	r.git("commit", "-q", "-m", "a command")
	out, err := runRelease(t, r, "v0.1.0", true)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	wantContains(t, out, "replace: the release commit drops 1 sibling replace directives (core), so that `go install "+prefix+"format/cmd/tool@v0.1.0` works")
	if strings.Contains(out, "== core") && strings.Contains(out[strings.Index(out, "== core"):strings.Index(out, "== format")], "replace") {
		t.Errorf("core (no replace, no command) has a replace line:\n%s", out)
	}

	out, err = runRelease(t, r, "v0.1.0", false)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mod, err := os.ReadFile(filepath.Join(r.dir, "format", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "module " + prefix + "format\n\ngo 1.26.0\n\nrequire " + prefix + "core v0.1.0\n"; string(mod) != want {
		t.Errorf("released format/go.mod =\n%s\nwant\n%s", mod, want)
	}
	steps := []string{
		"git commit -m 'release: v0.1.0' -- format/go.mod CHANGELOG.md",
		"git tag -a core/v0.1.0",
		"git tag -a format/v0.1.0",
		"(cd release && go run ./cmd/release -restore -root .. v0.1.0)",
		"git commit -m 'release: sibling replace directives back after v0.1.0' -- format/go.mod",
		"git push origin HEAD core/v0.1.0 format/v0.1.0",
	}
	at := 0
	for _, s := range steps {
		i := strings.Index(out[at:], s)
		if i < 0 {
			t.Fatalf("after byte %d the output lacks %q (steps out of order?):\n%s", at, s, out)
		}
		at += i + len(s)
	}

	var rout strings.Builder
	if err := Run(Options{Root: r.dir, Version: "v0.1.0", Restore: true, DryRun: true}, &rout); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(filepath.Join(r.dir, "format", "go.mod")); string(after) != string(mod) {
		t.Errorf("-restore -n wrote format/go.mod")
	}
	rout.Reset()
	if err := Run(Options{Root: r.dir, Version: "v0.1.0", Restore: true}, &rout); err != nil {
		t.Fatal(err)
	}
	wantContains(t, rout.String(), "format/go.mod: replace core by their folders",
		"git commit -m 'release: sibling replace directives back after v0.1.0' -- format/go.mod")
	mod, err = os.ReadFile(filepath.Join(r.dir, "format", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if want := formatMod("v0.1.0"); string(mod) != want {
		t.Errorf("restored format/go.mod =\n%s\nwant\n%s", mod, want)
	}
	rout.Reset()
	if err := Run(Options{Root: r.dir, Restore: true}, &rout); err != nil {
		t.Fatal(err)
	}
	wantContains(t, rout.String(), "nothing to restore")
}

func TestBreakInV1Refused(t *testing.T) {
	r := newRepo(t, "v1.0.0")
	out, err := runRelease(t, r, "v1.1.0", true)
	if err == nil || !strings.Contains(err.Error(), "breaks the API of core/v1.0.0 in the same major version") || !strings.Contains(err.Error(), "B: removed") {
		t.Errorf("Run(v1.1.0) = %v, want a refusal naming B\n%s", err, out)
	}
}
