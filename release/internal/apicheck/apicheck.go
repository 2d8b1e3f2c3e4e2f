// Package apicheck loads the exported API of a module's packages from
// compiler export data and compares two versions of it with
// golang.org/x/exp/apidiff.
package apicheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"

	"golang.org/x/exp/apidiff"
)

// Load type-checks the public packages of the module at dir (those outside
// internal folders, other than commands and test-only folders) from the
// export data `go list -export` produces, building outside any workspace.
func Load(dir, modulePath string) (*apidiff.Module, error) {
	cmd := exec.Command("go", "list", "-e", "-export", "-deps",
		"-json=ImportPath,Name,Export,Standard,DepOnly,Module,Error,GoFiles", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("apicheck: go list in %s: %v\n%s", dir, err, stderr.Bytes())
	}
	type pkg struct {
		ImportPath string
		Name       string
		Export     string
		Standard   bool
		DepOnly    bool
		GoFiles    []string
		Module     *struct{ Path string }
		Error      *struct{ Err string }
	}
	exports := map[string]string{}
	var targets []string
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		if p.Export != "" {
			exports[p.ImportPath] = p.Export
		}
		if p.DepOnly || p.Module == nil || p.Module.Path != modulePath || !Public(p.ImportPath) || p.Name == "main" || len(p.GoFiles) == 0 {
			continue
		}
		if p.Error != nil {
			return nil, fmt.Errorf("apicheck: %s: %s", p.ImportPath, p.Error.Err)
		}
		targets = append(targets, p.ImportPath)
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("apicheck: no export data for %s", path)
		}
		return os.Open(f)
	})
	m := &apidiff.Module{Path: modulePath}
	slices.Sort(targets)
	for _, path := range targets {
		p, err := imp.Import(path)
		if err != nil {
			return nil, fmt.Errorf("apicheck: %s: %w", path, err)
		}
		m.Packages = append(m.Packages, p)
	}
	return m, nil
}

// Commands returns the import paths of the module's main packages outside
// internal folders: what a user would `go install path@version`.
func Commands(dir string) ([]string, error) {
	cmd := exec.Command("go", "list", "-e", "-f", "{{if eq .Name \"main\"}}{{.ImportPath}}{{end}}", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("apicheck: go list in %s: %v\n%s", dir, err, stderr.Bytes())
	}
	var cmds []string
	for _, p := range strings.Fields(string(out)) {
		if Public(p) {
			cmds = append(cmds, p)
		}
	}
	return cmds, nil
}

// Public reports whether a package path is importable from outside its
// module: no path element is "internal".
func Public(path string) bool {
	for _, e := range strings.Split(path, "/") {
		if e == "internal" {
			return false
		}
	}
	return true
}

// Surface counts the exported API of a module.
type Surface struct {
	Packages, Types, Funcs, Methods, Fields, Vars, Consts int
}

// Total is the number of exported identifiers, packages excluded.
func (s Surface) Total() int {
	return s.Types + s.Funcs + s.Methods + s.Fields + s.Vars + s.Consts
}

func (s Surface) String() string {
	pkgs := "packages"
	if s.Packages == 1 {
		pkgs = "package"
	}
	return fmt.Sprintf("%d %s, %d exported identifiers (%d types, %d funcs, %d methods, %d fields, %d vars, %d consts)",
		s.Packages, pkgs, s.Total(), s.Types, s.Funcs, s.Methods, s.Fields, s.Vars, s.Consts)
}

// Count returns the exported API surface of m: package-level names, the
// exported methods of exported types and the exported fields of exported
// struct types.
func Count(m *apidiff.Module) Surface {
	var s Surface
	for _, p := range m.Packages {
		s.Packages++
		scope := p.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			if !obj.Exported() {
				continue
			}
			switch obj := obj.(type) {
			case *types.TypeName:
				s.Types++
				if named, ok := obj.Type().(*types.Named); ok {
					for i := range named.NumMethods() {
						if named.Method(i).Exported() {
							s.Methods++
						}
					}
				}
				if st, ok := obj.Type().Underlying().(*types.Struct); ok {
					for i := range st.NumFields() {
						if st.Field(i).Exported() {
							s.Fields++
						}
					}
				}
				if it, ok := obj.Type().Underlying().(*types.Interface); ok && !obj.IsAlias() {
					s.Methods += it.NumExplicitMethods()
				}
			case *types.Func:
				s.Funcs++
			case *types.Var:
				s.Vars++
			case *types.Const:
				s.Consts++
			}
		}
	}
	return s
}

// Compare reports the API changes from old to new.
func Compare(old, new *apidiff.Module) apidiff.Report {
	return apidiff.ModuleChanges(old, new)
}

// Incompatible returns the breaking changes of r.
func Incompatible(r apidiff.Report) []string {
	var out []string
	for _, c := range r.Changes {
		if !c.Compatible {
			out = append(out, c.Message)
		}
	}
	return out
}

// Compatible returns the compatible changes (additions) of r.
func Compatible(r apidiff.Report) []string {
	var out []string
	for _, c := range r.Changes {
		if c.Compatible {
			out = append(out, c.Message)
		}
	}
	return out
}
