// Package flushcheck defines an analyzer that reports buffered writers whose
// buffered output can be lost: a *bufio.Writer or a fastio writer (core.Writer,
// device files and Stdout, unicode, compress, record and crypto writers)
// created in a function and not flushed or closed on some path to its return,
// and a final Flush or Close whose error is ignored.
//
// Forgetting Flush loses the tail of the output silently: the program exits
// or the writer is dropped with bytes still in its buffer, and nothing fails.
// An ignored error of the last Flush or Close loses the one report of a full
// disk or a closed pipe.
//
// The analysis is local to each function and conservative. A writer that
// leaves the function — returned, stored in a variable, field, composite
// literal or channel, captured by a closure, passed to a function whose
// parameter is not a plain writer interface (it may flush it), or taken
// by address — is the receiver's responsibility and is not reported. A path
// that returns a non-nil error is not reported either: the caller learns of
// the failure anyway, and neither is the branch of an "if err != nil". Paths
// ending in a call that does not return (os.Exit, log.Fatal, panic) are not
// followed, except that os.Exit and log.Fatal reached while the writer's
// Flush or Close is deferred are reported: they end the program without
// running deferred calls. A loop that flushes in its body is
// taken to run. Reset counts as a deliberate discard.
//
// Paths are followed without evaluating conditions, so two branches on the
// same condition ("if ok { w.Flush() }" then "if !ok { return }") can give a
// report for a path that cannot run; flushing or resetting in both arms of
// one branch avoids it.
//
// The same analyzer checks the uses of core.Cursor, whose PutString and Put
// return the advanced Cursor and whose Done hands its bytes to the Writer.
// It reports:
//
//   - a PutString or Put whose result is dropped (a call statement, or
//     assigned to _): write c = c.PutString(s);
//   - its result assigned to another variable while a path from there reads
//     the receiver again: the receiver still stands before those bytes, and
//     its next write overwrites them or its Done ends the batch before them;
//   - defer c.Done() when c is assigned again after the defer statement: the
//     deferred call has the Cursor of the defer statement and keeps none of
//     the later bytes (defer func() { c.Done() }() reads c at return);
//   - a Cursor opened in the function (c := w.Cursor(), or with writes
//     chained on) and not ended by Done on some path to its return, or given
//     a new value before Done: its bytes never reach the Writer, whose next
//     write or Flush fails with ErrCursorOpen.
//
// A Cursor that is returned, passed to a function, stored, assigned to
// another variable or captured by a closure other than a deferred one is
// not followed for Done; the rules on returns of errors, calls that do not
// return and loops are those of the writers. A Done on a copy taken before
// later writes (d := c; c = c.PutString(s); d.Done()) is not reported,
// though it keeps only the bytes up to d's position without an error.
package flushcheck

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"
)

// Analyzer reports buffered writers that are not flushed on every path to
// return, ignored errors of their final Flush or Close, and misused
// core.Cursor values: dropped PutString and Put results, a deferred Done on a
// Cursor written after it, and a Cursor not ended by Done.
var Analyzer = &analysis.Analyzer{
	Name:     "flushcheck",
	Doc:      "report buffered writers (bufio, fastio) not flushed or closed on some path, ignored Flush/Close errors, and core.Cursor misuse (dropped PutString/Put results, defer c.Done() before later writes, no Done)",
	URL:      "https://pkg.go.dev/github.com/fastio-go/fastio/cmd/flushcheck",
	Requires: []*analysis.Analyzer{inspect.Analyzer, ctrlflow.Analyzer},
	Run:      run,
}

const fastioPrefix = "github.com/fastio-go/fastio/"

// writerTypes are the buffered writer types, by package path and type name.
// hashLike types lose nothing when not flushed explicitly if their digest is
// read (Sum and friends flush), and their Flush reports only misuse.
var writerTypes = map[string]map[string]bool{
	"bufio":                       {"Writer": true},
	fastioPrefix + "core":         {"Writer": true},
	fastioPrefix + "device":       {"OutFile": true, "IOFile": true, "Writer": true, "Locked": true},
	fastioPrefix + "unicode":      {"Writer": true},
	fastioPrefix + "compress":     {"Writer": true},
	fastioPrefix + "crypto":       {"Hasher": true},
	fastioPrefix + "codec/record": {"Writer": true},
}

