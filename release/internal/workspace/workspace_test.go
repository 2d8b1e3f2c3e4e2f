package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func mod(name string, requires ...string) string {
	s := "module " + Prefix + name + "\n\ngo 1.26.0\n"
	for _, r := range requires {
		s += "\nrequire " + r + "\n"
	}
	return s
}

func TestLoadOrder(t *testing.T) {
	root := writeTree(t, map[string]string{
		"go.work":       "go 1.26.0\n\nuse (\n\t./app\n\t./format\n\t./core\n\t./codec\n)\n",
		"app/go.mod":    mod("app", Prefix+"format v0.1.0", Prefix+"codec v0.1.0", "golang.org/x/text v0.44.0"),
		"format/go.mod": mod("format", Prefix+"core v0.1.0"),
		"codec/go.mod":  mod("codec", Prefix+"core v0.1.0"),
		"core/go.mod":   mod("core"),
	})
	sub := filepath.Join(root, "app", "deep")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	found, err := FindRoot(sub)
	if err != nil || found != root {
		t.Fatalf("FindRoot = %q, %v; want %q", found, err, root)
	}
	ws, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range ws.Modules {
		names = append(names, m.Name)
	}
	// Dependencies first, ties by name.
	if got, want := strings.Join(names, " "), "core codec format app"; got != want {
		t.Errorf("order = %s, want %s", got, want)
	}
	app := ws.Module(Prefix + "app")
	if app == nil {
		t.Fatal("Module(app) = nil")
	}
	if got := strings.Join(app.Siblings(), " "); got != Prefix+"codec "+Prefix+"format" {
		t.Errorf("Siblings = %s", got)
	}
	if tp := app.ThirdParty(); len(tp) != 1 || tp[0].Mod.Path != "golang.org/x/text" {
		t.Errorf("ThirdParty = %v", tp)
	}
	var closure []string
	for _, m := range ws.Closure(ws.Module(Prefix + "format")) {
		closure = append(closure, m.Name)
	}
	if got := strings.Join(closure, " "); got != "core format" {
		t.Errorf("Closure(format) = %s, want core format", got)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"cycle", map[string]string{
			"go.work":  "go 1.26.0\n\nuse (\n\t./a\n\t./b\n)\n",
			"a/go.mod": mod("a", Prefix+"b v0.1.0"),
			"b/go.mod": mod("b", Prefix+"a v0.1.0"),
		}, "requirement cycle: a -> b -> a"},
		{"unknown sibling", map[string]string{
			"go.work":  "go 1.26.0\n\nuse ./a\n",
			"a/go.mod": mod("a", Prefix+"core v0.1.0"),
		}, "a requires " + Prefix + "core, which go.work does not use"},
		{"missing go.mod", map[string]string{
			"go.work": "go 1.26.0\n\nuse ./gone\n",
		}, "go.work uses ./gone"},
		{"no module", map[string]string{
			"go.work": "go 1.26.0\n",
		}, "go.work uses no module"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(writeTree(t, tt.files))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load = %v, want an error containing %q", err, tt.want)
			}
		})
	}
	if _, err := FindRoot(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no go.work") {
		t.Errorf("FindRoot without go.work = %v", err)
	}
}
