package flushcheck

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
)

// Summaries of the program's own functions, so that a writer passed to one
// is followed across the call and a function that returns a new writer is a
// constructor. They are computed from each function's body and exported as
// facts for the packages that import it.

// kind is what a function does with a writer passed to one of its
// parameters.
type kind uint8

const (
	kUse    kind = iota // writes to it, does not keep it: the caller still flushes it
	kFinish             // flushes or closes it
	kEscape             // keeps it, hands it on, or is not known
)

// paramsFact records the kind of each parameter of a function.
type paramsFact struct{ Kinds []kind }

func (*paramsFact) AFact() {}

func (f *paramsFact) String() string {
	s := "params("
	for i, k := range f.Kinds {
		if i > 0 {
			s += ","
		}
		s += [...]string{"use", "finish", "escape"}[k]
	}
	return s + ")"
}

// freshFact marks a function whose first writer result is always a writer
// it made (or nil): a constructor.
type freshFact struct{}

func (*freshFact) AFact()         {}
func (*freshFact) String() string { return "constructor" }

// pkgState holds the summaries of one package's functions.
type pkgState struct {
	pass   *analysis.Pass
	cfgs   *ctrlflow.CFGs
	decls  map[*types.Func]*ast.FuncDecl
	params map[*types.Func][]kind // nil while being computed
	fresh  map[*types.Func]*bool  // nil while being computed

	lits      map[*types.Var]*ast.FuncLit // local function values bound once
	litParams map[*ast.FuncLit][]kind     // nil while being computed
}

func newPkgState(pass *analysis.Pass, cfgs *ctrlflow.CFGs) *pkgState {
	st := &pkgState{pass: pass, cfgs: cfgs, decls: map[*types.Func]*ast.FuncDecl{},
		params: map[*types.Func][]kind{}, fresh: map[*types.Func]*bool{}}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					st.decls[fn] = fd
				}
			}
		}
	}
	return st
}

// checkerFor returns a checker of the function declaration or literal n.
func (st *pkgState) checkerFor(n ast.Node) *checker {
	c := &checker{st: st, pass: st.pass, cfgs: st.cfgs}
	switch f := n.(type) {
	case *ast.FuncDecl:
		if f.Body == nil {
			return nil
		}
		c.body, c.ftype, c.g = f.Body, f.Type, st.cfgs.FuncDecl(f)
		if obj, ok := st.pass.TypesInfo.Defs[f.Name].(*types.Func); ok {
			c.sig = obj.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		c.body, c.ftype, c.g = f.Body, f.Type, st.cfgs.FuncLit(f)
		c.sig, _ = st.pass.TypesInfo.TypeOf(f).(*types.Signature)
	}
	if c.g == nil || c.sig == nil {
		return nil
	}
	return c
}

// exportFacts summarizes every exported function of the package that
// takes or returns a writer, for the packages that call it.
func (st *pkgState) exportFacts() {
	for fn := range st.decls {
		if !fn.Exported() {
			continue
		}
		if ks := st.paramKinds(fn); ks != nil {
			for _, k := range ks {
				if k != kEscape {
					st.pass.ExportObjectFact(fn, &paramsFact{Kinds: ks})
					break
				}
			}
		}
		if st.isFresh(fn) {
			st.pass.ExportObjectFact(fn, new(freshFact))
		}
	}
}

// staticCallee returns the function or concrete method call calls, or nil
// for a call of a function value, an interface method, a builtin or a
// conversion.
func (st *pkgState) staticCallee(call *ast.CallExpr) *types.Func {
	fn, ok := typeutilCallee(st.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return nil
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := st.pass.TypesInfo.Selections[sel]; ok && types.IsInterface(s.Recv()) {
			return nil
		}
	}
	return fn.Origin()
}

// makesWriter reports whether call returns a tracked writer (first result).
func (st *pkgState) makesWriter(call *ast.CallExpr) bool {
	t := st.pass.TypesInfo.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
		t = tup.At(0).Type()
	}
	_, ok := writerType(t)
	return ok
}

// constructs reports whether call makes a new writer: a known constructor,
// or a function of the program that returns what a constructor made.
func (st *pkgState) constructs(call *ast.CallExpr) bool {
	if !st.makesWriter(call) {
		return false
	}
	fn := st.staticCallee(call)
	if fn == nil {
		return false
	}
	if knownConstructor(fn) {
		return true
	}
	if fn.Pkg() == st.pass.Pkg {
		return st.isFresh(fn)
	}
	return st.pass.ImportObjectFact(fn, new(freshFact))
}

// isFresh reports whether fn, a function of this package, returns as its
// first writer result only writers made by constructors, or nil.
func (st *pkgState) isFresh(fn *types.Func) bool {
	if r, ok := st.fresh[fn]; ok {
		return r != nil && *r
	}
	st.fresh[fn] = nil // a recursive call is not a constructor
	r := st.computeFresh(fn)
	st.fresh[fn] = &r
	return r
}

