package apicheck

import (
	"go/types"
	"path"
	"slices"
	"strings"

	"golang.org/x/exp/apidiff"
)

// List returns the exported API of package p, one line per exported
// identifier, sorted: its package-level types, funcs, vars and consts, the
// exported methods of its exported types (interface methods included) and
// the exported fields of its exported struct types. A line names the
// package by its path below the module's parent folder, so
// "core: func NewWriter(w io.Writer) *Writer", and says the identifier's
// full signature, so that a line that changes is a changed API.
func List(p *types.Package, modulePath string) []string {
	rel := strings.TrimPrefix(p.Path(), path.Dir(modulePath)+"/")
	qual := func(q *types.Package) string {
		if q == p {
			return ""
		}
		return q.Name()
	}
	var out []string
	add := func(s string) { out = append(out, rel+": "+s) }
	scope := p.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.TypeName:
			if obj.IsAlias() {
				add("type " + name + " = " + types.TypeString(types.Unalias(obj.Type()), qual))
				continue
			}
			add("type " + name + " " + types.TypeString(obj.Type().Underlying(), qual))
			named, ok := obj.Type().(*types.Named)
			if !ok {
				continue
			}
			for i := range named.NumMethods() {
				m := named.Method(i)
				if !m.Exported() {
					continue
				}
				sig := m.Type().(*types.Signature)
				recv := name
				if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
					recv = "*" + name
				}
				add("method (" + recv + ") " + m.Name() + strings.TrimPrefix(types.TypeString(sig, qual), "func"))
			}
			if it, ok := named.Underlying().(*types.Interface); ok {
				for i := range it.NumExplicitMethods() {
					m := it.ExplicitMethod(i)
					add("method (" + name + ") " + m.Name() + strings.TrimPrefix(types.TypeString(m.Type(), qual), "func"))
				}
			}
			if st, ok := named.Underlying().(*types.Struct); ok {
				for i := range st.NumFields() {
					if f := st.Field(i); f.Exported() {
						add("field " + name + "." + f.Name() + " " + types.TypeString(f.Type(), qual))
					}
				}
			}
		case *types.Func:
			add("func " + name + strings.TrimPrefix(types.TypeString(obj.Type(), qual), "func"))
		case *types.Var:
			add("var " + name + " " + types.TypeString(obj.Type(), qual))
		case *types.Const:
			add("const " + name + " " + types.TypeString(obj.Type(), qual) + " = " + obj.Val().ExactString())
		}
	}
	slices.Sort(out)
	return out
}

// ListModule is List for every package of m.
func ListModule(m *apidiff.Module) []string {
	var out []string
	for _, p := range m.Packages {
		out = append(out, List(p, m.Path)...)
	}
	return out
}

// Names counts the exported identifiers of each package of m, methods and
// fields included (the lines of List), by the package's path relative to
// the module's parent ("core", "core/coretest", "codec/record").
func Names(m *apidiff.Module) map[string]int {
	counts := map[string]int{}
	for _, line := range ListModule(m) {
		pkg, _, _ := strings.Cut(line, ": ")
		counts[pkg]++
	}
	return counts
}