// hashReads are the methods of a hash device that flush it by reading the
// digest.
var hashReads = map[string]bool{"Sum": true, "Digest": true, "AppendHex": true, "AppendBase64": true,
	"Verify": true, "VerifyHex": true, "VerifyTruncated": true}

// writerType returns the named type behind t when t is a pointer to a
// tracked writer type (or such a type's alias).
func writerType(t types.Type) (*types.TypeName, bool) {
	if t == nil {
		return nil, false
	}
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return nil, false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil, false
	}
	obj := n.Obj()
	return obj, writerTypes[obj.Pkg().Path()][obj.Name()]
}

func isHashLike(tn *types.TypeName) bool {
	return tn.Pkg().Path() == fastioPrefix+"crypto"
}

// tracked is a writer held in a local variable.
type tracked struct {
	v       *types.Var
	tn      *types.TypeName
	created ast.Node // the assignment or value spec that made it
	name    string
	memory  bool // it writes to memory (bytes.Buffer, io.Discard, core.Buffer...): its Flush cannot fail
	cursor  bool // a core.Cursor from a Cursor call: Done ends it
}

// memoryDevices are destinations whose writes cannot fail. fastio's Buffer
// and SpanWriter are buffered writers themselves, which record writers
// encode into directly.
var memoryDevices = map[string]map[string]bool{
	"bytes":               {"Buffer": true},
	"strings":             {"Builder": true},
	fastioPrefix + "core": {"Buffer": true, "SpanWriter": true},
}

// isMemory reports whether the destination e is an in-memory device.
func (c *checker) isMemory(e ast.Expr) (mem, direct bool) {
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "Discard" {
		if v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == "io" {
			return true, false
		}
	}
	t := c.pass.TypesInfo.TypeOf(e)
	if t == nil {
		return false, false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false, false
	}
	if memoryDevices[n.Obj().Pkg().Path()][n.Obj().Name()] {
		return true, n.Obj().Pkg().Path() == fastioPrefix+"core"
	}
	return false, false
}

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	cfgs := pass.ResultOf[ctrlflow.Analyzer].(*ctrlflow.CFGs)
	ins.Preorder([]ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)}, func(n ast.Node) {
		var body *ast.BlockStmt
		var g *cfg.CFG
		var sig *types.Signature
		switch f := n.(type) {
		case *ast.FuncDecl:
			if f.Body == nil {
				return
			}
			body, g = f.Body, cfgs.FuncDecl(f)
			if obj, ok := pass.TypesInfo.Defs[f.Name].(*types.Func); ok {
				sig = obj.Type().(*types.Signature)
			}
		case *ast.FuncLit:
			body, g = f.Body, cfgs.FuncLit(f)
			sig, _ = pass.TypesInfo.TypeOf(f).(*types.Signature)
		}
		if g == nil || sig == nil {
			return
		}
		c := &checker{pass: pass, cfgs: cfgs, body: body, g: g, sig: sig}
		c.check()
	})
	return nil, nil
}

type checker struct {
	pass *analysis.Pass
	cfgs *ctrlflow.CFGs
	body *ast.BlockStmt
	g    *cfg.CFG
	sig  *types.Signature
}

