package modproxy

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func writeModule(t *testing.T, dir, gomod string, files map[string]string) {
	t.Helper()
	files["go.mod"] = gomod
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func zipNames(t *testing.T, name string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		b.ReadFrom(r)
		r.Close()
		out[f.Name] = b.String()
	}
	return out
}

func TestWriteLayout(t *testing.T) {
	src := t.TempDir()
	gomod := "module example.com/Upper/m\n\ngo 1.26.0\n"
	writeModule(t, src, gomod, map[string]string{
		"m.go":              "package m\n",
		"sub/sub.go":        "package sub\n",
		"nested/go.mod":     "module example.com/Upper/m/nested\n",
		"nested/nested.go":  "package nested\n",
		"testdata/data.txt": "kept\n",
	})
	proxy := t.TempDir()
	when := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	if err := Write(proxy, []Version{
		{Path: "example.com/Upper/m", Version: "v0.2.0", Dir: src, Time: when},
		{Path: "example.com/Upper/m", Version: "v0.1.0", Dir: src, Time: when},
	}); err != nil {
		t.Fatal(err)
	}
	// Upper-case letters are escaped as !lower in proxy paths.
	vdir := filepath.Join(proxy, "example.com", "!upper", "m", "@v")
	list, err := os.ReadFile(filepath.Join(vdir, "list"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(list), "v0.1.0\nv0.2.0\n"; got != want {
		t.Errorf("list = %q, want %q", got, want)
	}
	mod, err := os.ReadFile(filepath.Join(vdir, "v0.1.0.mod"))
	if err != nil || string(mod) != gomod {
		t.Errorf(".mod = %q, %v; want %q", mod, err, gomod)
	}
	var info struct {
		Version string
		Time    time.Time
	}
	data, err := os.ReadFile(filepath.Join(vdir, "v0.1.0.info"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &info); err != nil || info.Version != "v0.1.0" || !info.Time.Equal(when) {
		t.Errorf(".info = %s (%v)", data, err)
	}
	files := zipNames(t, filepath.Join(vdir, "v0.1.0.zip"))
	prefix := "example.com/Upper/m@v0.1.0/"
	for _, name := range []string{"go.mod", "m.go", "sub/sub.go", "testdata/data.txt"} {
		if _, ok := files[prefix+name]; !ok {
			t.Errorf("zip lacks %s; has %v", name, files)
		}
	}
	for name := range files {
		if strings.Contains(name, "nested") {
			t.Errorf("zip holds %s, a file of a nested module", name)
		}
	}
}

func TestWriteGoModOverride(t *testing.T) {
	src := t.TempDir()
	writeModule(t, src, "module example.com/m\n\ngo 1.26.0\n", map[string]string{"m.go": "package m\n"})
	changed := "module example.com/m\n\ngo 1.26.0\n\nrequire example.com/dep v0.9.0\n"
	proxy := t.TempDir()
	if err := Write(proxy, []Version{{Path: "example.com/m", Version: "v1.0.0", Dir: src, Time: time.Now(), GoMod: []byte(changed)}}); err != nil {
		t.Fatal(err)
	}
	vdir := filepath.Join(proxy, "example.com", "m", "@v")
	mod, _ := os.ReadFile(filepath.Join(vdir, "v1.0.0.mod"))
	if string(mod) != changed {
		t.Errorf(".mod = %q, want the override", mod)
	}
	files := zipNames(t, filepath.Join(vdir, "v1.0.0.zip"))
	if got := files["example.com/m@v1.0.0/go.mod"]; got != changed {
		t.Errorf("zip go.mod = %q, want the override", got)
	}
	if got := files["example.com/m@v1.0.0/m.go"]; got != "package m\n" {
		t.Errorf("zip m.go = %q", got)
	}
}

func TestWriteBadVersion(t *testing.T) {
	src := t.TempDir()
	writeModule(t, src, "module example.com/m\n", map[string]string{})
	for _, v := range []string{"0.1.0", "v0.1", "latest", ""} {
		err := Write(t.TempDir(), []Version{{Path: "example.com/m", Version: v, Dir: src}})
		if err == nil || !strings.Contains(err.Error(), "not a canonical semantic version") {
			t.Errorf("Write(version %q) = %v, want a canonical-version error", v, err)
		}
	}
	err := Write(t.TempDir(), []Version{{Path: "example.com/m", Version: "v0.1.0", Dir: filepath.Join(src, "missing")}})
	if err == nil {
		t.Error("Write of a missing folder succeeded")
	}
}