func (st *pkgState) computeFresh(fn *types.Func) bool {
	fd := st.decls[fn]
	if fd == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	res := sig.Results()
	at := -1
	for i := 0; i < res.Len(); i++ {
		if _, ok := writerType(res.At(i).Type()); ok {
			at = i
			break
		}
	}
	if at < 0 {
		return false
	}
	info := st.pass.TypesInfo
	// freshVar reports whether every value given to v is a constructor's
	// or nil.
	freshVar := func(v *types.Var) bool {
		ok, given := true, false
		give := func(rhs ast.Expr) {
			given = true
			rhs = ast.Unparen(rhs)
			if id, isID := rhs.(*ast.Ident); isID {
				if _, isNil := info.Uses[id].(*types.Nil); isNil {
					return
				}
			}
			if call, isCall := rhs.(*ast.CallExpr); !isCall || !st.constructs(call) {
				ok = false
			}
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.AssignStmt:
				for i, l := range s.Lhs {
					id, isID := ast.Unparen(l).(*ast.Ident)
					if !isID || info.ObjectOf(id) != v {
						continue
					}
					switch {
					case len(s.Lhs) == len(s.Rhs):
						give(s.Rhs[i])
					case len(s.Rhs) == 1 && i == 0:
						give(s.Rhs[0])
					default:
						ok = false
					}
				}
			case *ast.ValueSpec:
				for i, id := range s.Names {
					if info.ObjectOf(id) != v {
						continue
					}
					switch {
					case len(s.Names) == len(s.Values):
						give(s.Values[i])
					case len(s.Values) == 1 && i == 0:
						give(s.Values[0])
					case len(s.Values) == 0:
					default:
						ok = false
					}
				}
			case *ast.UnaryExpr:
				if id, isID := s.X.(*ast.Ident); isID && info.Uses[id] == v {
					ok = false // &w: set elsewhere
				}
			}
			return true
		})
		return ok && given
	}
	fresh := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !fresh {
			return false
		}
		switch r := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(r.Results) == 0:
				fresh = fresh && freshVar(res.At(at))
			case len(r.Results) != res.Len():
				call, ok := ast.Unparen(r.Results[0]).(*ast.CallExpr)
				fresh = ok && at == 0 && st.constructs(call)
			default:
				e := ast.Unparen(r.Results[at])
				switch e := e.(type) {
				case *ast.Ident:
					if _, isNil := info.Uses[e].(*types.Nil); isNil {
						return true
					}
					v, ok := info.Uses[e].(*types.Var)
					fresh = ok && v.Pos() > fd.Body.Pos() && v.Pos() < fd.Body.End() && freshVar(v) && !st.keptBesides(fd, v)
				case *ast.CallExpr:
					fresh = st.constructs(e)
				default:
					fresh = false
				}
			}
		}
		return true
	})
	return fresh
}

// literalOf returns the function literal that the function value e always
// holds: a local variable defined with one and never assigned again.
func (st *pkgState) literalOf(e ast.Expr) *ast.FuncLit {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := st.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == st.pass.Pkg.Scope() {
		return nil
	}
	if st.lits == nil {
		st.lits = map[*types.Var]*ast.FuncLit{}
		assigned := map[*types.Var]int{}
		for _, f := range st.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch s := n.(type) {
				case *ast.AssignStmt:
					for i, l := range s.Lhs {
						id, ok := ast.Unparen(l).(*ast.Ident)
						if !ok {
							continue
						}
						lv, ok := st.pass.TypesInfo.ObjectOf(id).(*types.Var)
						if !ok {
							continue
						}
						assigned[lv]++
						if len(s.Lhs) == len(s.Rhs) && s.Tok == token.DEFINE {
							if lit, ok := s.Rhs[i].(*ast.FuncLit); ok {
								st.lits[lv] = lit
							}
						}
					}
				case *ast.UnaryExpr:
					if id, ok := s.X.(*ast.Ident); ok && s.Op == token.AND {
						if lv, ok := st.pass.TypesInfo.Uses[id].(*types.Var); ok {
							assigned[lv] += 2 // &f: set elsewhere
						}
					}
				}
				return true
			})
		}
		for lv := range st.lits {
			if assigned[lv] != 1 {
				delete(st.lits, lv)
			}
		}
	}
	return st.lits[v]
}

// litKinds returns what the function literal lit does with each of its
// parameters, as paramKinds does for a declared function.
func (st *pkgState) litKinds(lit *ast.FuncLit) []kind {
	if ks, ok := st.litParams[lit]; ok {
		return ks
	}
	if st.litParams == nil {
		st.litParams = map[*ast.FuncLit][]kind{}
	}
	st.litParams[lit] = nil
	sig, _ := st.pass.TypesInfo.TypeOf(lit).(*types.Signature)
	var ks []kind
	if c := st.checkerFor(lit); c != nil && sig != nil {
		ks = st.kindsOf(c, sig)
	}
	st.litParams[lit] = ks
	return ks
}