// check finds the writers created in the body (not in nested function
// literals, which are checked on their own) and checks each.
func (c *checker) check() {
	var ws []*tracked
	add := func(lhs ast.Expr, rhs ast.Expr, node ast.Node) {
		id, ok := lhs.(*ast.Ident)
		if !ok || id.Name == "_" {
			return
		}
		call, ok := ast.Unparen(rhs).(*ast.CallExpr)
		if !ok {
			return
		}
		v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() || v.IsField() {
			return
		}
		// A local of this function: declared inside its body.
		if v.Pos() < c.body.Pos() || v.Pos() > c.body.End() {
			return
		}
		tn, ok := writerType(v.Type())
		if !ok {
			return
		}
		w := &tracked{v: v, tn: tn, created: node, name: id.Name}
		if len(call.Args) > 0 {
			mem, direct := c.isMemory(call.Args[0])
			if direct && tn.Pkg().Path() == fastioPrefix+"codec/record" {
				return // records are encoded straight into the memory device
			}
			w.memory = mem
		}
		ws = append(ws, w)
	}
	ast.Inspect(c.body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(s.Rhs) == 1 && len(s.Lhs) >= 1 {
				// w := ctor() or w, err := ctor()
				add(s.Lhs[0], s.Rhs[0], s)
			} else if len(s.Lhs) == len(s.Rhs) {
				for i := range s.Lhs {
					add(s.Lhs[i], s.Rhs[i], s)
				}
			}
		case *ast.ValueSpec:
			if len(s.Values) == 1 && len(s.Names) >= 1 {
				add(s.Names[0], s.Values[0], s)
			} else if len(s.Values) == len(s.Names) {
				for i := range s.Names {
					add(s.Names[i], s.Values[i], s)
				}
			}
		}
		return true
	})
	for _, w := range ws {
		if c.escapes(w) {
			continue
		}
		c.checkPaths(w)
		c.checkIgnored(w)
	}
	c.checkCursors()
}

// is reports whether e is an identifier denoting w.
func (c *checker) is(e ast.Expr, w *tracked) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == w.v
}

// escapes reports whether w leaves the function's responsibility.
func (c *checker) escapes(w *tracked) bool {
	escaped := false
	var stack []ast.Node
	ast.Inspect(c.body, func(n ast.Node) bool {
		if escaped {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		id, ok := n.(*ast.Ident)
		if !ok || c.pass.TypesInfo.Uses[id] != w.v {
			return true
		}
		if c.useEscapes(id, stack, w) {
			escaped = true
		}
		return true
	})
	return escaped
}

// useEscapes classifies one use of w; stack holds its ancestors, id last.
func (c *checker) useEscapes(id *ast.Ident, stack []ast.Node, w *tracked) bool {
	// Inside a function literal: captured. A deferred closure is judged by
	// what it does (finish); any other closure takes the writer along.
	for i := len(stack) - 2; i >= 0; i-- {
		if lit, ok := stack[i].(*ast.FuncLit); ok {
			if i > 0 {
				if call, ok := stack[i-1].(*ast.CallExpr); ok && call.Fun == lit && i > 1 {
					if _, ok := stack[i-2].(*ast.DeferStmt); ok {
						return false
					}
				}
			}
			return true
		}
	}
	parent := stack[len(stack)-2]
	var child ast.Node = id
	// Skip parentheses.
	for i := len(stack) - 2; i >= 0; i-- {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			parent = stack[i]
			break
		}
		child = stack[i]
	}
	switch p := parent.(type) {
	case *ast.SelectorExpr:
		// w.Method(...) is a use; w.Method as a value escapes.
		if p.X == child {
			for i := len(stack) - 2; i >= 0; i-- {
				if stack[i] == p && i > 0 {
					if call, ok := stack[i-1].(*ast.CallExpr); ok && call.Fun == p {
						return false
					}
				}
			}
			return true
		}
	case *ast.CallExpr:
		if p.Fun == child {
			return false
		}
		if c.makesWriter(p) {
			return true // wrapped: the outer writer's Flush flushes this one, and the outer one is checked
		}
		return c.argEscapes(p, child)
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == child {
				return false // a new value for w
			}
		}
		return true
	case *ast.ValueSpec:
		for _, n := range p.Names {
			if ast.Node(n) == child {
				return false
			}
		}
		return true
	case *ast.BinaryExpr:
		return false // w == nil, w != nil
	case *ast.IfStmt, *ast.SwitchStmt, *ast.ExprStmt:
		return false
	}
	// Returned, sent, stored in a literal, address taken, converted...
	return true
}

