package workspace

import (
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

// replaces returns the replace directives of a go.mod as "old => new" lines.
func replaces(t *testing.T, data []byte) []string {
	t.Helper()
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	var out []string
	for _, r := range f.Replace {
		old, new := r.Old.Path, r.New.Path
		if r.Old.Version != "" {
			old += " " + r.Old.Version
		}
		if r.New.Version != "" {
			new += " " + r.New.Version
		}
		out = append(out, old+" => "+new)
	}
	slices.Sort(out)
	return out
}

func TestSiblingReplaces(t *testing.T) {
	const head = "module " + Prefix + "app\n\ngo 1.26.0\n\nrequire (\n\t" + Prefix + "core v0.1.0\n\t" + Prefix + "format v0.1.0\n\texample.com/x v1.0.0\n)\n"
	tests := []struct {
		name      string
		replace   string   // the go.mod's replace directives
		dropped   []string // module paths WithoutSiblingReplaces drops
		remaining []string // the replace directives left
		added     []string // what WithSiblingReplaces then adds back
	}{
		{"block", "\nreplace (\n\t" + Prefix + "core => ../core\n\t" + Prefix + "format => ../format\n)\n",
			[]string{Prefix + "core", Prefix + "format"}, nil, []string{Prefix + "core", Prefix + "format"}},
		{"lines", "\nreplace " + Prefix + "core => ../core\n\nreplace " + Prefix + "format => ../format\n",
			[]string{Prefix + "core", Prefix + "format"}, nil, []string{Prefix + "core", Prefix + "format"}},
		{"third-party and versioned replaces stay", "\nreplace example.com/x => ../x\n\nreplace " + Prefix + "core => " + Prefix + "core v0.0.9\n\nreplace " + Prefix + "format => ../format\n",
			[]string{Prefix + "format"},
			[]string{"example.com/x => ../x", Prefix + "core => " + Prefix + "core v0.0.9"},
			[]string{Prefix + "format"}},
		{"none", "", nil, nil, []string{Prefix + "core", Prefix + "format"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orig := head + tt.replace
			root := writeTree(t, map[string]string{
				"go.work":     "go 1.26.0\n\nuse (\n\t./app\n\t./core\n\t./lib/format\n)\n",
				"app/go.mod":  orig,
				"core/go.mod": mod("core"),
				// A module whose folder is not its last path element.
				"lib/format/go.mod": mod("format", Prefix+"core v0.1.0"),
			})
			ws, err := Load(root)
			if err != nil {
				t.Fatal(err)
			}
			app := ws.Module(Prefix + "app")
			stripped, dropped, err := app.WithoutSiblingReplaces([]byte(orig))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(dropped, tt.dropped) {
				t.Errorf("dropped %q, want %q", dropped, tt.dropped)
			}
			if tt.dropped == nil {
				if stripped != nil {
					t.Errorf("nothing to drop, but a new go.mod:\n%s", stripped)
				}
				stripped = []byte(orig)
			}
			if got := replaces(t, stripped); !slices.Equal(got, tt.remaining) {
				t.Errorf("replace directives left %q, want %q\n%s", got, tt.remaining, stripped)
			}
			if !strings.Contains(string(stripped), "example.com/x v1.0.0") || !strings.Contains(string(stripped), Prefix+"format v0.1.0") {
				t.Errorf("requirements lost:\n%s", stripped)
			}
			restored, added, err := ws.WithSiblingReplaces(app, stripped)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(added, tt.added) {
				t.Errorf("added %q, want %q", added, tt.added)
			}
			got := replaces(t, restored)
			for _, want := range []string{Prefix + "format => ../lib/format"} {
				if !slices.Contains(got, want) {
					t.Errorf("restored replace directives %q lack %q", got, want)
				}
			}
			if tt.name != "third-party and versioned replaces stay" && tt.name != "none" {
				if want := replaces(t, []byte(orig)); !slices.Equal(got, []string{Prefix + "core => ../core", Prefix + "format => ../lib/format"}) {
					t.Errorf("restored %q, want %q's folders", got, want)
				}
			}
			// Restoring twice adds nothing.
			again, added, err := ws.WithSiblingReplaces(app, restored)
			if err != nil || again != nil || added != nil {
				t.Errorf("second restore = %q, %q, %v; want nothing", again, added, err)
			}
		})
	}
}

// TestRepositoryRoundTrip: for every module of this repository, dropping the
// sibling replace directives and restoring them gives the same directives.
func TestRepositoryRoundTrip(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	ws, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ws.Modules {
		data, err := os.ReadFile(m.ModFile)
		if err != nil {
			t.Fatal(err)
		}
		stripped, _, err := m.WithoutSiblingReplaces(data)
		if err != nil {
			t.Fatal(err)
		}
		if stripped == nil {
			stripped = data
		}
		restored, _, err := ws.WithSiblingReplaces(m, stripped)
		if err != nil {
			t.Fatal(err)
		}
		if restored == nil {
			restored = stripped
		}
		if got, want := replaces(t, restored), replaces(t, data); !slices.Equal(got, want) {
			t.Errorf("%s: restored replace directives %q, want %q", m.Name, got, want)
		}
	}
}
