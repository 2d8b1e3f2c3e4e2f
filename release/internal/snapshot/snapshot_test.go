package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/release/internal/workspace"
	"golang.org/x/mod/modfile"
)

func testModule(t *testing.T, name, gomod string) *workspace.Module {
	t.Helper()
	f, err := modfile.Parse(name+"/go.mod", []byte(gomod), nil)
	if err != nil {
		t.Fatal(err)
	}
	return &workspace.Module{Name: name, Dir: t.TempDir(), Path: f.Module.Mod.Path, File: f}
}

func TestVersion(t *testing.T) {
	core := testModule(t, "core", "module github.com/fastio-go/fastio/core\n")
	format := testModule(t, "format", "module github.com/fastio-go/fastio/format\nrequire github.com/fastio-go/fastio/core v0.2.0\n")
	pseudo := testModule(t, "codec", "module github.com/fastio-go/fastio/codec\nrequire github.com/fastio-go/fastio/core v0.0.0-00010101000000-000000000000\n")
	other := testModule(t, "unicode", "module github.com/fastio-go/fastio/unicode\nrequire github.com/fastio-go/fastio/core v0.1.0\n")
	tests := []struct {
		name string
		mods []*workspace.Module
		want string // version, or a part of the error
	}{
		{"agree", []*workspace.Module{core, format}, "v0.2.0"},
		{"pseudo-version", []*workspace.Module{core, pseudo}, "a pseudo-version"},
		{"disagree", []*workspace.Module{core, format, other}, "others require fastio modules at v0.2.0"},
		{"no sibling", []*workspace.Module{core}, "no release version"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Version(&workspace.Workspace{Modules: tt.mods})
			if strings.HasPrefix(tt.want, "v") {
				if err != nil || v != tt.want {
					t.Fatalf("Version = %q, %v; want %s", v, err, tt.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Version = %q, %v; want an error containing %q", v, err, tt.want)
			}
		})
	}
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCopyThirdParty(t *testing.T) {
	m := testModule(t, "unicode", "module github.com/fastio-go/fastio/unicode\n")
	sums := "example.com/Big v1.0.0 h1:zip=\n" +
		"example.com/Big v1.0.0/go.mod h1:mod=\n" +
		"example.com/modonly v0.3.0/go.mod h1:mod3=\n" +
		"github.com/fastio-go/fastio/core v0.1.0/go.mod h1:core=\n"
	writeFiles(t, m.Dir, map[string]string{"go.sum": sums})
	cache := t.TempDir()
	writeFiles(t, cache, map[string]string{
		"example.com/!big/@v/v1.0.0.mod":      "module example.com/Big\n",
		"example.com/!big/@v/v1.0.0.info":     `{"Version":"v1.0.0"}`,
		"example.com/!big/@v/v1.0.0.zip":      "zip bytes",
		"example.com/modonly/@v/v0.3.0.mod":   "module example.com/modonly\n",
		"example.com/unrelated/@v/v9.0.0.mod": "module example.com/unrelated\n",
	})
	dir := t.TempDir()
	n, err := CopyThirdParty(dir, cache, []*workspace.Module{m})
	if err != nil || n != 2 {
		t.Fatalf("CopyThirdParty = %d, %v; want 2 module versions", n, err)
	}
	want := map[string]string{
		"example.com/!big/@v/v1.0.0.mod":    "module example.com/Big\n",
		"example.com/!big/@v/v1.0.0.zip":    "zip bytes",
		"example.com/!big/@v/list":          "v1.0.0\n",
		"example.com/modonly/@v/v0.3.0.mod": "module example.com/modonly\n",
		"go.sum":                            "example.com/Big v1.0.0 h1:zip=\nexample.com/Big v1.0.0/go.mod h1:mod=\nexample.com/modonly v0.3.0/go.mod h1:mod3=\n",
	}
	for name, w := range want {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || string(got) != w {
			t.Errorf("%s = %q, %v; want %q", name, got, err, w)
		}
	}
	for _, name := range []string{"example.com/modonly/@v/list", "example.com/unrelated", "github.com/fastio-go"} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name))); err == nil {
			t.Errorf("%s written; want it absent", name)
		}
	}

	// A version whose go.mod the cache lacks is named.
	writeFiles(t, m.Dir, map[string]string{"go.sum": sums + "example.com/gone v1.2.3/go.mod h1:x=\n"})
	if _, err := CopyThirdParty(t.TempDir(), cache, []*workspace.Module{m}); err == nil || !strings.Contains(err.Error(), "example.com/gone@v1.2.3") || !strings.Contains(err.Error(), "go mod download") {
		t.Errorf("CopyThirdParty with a version missing from the cache: %v; want an error naming it and go mod download", err)
	}
}
