package workspace

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// WithoutSiblingReplaces returns m's go.mod without its replace directives
// of fastio modules by a local folder (`replace …/core => ../core`), and the
// module paths they replaced, sorted; other replace directives stay. A
// release tags a command's module in this form: `go install path@version`
// refuses a module whose go.mod has any replace directive. The returned
// file is nil when there is nothing to drop.
func (m *Module) WithoutSiblingReplaces(data []byte) ([]byte, []string, error) {
	f, err := modfile.Parse(m.ModFile, data, nil)
	if err != nil {
		return nil, nil, err
	}
	var dropped []string
	for _, r := range slices.Clone(f.Replace) {
		if strings.HasPrefix(r.Old.Path, Prefix) && r.New.Version == "" && modfile.IsDirectoryPath(r.New.Path) {
			path := r.Old.Path
			if err := f.DropReplace(path, r.Old.Version); err != nil {
				return nil, nil, err
			}
			dropped = append(dropped, path)
		}
	}
	if len(dropped) == 0 {
		return nil, nil, nil
	}
	f.Cleanup()
	out, err := f.Format()
	if err != nil {
		return nil, nil, err
	}
	slices.Sort(dropped)
	return out, dropped, nil
}

// WithSiblingReplaces returns data, m's go.mod, with a replace directive by
// its folder in the workspace (relative to m) for every fastio module it
// requires and does not replace yet, and the module paths it added, sorted:
// the form every go.mod has between releases, so that a GOWORK=off build
// uses the sibling folders. The returned file is nil when nothing is
// missing.
func (w *Workspace) WithSiblingReplaces(m *Module, data []byte) ([]byte, []string, error) {
	f, err := modfile.Parse(m.ModFile, data, nil)
	if err != nil {
		return nil, nil, err
	}
	replaced := map[string]bool{}
	for _, r := range f.Replace {
		replaced[r.Old.Path] = true
	}
	var added []string
	for _, r := range f.Require {
		if !strings.HasPrefix(r.Mod.Path, Prefix) || replaced[r.Mod.Path] {
			continue
		}
		dep := w.Module(r.Mod.Path)
		if dep == nil {
			return nil, nil, fmt.Errorf("workspace: %s requires %s, which go.work does not use", m.Name, r.Mod.Path)
		}
		rel, err := filepath.Rel(m.Dir, dep.Dir)
		if err != nil {
			return nil, nil, err
		}
		rel = filepath.ToSlash(rel)
		if !strings.HasPrefix(rel, ".") {
			rel = "./" + rel
		}
		if err := f.AddReplace(r.Mod.Path, "", rel, ""); err != nil {
			return nil, nil, err
		}
		added = append(added, r.Mod.Path)
	}
	if len(added) == 0 {
		return nil, nil, nil
	}
	f.Cleanup()
	out, err := f.Format()
	if err != nil {
		return nil, nil, err
	}
	slices.Sort(added)
	return out, added, nil
}