// keptBesides reports whether the local v of the function fd, which it
// returns, is also kept or flushed elsewhere: captured by a closure that
// flushes it (a returned cleanup func), stored, or handed to a function.
// The function is then not a constructor: the writer comes with its own
// arrangement for being flushed.
func (st *pkgState) keptBesides(fd *ast.FuncDecl, v *types.Var) bool {
	c := st.checkerFor(fd)
	if c == nil {
		return true
	}
	c.collect()
	c.returnsOK = true
	return c.escapes(&tracked{v: v, name: v.Name()})
}

// paramKinds returns what fn, a function of this package, does with each
// of its parameters, or nil while it is being computed (a recursive call).
func (st *pkgState) paramKinds(fn *types.Func) []kind {
	if ks, ok := st.params[fn]; ok {
		return ks
	}
	st.params[fn] = nil
	ks := st.computeParams(fn)
	st.params[fn] = ks
	return ks
}

func (st *pkgState) computeParams(fn *types.Func) []kind {
	sig := fn.Type().(*types.Signature)
	if fd := st.decls[fn]; fd != nil {
		if c := st.checkerFor(fd); c != nil {
			return st.kindsOf(c, sig)
		}
	}
	ks := make([]kind, sig.Params().Len())
	for i := range ks {
		ks[i] = kEscape
	}
	return ks
}

// kindsOf returns what the function of checker c, of signature sig, does
// with each of its parameters.
func (st *pkgState) kindsOf(c *checker, sig *types.Signature) []kind {
	ks := make([]kind, sig.Params().Len())
	for i := range ks {
		ks[i] = kEscape
	}
	c.collect()
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		t := p.Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			continue
		}
		tn, isWriter := writerType(t)
		_, isParam := types.Unalias(t).(*types.TypeParam)
		if !isWriter && !isParam && !types.IsInterface(t) {
			continue
		}
		w := &tracked{v: p, tn: tn, name: p.Name()}
		if !isWriter {
			w.tn = nil
		}
		// Writers the function makes over the parameter.
		for _, x := range c.ws {
			for _, a := range x.call.Args {
				if c.is(a, w) {
					w.wrappers = append(w.wrappers, x)
				}
			}
		}
		switch {
		case c.escapes(w):
		case c.finishes(c.body, w):
			ks[i] = kFinish
		default:
			ks[i] = kUse
		}
	}
	return ks
}

// argKind returns what the function call calls does with its argument arg.
func (st *pkgState) argKind(call *ast.CallExpr, arg ast.Node) kind {
	idx := -1
	for i, a := range call.Args {
		if a == arg {
			idx = i
		}
	}
	if idx < 0 || call.Ellipsis.IsValid() {
		return kEscape
	}
	fn := st.staticCallee(call)
	if fn != nil && fn.Pkg() != nil && fastioLibrary(fn.Pkg().Path()) {
		if fastioFinishers[fn.Pkg().Path()][fn.Name()] {
			return kFinish
		}
		if fastioKeepers[fn.Pkg().Path()][fn.Name()] {
			return kEscape
		}
		return kUse
	}
	// The parameter's declared type: a type parameter stays one.
	var sig *types.Signature
	if fn != nil {
		sig = fn.Type().(*types.Signature)
	} else {
		sig, _ = types.Unalias(st.pass.TypesInfo.TypeOf(call.Fun)).Underlying().(*types.Signature)
	}
	if sig == nil {
		return kEscape // a conversion or a builtin
	}
	params := sig.Params()
	pi := idx
	if sig.Variadic() && idx >= params.Len()-1 {
		pi = params.Len() - 1
	}
	if pi >= params.Len() {
		return kEscape
	}
	pt := params.At(pi).Type()
	if sig.Variadic() && pi == params.Len()-1 {
		if s, ok := pt.(*types.Slice); ok {
			pt = s.Elem()
		}
	}
	if iface, ok := pt.Underlying().(*types.Interface); ok && !iface.Empty() {
		flushes := false
		for i := 0; i < iface.NumMethods(); i++ {
			switch iface.Method(i).Name() {
			case "Flush", "Close", "Reset":
				flushes = true
			}
		}
		if !flushes {
			return kUse // io.Writer, io.StringWriter...: it cannot flush
		}
	}
	if fn == nil {
		// A function value: followed when it is a local variable given a
		// function literal once (render := func(w *bufio.Writer) {...}).
		if lit := st.literalOf(call.Fun); lit != nil && !(sig.Variadic() && pi == params.Len()-1) {
			if ks := st.litKinds(lit); pi < len(ks) {
				return ks[pi]
			}
		}
		return kEscape
	}
	if sig.Variadic() && pi == params.Len()-1 {
		return kEscape
	}
	var ks []kind
	if fn.Pkg() == st.pass.Pkg {
		if ks = st.paramKinds(fn); ks == nil {
			// A recursive call (a tree printer calling itself): what the
			// function does with the writer is decided by the rest of its
			// body.
			return kUse
		}
	} else {
		var f paramsFact
		if st.pass.ImportObjectFact(fn, &f) {
			ks = f.Kinds
		}
	}
	if pi < len(ks) {
		return ks[pi]
	}
	return kEscape
}