// makesWriter reports whether call returns a tracked writer (first result).
func (c *checker) makesWriter(call *ast.CallExpr) bool {
	t := c.pass.TypesInfo.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
		t = tup.At(0).Type()
	}
	_, ok := writerType(t)
	return ok
}

// argEscapes reports whether passing w as an argument of call hands it over:
// unless the parameter is an interface without Flush or Close (io.Writer,
// io.StringWriter...), the callee may flush it.
func (c *checker) argEscapes(call *ast.CallExpr, arg ast.Node) bool {
	sig, ok := types.Unalias(c.pass.TypesInfo.TypeOf(call.Fun)).(*types.Signature)
	if !ok {
		return true // a conversion or a builtin
	}
	idx := -1
	for i, a := range call.Args {
		if a == arg {
			idx = i
		}
	}
	if idx < 0 {
		return true
	}
	var pt types.Type
	params := sig.Params()
	switch {
	case sig.Variadic() && idx >= params.Len()-1:
		last := params.At(params.Len() - 1).Type()
		if call.Ellipsis.IsValid() {
			return true
		}
		if s, ok := last.(*types.Slice); ok {
			pt = s.Elem()
		}
	case idx < params.Len():
		pt = params.At(idx).Type()
	}
	if pt == nil {
		return true
	}
	iface, ok := pt.Underlying().(*types.Interface)
	if !ok {
		return true
	}
	for i := 0; i < iface.NumMethods(); i++ {
		switch iface.Method(i).Name() {
		case "Flush", "Close":
			return true
		}
	}
	if iface.Empty() {
		return true // any: stored, printed or inspected, who knows
	}
	return false
}

// finishes reports whether node n flushes or closes w (or, for a hash
// device, reads its digest), directly or in a deferred call.
func (c *checker) finishes(n ast.Node, w *tracked) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			// Only a deferred closure, handled by its DeferStmt parent.
			return false
		case *ast.DeferStmt:
			if lit, ok := m.Call.Fun.(*ast.FuncLit); ok {
				if c.finishes(lit.Body, w) {
					found = true
				}
				return false
			}
		case *ast.CallExpr:
			if w.cursor {
				if name, ok := c.methodOn(m, w); ok && name == "Done" {
					found = true
				}
				return true
			}
			if name, ok := c.methodOn(m, w); ok && (name == "Flush" || name == "Close" || name == "Reset" || isHashLike(w.tn) && hashReads[name]) {
				found = true
			}
		}
		return true
	})
	return found
}

// methodOn returns the method name when call is w.Method(...).
func (c *checker) methodOn(call *ast.CallExpr, w *tracked) (string, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !c.is(sel.X, w) {
		return "", false
	}
	return sel.Sel.Name, true
}

// reassigns reports whether n gives w a new value (a new writer or nil).
func (c *checker) reassigns(n ast.Node, w *tracked) bool {
	a, ok := n.(*ast.AssignStmt)
	if !ok {
		return false
	}
	for i, l := range a.Lhs {
		if c.is(l, w) {
			if w.cursor && len(a.Lhs) == len(a.Rhs) && c.cursorChainOn(a.Rhs[i], w.v) {
				return false // c = c.PutString(...): the same session goes on
			}
			return true
		}
	}
	return false
}

// errorReturn reports whether ret returns a non-nil error as the last result
// of a function whose last result is an error.
func (c *checker) errorReturn(ret *ast.ReturnStmt) bool {
	res := c.sig.Results()
	if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	if len(ret.Results) == 0 {
		return true // named results: assume the error was set
	}
	if len(ret.Results) != res.Len() {
		return true // return f(): the callee's error
	}
	last := ast.Unparen(ret.Results[len(ret.Results)-1])
	if id, ok := last.(*ast.Ident); ok && id.Name == "nil" {
		if _, isNil := c.pass.TypesInfo.Uses[id].(*types.Nil); isNil {
			return false
		}
	}
	return true
}

// loopBody returns the body of a for or range statement.
func loopBody(s ast.Stmt) ast.Node {
	switch s := s.(type) {
	case *ast.ForStmt:
		return s.Body
	case *ast.RangeStmt:
		return s.Body
	}
	return s
}

