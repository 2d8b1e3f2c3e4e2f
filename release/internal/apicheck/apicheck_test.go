package apicheck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26.0\n"
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

const oldSrc = `package m

// T is a type.
type T struct{ A, b int }

// M is a method.
func (T) M() {}

// I is an interface.
type I interface{ X() }

// F is a func.
func F() {}

// V is a var.
var V int

// C is a const.
const C = 1
`

func TestLoadCount(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"m.go":               oldSrc,
		"internal/x/x.go":    "package x\n\n// Hidden is not public API.\nfunc Hidden() {}\n",
		"cmd/tool/main.go":   "package main\n\nfunc main() {}\n",
		"testonly/a_test.go": "package testonly\n",
	})
	m, err := Load(dir, "example.com/m")
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, p := range m.Packages {
		paths = append(paths, p.Path())
	}
	if !slices.Equal(paths, []string{"example.com/m"}) {
		t.Errorf("packages = %v, want only example.com/m", paths)
	}
	cmds, err := Commands(dir)
	if err != nil || !slices.Equal(cmds, []string{"example.com/m/cmd/tool"}) {
		t.Errorf("Commands = %v, %v; want [example.com/m/cmd/tool]", cmds, err)
	}
	got := Count(m)
	want := Surface{Packages: 1, Types: 2, Funcs: 1, Methods: 2, Fields: 1, Vars: 1, Consts: 1}
	if got != want {
		t.Errorf("Count = %+v, want %+v", got, want)
	}
	if s := got.String(); s != "1 package, 8 exported identifiers (2 types, 1 funcs, 2 methods, 1 fields, 1 vars, 1 consts)" {
		t.Errorf("String = %q", s)
	}
}

func TestCompare(t *testing.T) {
	old, err := Load(writeModule(t, map[string]string{"m.go": oldSrc}), "example.com/m")
	if err != nil {
		t.Fatal(err)
	}
	newSrc := strings.Replace(oldSrc, "func F() {}", "func F(n int) {}\n\n// G is new.\nfunc G() {}", 1)
	cur, err := Load(writeModule(t, map[string]string{"m.go": newSrc, "extra/e.go": "package extra\n"}), "example.com/m")
	if err != nil {
		t.Fatal(err)
	}
	rep := Compare(old, cur)
	inc, comp := Incompatible(rep), Compatible(rep)
	if len(inc) != 1 || !strings.Contains(inc[0], "F: changed from func() to func(int)") {
		t.Errorf("incompatible = %q", inc)
	}
	if !slices.ContainsFunc(comp, func(s string) bool { return strings.Contains(s, "G: added") }) ||
		!slices.ContainsFunc(comp, func(s string) bool { return strings.Contains(s, "package example.com/m/extra: added") }) {
		t.Errorf("compatible = %q", comp)
	}
	if r := Compare(old, old); len(r.Changes) != 0 {
		t.Errorf("Compare(old, old) = %v", r.Changes)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := writeModule(t, map[string]string{"m.go": "package m\n\nfunc F() { undefined() }\n"})
	if _, err := Load(dir, "example.com/m"); err == nil || !strings.Contains(err.Error(), "undefined") {
		t.Errorf("Load of a broken package = %v, want the compile error", err)
	}
	if _, err := Load(filepath.Join(dir, "missing"), "example.com/m"); err == nil {
		t.Error("Load of a missing folder succeeded")
	}
	for path, want := range map[string]bool{"a/b": true, "a/internal": false, "a/internal/b": false, "internalx/b": true} {
		if Public(path) != want {
			t.Errorf("Public(%q) = %v", path, !want)
		}
	}
}
