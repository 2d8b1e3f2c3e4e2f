// Package workspace reads the repository's go.work and the go.mod of each
// module it lists, and orders the modules so that a module comes after every
// fastio module it requires.
package workspace

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// Prefix is the import-path prefix shared by every fastio module.
const Prefix = "github.com/fastio-go/fastio/"

// Module is one module of the workspace.
type Module struct {
	Name    string        // folder name relative to the root, e.g. "core"
	Dir     string        // absolute folder
	Path    string        // module path
	ModFile string        // absolute path of go.mod
	File    *modfile.File // parsed go.mod
}

// Siblings returns the fastio modules that m requires, sorted by path.
func (m *Module) Siblings() []string {
	var s []string
	for _, r := range m.File.Require {
		if strings.HasPrefix(r.Mod.Path, Prefix) {
			s = append(s, r.Mod.Path)
		}
	}
	slices.Sort(s)
	return s
}

// ThirdParty returns the requirements of m that are not fastio modules, with
// their versions, in go.mod order.
func (m *Module) ThirdParty() []*modfile.Require {
	var s []*modfile.Require
	for _, r := range m.File.Require {
		if !strings.HasPrefix(r.Mod.Path, Prefix) {
			s = append(s, r)
		}
	}
	return s
}

// Workspace is the set of modules listed by a go.work file.
type Workspace struct {
	Root    string    // folder holding go.work
	Modules []*Module // in dependency order: every module after the fastio modules it requires
}

// FindRoot returns the nearest folder at or above dir that holds a go.work file.
func FindRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.work")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("workspace: no go.work at or above %s", dir)
		}
		d = parent
	}
}

// Load parses root/go.work and every go.mod it lists.
func Load(root string) (*Workspace, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	name := filepath.Join(root, "go.work")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	wf, err := modfile.ParseWork(name, data, nil)
	if err != nil {
		return nil, err
	}
	var mods []*Module
	for _, u := range wf.Use {
		dir := filepath.Join(root, filepath.FromSlash(u.Path))
		gomod := filepath.Join(dir, "go.mod")
		data, err := os.ReadFile(gomod)
		if err != nil {
			return nil, fmt.Errorf("workspace: go.work uses %s: %w", u.Path, err)
		}
		f, err := modfile.Parse(gomod, data, nil)
		if err != nil {
			return nil, err
		}
		if f.Module == nil {
			return nil, fmt.Errorf("workspace: %s has no module line", gomod)
		}
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			return nil, err
		}
		mods = append(mods, &Module{Name: filepath.ToSlash(rel), Dir: dir, Path: f.Module.Mod.Path, ModFile: gomod, File: f})
	}
	ordered, err := order(mods)
	if err != nil {
		return nil, err
	}
	return &Workspace{Root: root, Modules: ordered}, nil
}

// Module returns the module with the given path, or nil.
func (w *Workspace) Module(path string) *Module {
	for _, m := range w.Modules {
		if m.Path == path {
			return m
		}
	}
	return nil
}

// Closure returns m and every fastio module it requires, directly or not,
// in dependency order.
func (w *Workspace) Closure(m *Module) []*Module {
	need := map[string]bool{m.Path: true}
	// Modules are in dependency order, so one backward pass sees every
	// requirer before what it requires.
	for i := len(w.Modules) - 1; i >= 0; i-- {
		if mm := w.Modules[i]; need[mm.Path] {
			for _, s := range mm.Siblings() {
				need[s] = true
			}
		}
	}
	var out []*Module
	for _, mm := range w.Modules {
		if need[mm.Path] {
			out = append(out, mm)
		}
	}
	return out
}

// order sorts modules topologically by their fastio requirements, breaking
// ties by name so that the order is stable.
func order(mods []*Module) ([]*Module, error) {
	slices.SortFunc(mods, func(a, b *Module) int { return strings.Compare(a.Name, b.Name) })
	byPath := map[string]*Module{}
	for _, m := range mods {
		byPath[m.Path] = m
	}
	const (
		unseen = iota
		visiting
		done
	)
	state := map[string]int{}
	var out []*Module
	var visit func(m *Module, chain []string) error
	visit = func(m *Module, chain []string) error {
		switch state[m.Path] {
		case done:
			return nil
		case visiting:
			return fmt.Errorf("workspace: requirement cycle: %s", strings.Join(append(chain, m.Name), " -> "))
		}
		state[m.Path] = visiting
		for _, s := range m.Siblings() {
			dep, ok := byPath[s]
			if !ok {
				return fmt.Errorf("workspace: %s requires %s, which go.work does not use", m.Name, s)
			}
			if err := visit(dep, append(chain, m.Name)); err != nil {
				return err
			}
		}
		state[m.Path] = done
		out = append(out, m)
		return nil
	}
	for _, m := range mods {
		if err := visit(m, nil); err != nil {
			return nil, err
		}
	}
	if len(out) == 0 {
		return nil, errors.New("workspace: go.work uses no module")
	}
	return out, nil
}