// errorTest returns token.NEQ for a condition "e != nil" and token.EQL for
// "e == nil" where e is an error, else token.ILLEGAL.
func (c *checker) errorTest(n ast.Node) token.Token {
	be, ok := n.(*ast.BinaryExpr)
	if !ok || (be.Op != token.NEQ && be.Op != token.EQL) {
		return token.ILLEGAL
	}
	x, y := ast.Unparen(be.X), ast.Unparen(be.Y)
	if c.isNil(x) {
		x, y = y, x
	}
	if !c.isNil(y) {
		return token.ILLEGAL
	}
	if t := c.pass.TypesInfo.TypeOf(x); t == nil || !types.Identical(t, types.Universe.Lookup("error").Type()) {
		return token.ILLEGAL
	}
	return be.Op
}

func (c *checker) isNil(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := c.pass.TypesInfo.Uses[id].(*types.Nil)
	return isNil
}

// noReturn reports whether n is a call statement that does not return.
func (c *checker) noReturn(n ast.Node) bool {
	es, ok := n.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	switch fn := typeutilCallee(c.pass.TypesInfo, call).(type) {
	case *types.Builtin:
		return fn.Name() == "panic"
	case *types.Func:
		return c.cfgs.NoReturn(fn)
	}
	return false
}

// skipsDefers reports whether the call statement n ends the program without
// running deferred calls: os.Exit, syscall.Exit, log.Fatal and its kin.
func (c *checker) skipsDefers(n ast.Node) bool {
	call := ast.Unparen(n.(*ast.ExprStmt).X).(*ast.CallExpr)
	fn, ok := typeutilCallee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "os", "syscall":
		return fn.Name() == "Exit"
	case "log":
		return strings.HasPrefix(fn.Name(), "Fatal")
	}
	return false
}

func typeutilCallee(info *types.Info, call *ast.CallExpr) types.Object {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return info.Uses[f]
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[f]; ok {
			return sel.Obj()
		}
		return info.Uses[f.Sel]
	}
	return nil
}

// checkPaths follows every path from w's creation: one that reaches a return
// (not of an error) without flushing or closing w is reported.
func (c *checker) checkPaths(w *tracked) {
	var start *cfg.Block
	idx := -1
	for _, b := range c.g.Blocks {
		for i, n := range b.Nodes {
			if n == w.created {
				start, idx = b, i
			}
		}
	}
	if start == nil {
		return
	}
	// The walk carries whether w's finish is deferred: a return then
	// runs it, but os.Exit and log.Fatal end the program without it.
	type visit struct {
		b        *cfg.Block
		deferred bool
	}
	seen := map[visit]bool{}
	var bad token.Pos = token.NoPos
	var exit ast.Node // an exit that skips a deferred finish
	reopened := false // bad is a Cursor's new value, not a return
	var walk func(b *cfg.Block, from int, deferred bool) bool
	walk = func(b *cfg.Block, from int, deferred bool) bool {
		for _, n := range b.Nodes[from:] {
			if d, ok := n.(*ast.DeferStmt); ok && c.finishes(d, w) {
				deferred = true
				continue
			}
			if c.finishes(n, w) {
				return true
			}
			if c.reassigns(n, w) {
				if w.cursor {
					// A Cursor given a new value before Done: its bytes
					// never reach the Writer.
					bad, reopened = n.Pos(), true
					return false
				}
				return true // the next value is checked from its own creation
			}
			if ret, ok := n.(*ast.ReturnStmt); ok {
				if deferred || c.errorReturn(ret) {
					return true
				}
				bad = ret.Pos()
				return false
			}
			if c.noReturn(n) {
				if deferred && c.skipsDefers(n) {
					exit = n
					return false
				}
				return true
			}
		}
		if len(b.Succs) == 0 {
			if b.Kind == cfg.KindUnreachable || !b.Live || deferred {
				return true
			}
			bad = c.body.Rbrace
			return false
		}
		// A loop that flushes w in its body: the path that skips the loop
		// is taken to run it at least once (b.Loop, a range over data).
		if (b.Kind == cfg.KindForLoop || b.Kind == cfg.KindRangeLoop) && b.Stmt != nil && c.finishes(loopBody(b.Stmt), w) {
			return true
		}
		succs := b.Succs
		if len(succs) == 2 && len(b.Nodes) > 0 {
			// if err != nil: the error branch is excused, as an error
			// return is.
			switch c.errorTest(b.Nodes[len(b.Nodes)-1]) {
			case token.NEQ:
				succs = succs[1:]
			case token.EQL:
				succs = succs[:1]
			}
		}
		for _, s := range succs {
			v := visit{s, deferred}
			if seen[v] {
				continue
			}
			seen[v] = true
			if !walk(s, 0, deferred) {
				return false
			}
		}
		return true
	}
	if walk(start, idx+1, false) {
		return
	}
	if w.cursor {
		if exit == nil {
			c.reportOpenCursor(w, c.pass.Fset.Position(bad).Line, reopened)
		}
		return // an exit skipping a deferred Done: the Writer's own check reports the lost output
	}
	if exit != nil {
		c.pass.Report(analysis.Diagnostic{
			Pos: exit.Pos(),
			End: exit.End(),
			Message: "this call ends the program without running the deferred Flush or Close of " + w.name +
				" (created at line " + itoa(c.pass.Fset.Position(w.created.Pos()).Line) + "): its buffered output is lost",
		})
		return
	}
	line := c.pass.Fset.Position(bad).Line
	c.pass.Report(analysis.Diagnostic{
		Pos: w.created.Pos(),
		End: w.created.End(),
		Message: w.name + " (" + typeString(w.tn) + ") is not flushed or closed on the path returning at line " +
			itoa(line) + ": its buffered output is lost",
	})
}

// checkIgnored reports Flush or Close calls on w whose error is dropped,
// when no call flushing or closing w checks its error.
func (c *checker) checkIgnored(w *tracked) {
	if isHashLike(w.tn) || w.memory {
		return
	}
	var ignored []*ast.CallExpr
	checked := false
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.ExprStmt:
				if call, ok := ast.Unparen(m.X).(*ast.CallExpr); ok {
					visit(call.Fun)
					for _, a := range call.Args {
						visit(a)
					}
					c.classify(call, w, true, &ignored, &checked)
					return false
				}
			case *ast.DeferStmt:
				if lit, ok := m.Call.Fun.(*ast.FuncLit); ok {
					visit(lit.Body)
					return false
				}
				c.classify(m.Call, w, true, &ignored, &checked)
				return false
			case *ast.GoStmt:
				c.classify(m.Call, w, true, &ignored, &checked)
				return false
			case *ast.AssignStmt:
				allBlank := true
				for _, l := range m.Lhs {
					if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
						allBlank = false
					}
				}
				if allBlank && len(m.Rhs) == 1 {
					if call, ok := ast.Unparen(m.Rhs[0]).(*ast.CallExpr); ok {
						c.classify(call, w, true, &ignored, &checked)
						return false
					}
				}
			case *ast.CallExpr:
				c.classify(m, w, false, &ignored, &checked)
			}
			return true
		})
	}
	visit(c.body)
	if checked {
		return
	}
	for _, call := range ignored {
		name, _ := c.methodOn(call, w)
		c.pass.Report(analysis.Diagnostic{
			Pos:     call.Pos(),
			End:     call.End(),
			Message: "the error of " + w.name + "." + name + " is ignored: a failed write of the buffered output (a full disk, a closed pipe) goes unnoticed",
		})
	}
}

func (c *checker) classify(call *ast.CallExpr, w *tracked, dropped bool, ignored *[]*ast.CallExpr, checked *bool) {
	name, ok := c.methodOn(call, w)
	if !ok || (name != "Flush" && name != "Close") {
		return
	}
	if dropped {
		*ignored = append(*ignored, call)
	} else {
		*checked = true
	}
}

func typeString(tn *types.TypeName) string {
	path := tn.Pkg().Path()
	return "*" + path[strings.LastIndex(path, "/")+1:] + "." + tn.Name()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
