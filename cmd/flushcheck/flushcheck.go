// Package flushcheck defines an analyzer that reports buffered writers whose
// output can be lost: a writer made in a function and not flushed or closed
// on some path to its return, a final Flush or Close whose error is ignored,
// and misuse of core.Cursor.
//
// The writers it follows are those users hold: fastio's core.Writer, device
// files, Stdout and Stderr, the unicode, compress and record writers and the
// crypto hashes; the standard library's *bufio.Writer, *gzip.Writer,
// *zlib.Writer, *flate.Writer, *tabwriter.Writer and *csv.Writer; and
// klauspost's gzip, zlib, flate, zstd and s2 writers. A writer is followed
// from the call that makes it: a constructor (bufio.NewWriter,
// core.NewWriter, device.Create, device.Stdout...) or a function of the
// program that returns what a constructor made. A writer read from a field
// or returned by a getter is someone else's and is not followed, and one
// over io.Discard has nothing to lose.
//
// Forgetting Flush loses the tail of the output silently: the program exits
// or the writer is dropped with bytes still in its buffer, and nothing fails.
// An ignored error of the last Flush or Close loses the one report of a full
// disk or a closed pipe.
//
// It reports:
//
//   - a writer not flushed or closed on some path from where it is made to a
//     return or the end of the function; where that return is "return nil"
//     in a function returning an error, the suggested fix returns the error
//     of Flush (Close for a compressor) instead;
//   - os.Exit, syscall.Exit and log.Fatal reached while the writer's Flush
//     or Close is deferred: they end the program without running it;
//   - a Flush or Close whose error is dropped, when no call flushing or
//     closing the writer checks its error; a deferred one in a function that
//     returns an error comes with a suggested fix: a named error result that
//     the deferred call sets;
//   - a *csv.Writer whose Error is never read: its Flush returns nothing.
//
// What counts as a use and what as a hand-off. Writing to the writer, with
// its methods or by passing it to a function that writes to it and does not
// keep it, is a use: the function that made the writer still has to flush
// it. Such functions are fastio's API (format's print functions, record's
// writers, the unicode, compress and crypto writers made over it, device's
// copy helpers), any function whose parameter is an io.Writer-like
// interface without Flush or Close (fmt.Fprintf, io.Copy, log.New), and a
// function of the program that only writes to its parameter, which the
// analyzer learns by reading that function, across packages, or by reading
// the function literal a local variable is bound to once. A function that
// flushes the writer it is given finishes it (device.Sync, or one of the
// program's); core.WrapWriter hands the writer to the BufferedWriter it
// returns.
//
// The writer is handed off, and not reported, when it is returned, stored
// in a variable, a field, a global, a composite literal or a channel,
// passed to a function that keeps it or is not known (another function
// value, an interface method), flushed by a closure that runs later (a
// goroutine, a callback), or when the *core.Writer behind it (w.Engine()) is
// kept. A closure that only writes to the writer is a use.
//
// A writer made over another one (zw over bw in zw := compress.NewWriter(bw,
// ...)) flushes it when it is flushed or closed if it is a fastio writer;
// the standard library's compressors do not, so bw must be flushed after
// zw.Close.
//
// Paths. A path that returns a non-nil error is not reported: the caller
// learns of the failure anyway; nor is the branch of an "if err != nil".
// Paths ending in a call that does not return (os.Exit, log.Fatal, panic)
// are not followed, except as said above when a Flush is deferred. A loop
// that flushes in its body is taken to run. Reset counts as a deliberate
// discard. Paths are followed without evaluating conditions, so two
// branches on the same condition ("if ok { w.Flush() }" then "if !ok {
// return }") can give a report for a path that cannot run; flushing in both
// arms of one branch avoids it.
//
// What it misses: a writer held in a field or a global and never flushed;
// one handed to an interface method, or to a function value it cannot
// read, that does not flush it; a flush that runs only on one side of a
// condition another condition decides; a goroutine still writing when the
// writer is flushed.
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
//     write or Flush fails with ErrStaleCursor.
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
	Name:      "flushcheck",
	Doc:       "report buffered writers (bufio, compress, csv, fastio) not flushed or closed on some path, ignored Flush/Close errors, and core.Cursor misuse (dropped PutString/Put results, defer c.Done() before later writes, no Done)",
	URL:       "https://pkg.go.dev/github.com/fastio-go/fastio/cmd/flushcheck",
	Requires:  []*analysis.Analyzer{inspect.Analyzer, ctrlflow.Analyzer},
	FactTypes: []analysis.Fact{new(paramsFact), new(freshFact)},
	Run:       run,
}

// Diagnostic categories.
const (
	catUnflushed = "unflushed" // not flushed on some path: output lost
	catExit      = "exit"      // os.Exit or log.Fatal skips a deferred Flush
	catIgnored   = "ignored"   // the error of the final Flush or Close dropped
	catCursor    = "cursor"    // a misused core.Cursor
)

// tracked is a writer held in a local variable (or a parameter, when a
// function is summarized).
type tracked struct {
	v        *types.Var
	tn       *types.TypeName
	created  ast.Node      // the assignment or value spec that made it
	call     *ast.CallExpr // the call that made it
	name     string
	memory   bool       // it writes to memory (bytes.Buffer, strings.Builder, io.Discard): its Flush cannot fail
	cursor   bool       // a core.Cursor from a Cursor call: Done ends it
	wrappers []*tracked // writers made over this one in the function
}

// isDiscard reports whether e is io.Discard.
func (c *checker) isDiscard(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Discard" {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "io"
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
	st := newPkgState(pass, cfgs)
	st.exportFacts()
	ins.Preorder([]ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)}, func(n ast.Node) {
		if c := st.checkerFor(n); c != nil {
			c.check()
		}
	})
	return nil, nil
}

type checker struct {
	st    *pkgState
	pass  *analysis.Pass
	cfgs  *ctrlflow.CFGs
	body  *ast.BlockStmt
	ftype *ast.FuncType
	g     *cfg.CFG
	sig   *types.Signature
	ws    []*tracked // the writers made in the body, once collected
	done  bool
	// returnsOK makes returning the writer a use, not a hand-off: set
	// when deciding whether a function is a constructor.
	returnsOK bool
	visiting  map[*tracked]bool // the writers whose wrappers are being followed
}

// collect finds the writers made in the body (not in nested function
// literals, which are checked on their own) and links each writer made
// over another one to it.
func (c *checker) collect() []*tracked {
	if c.done {
		return c.ws
	}
	c.done = true
	add := func(lhs ast.Expr, rhs ast.Expr, node ast.Node) {
		id, ok := lhs.(*ast.Ident)
		if !ok || id.Name == "_" {
			return
		}
		call, ok := ast.Unparen(rhs).(*ast.CallExpr)
		if !ok || !c.st.constructs(call) {
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
		w := &tracked{v: v, tn: tn, created: node, call: call, name: id.Name}
		if len(call.Args) > 0 {
			if c.isDiscard(call.Args[0]) {
				return // nothing to lose
			}
			mem, direct := c.isMemory(call.Args[0])
			if direct && tn.Pkg().Path() == fastioPrefix+"codec/record" {
				return // records are encoded straight into the memory device
			}
			w.memory = mem
		}
		c.ws = append(c.ws, w)
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
	for _, x := range c.ws {
		for _, a := range x.call.Args {
			id, ok := ast.Unparen(a).(*ast.Ident)
			if !ok {
				continue
			}
			for _, w := range c.ws {
				if w != x && c.pass.TypesInfo.Uses[id] == w.v {
					w.wrappers = append(w.wrappers, x)
				}
			}
		}
	}
	return c.ws
}

// check checks each writer made in the body, then the Cursors.
func (c *checker) check() {
	ws := c.collect()
	reported := map[*tracked]bool{}
	// Wrappers first: a writer made over another one is reported alone when
	// both are lost by the same path.
	for i := len(ws) - 1; i >= 0; i-- {
		w := ws[i]
		if c.escapes(w) {
			continue
		}
		suppress := false
		for _, x := range w.wrappers {
			if reported[x] && flushesDestination(x.tn) {
				suppress = true
			}
		}
		reported[w] = c.checkPaths(w, suppress)
		c.checkIgnored(w)
	}
	c.checkCursors()
}

// is reports whether e is an identifier denoting w.
func (c *checker) is(e ast.Expr, w *tracked) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == w.v
}

// escapes reports whether w leaves the function's responsibility, itself or
// through a writer made over it.
func (c *checker) escapes(w *tracked) bool {
	if c.visiting[w] {
		return false // writers made over each other: judged once
	}
	if c.visiting == nil {
		c.visiting = map[*tracked]bool{}
	}
	c.visiting[w] = true
	defer delete(c.visiting, w)
	for _, x := range w.wrappers {
		if c.escapes(x) {
			return true
		}
	}
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

// parentOf returns the nearest ancestor of stack[i] that is not a
// parenthesis, its index, and the child of it on the way.
func parentOf(stack []ast.Node, i int) (ast.Node, int, ast.Node) {
	child := stack[i]
	for j := i - 1; j >= 0; j-- {
		if _, ok := stack[j].(*ast.ParenExpr); !ok {
			return stack[j], j, child
		}
		child = stack[j]
	}
	return nil, -1, child
}

// inlineClosure reports whether the function literal at stack[i] runs in
// this function: called where it stands (func() { ... }()) or deferred.
func inlineClosure(stack []ast.Node, i int) bool {
	lit := stack[i]
	p, j, _ := parentOf(stack, i)
	call, ok := p.(*ast.CallExpr)
	if !ok || call.Fun != lit {
		return false
	}
	if j > 0 {
		if _, ok := stack[j-1].(*ast.GoStmt); ok {
			return false
		}
	}
	return true
}

// useEscapes classifies one use of w; stack holds its ancestors, id last.
func (c *checker) useEscapes(id *ast.Ident, stack []ast.Node, w *tracked) bool {
	// Inside a closure that runs later or in another goroutine: flushing
	// there takes the duty along; writing there is a use.
	for i := len(stack) - 2; i >= 0; i-- {
		if _, ok := stack[i].(*ast.FuncLit); ok && !inlineClosure(stack, i) && c.finishUse(stack, w) {
			return true
		}
	}
	parent, i, child := parentOf(stack, len(stack)-1)
	switch p := parent.(type) {
	case *ast.SelectorExpr:
		// w.Method(...) is a use; w.Method as a value escapes.
		if p.X == child && i > 0 {
			if call, ok := stack[i-1].(*ast.CallExpr); ok && call.Fun == p {
				if j := i - 2; j >= 0 {
					if _, ok := stack[j].(*ast.GoStmt); ok {
						return true // go w.Flush()
					}
				}
				if p.Sel.Name == "Engine" {
					// The *core.Writer behind w: whoever holds it can
					// flush w's output. A use when called on at once.
					q, _, qc := parentOf(stack, i-1)
					sel, ok := q.(*ast.SelectorExpr)
					return !ok || sel.X != qc
				}
				return false
			}
		}
		return true
	case *ast.CallExpr:
		if p.Fun == child {
			return false
		}
		if c.st.constructs(p) {
			// Another writer made over w: a use when it is followed here,
			// which checks that it is flushed.
			for _, x := range w.wrappers {
				if x.call == p {
					return false
				}
			}
			return true
		}
		return c.st.argKind(p, child) == kEscape
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
	case *ast.ReturnStmt:
		return !c.returnsOK
	case *ast.BinaryExpr:
		return false // w == nil, w != nil
	case *ast.IfStmt, *ast.SwitchStmt, *ast.ExprStmt:
		return false
	}
	// Returned, sent, stored in a literal, address taken, converted...
	return true
}

// finishUse reports whether the use of w at the end of stack flushes or
// closes it: a call of its Flush, Close or Reset, or passing it to a
// function that flushes what it is given.
func (c *checker) finishUse(stack []ast.Node, w *tracked) bool {
	parent, i, child := parentOf(stack, len(stack)-1)
	switch p := parent.(type) {
	case *ast.SelectorExpr:
		if p.X == child && i > 0 {
			if call, ok := stack[i-1].(*ast.CallExpr); ok && call.Fun == p {
				return c.finishCall(call, w)
			}
		}
	case *ast.CallExpr:
		return p.Fun != child && c.st.argKind(p, child) == kFinish
	}
	return false
}

// finishName reports whether calling the method name of w flushes it.
func finishName(w *tracked, name string) bool {
	if w.cursor {
		return name == "Done"
	}
	return name == "Flush" || name == "Close" || name == "Reset" || w.tn != nil && isHashLike(w.tn) && hashReads[name]
}

// finishCall reports whether call flushes or closes w: a method of w, a
// function that flushes its argument, or the Flush or Close of a fastio
// writer made over w.
func (c *checker) finishCall(call *ast.CallExpr, w *tracked) bool {
	if name, ok := c.methodOn(call, w); ok {
		return finishName(w, name)
	}
	if w.cursor {
		return false
	}
	for _, a := range call.Args {
		if c.is(a, w) && c.st.argKind(call, a) == kFinish {
			return true
		}
	}
	if c.visiting[w] {
		return false
	}
	if c.visiting == nil {
		c.visiting = map[*tracked]bool{}
	}
	c.visiting[w] = true
	defer delete(c.visiting, w)
	for _, x := range w.wrappers {
		if flushesDestination(x.tn) && c.finishCall(call, x) {
			return true
		}
	}
	return false
}

// finishes reports whether node n flushes or closes w (or, for a hash
// device, reads its digest), directly, in a deferred call, or in a closure
// called where it stands.
func (c *checker) finishes(n ast.Node, w *tracked) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			// Only a deferred or immediately called closure, handled by its
			// parent.
			return false
		case *ast.GoStmt:
			return false
		case *ast.DeferStmt:
			if lit, ok := m.Call.Fun.(*ast.FuncLit); ok {
				if c.finishes(lit.Body, w) {
					found = true
				}
				return false
			}
		case *ast.CallExpr:
			if lit, ok := ast.Unparen(m.Fun).(*ast.FuncLit); ok && c.finishes(lit.Body, w) {
				found = true
				return false
			}
			if c.finishCall(m, w) {
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

// returnsError reports whether the function's last result is an error.
func (c *checker) returnsError() bool {
	res := c.sig.Results()
	return res.Len() > 0 && types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type())
}

// errorReturn reports whether ret returns a non-nil error as the last result
// of a function whose last result is an error.
func (c *checker) errorReturn(ret *ast.ReturnStmt) bool {
	if !c.returnsError() {
		return false
	}
	res := c.sig.Results()
	if len(ret.Results) == 0 {
		return true // named results: assume the error was set
	}
	if len(ret.Results) != res.Len() {
		return true // return f(): the callee's error
	}
	last := ast.Unparen(ret.Results[len(ret.Results)-1])
	if call, ok := last.(*ast.CallExpr); ok {
		// return f(w): an error only when f makes one; a call that does
		// its work and returns nil on success is a return like any other.
		return c.makesError(call)
	}
	return !c.isNil(last)
}

// makesError reports whether call builds an error value: errors.New,
// fmt.Errorf, errors.Join, or a function or method whose name says it
// makes one (newError, Errorf, wrapErr...).
func (c *checker) makesError(call *ast.CallExpr) bool {
	obj := typeutilCallee(c.pass.TypesInfo, call)
	if obj == nil {
		return true // a conversion (myError(x)) or a function value
	}
	if _, ok := obj.(*types.Func); !ok {
		return true
	}
	if obj.Pkg() != nil && obj.Pkg().Path() == "errors" {
		return true
	}
	name := strings.ToLower(obj.Name())
	return strings.Contains(name, "err") || strings.Contains(name, "fail")
}

// finishesEachTime reports whether a statement of the loop body itself (not
// one nested in a condition) flushes or closes w.
func (c *checker) finishesEachTime(body ast.Node, w *tracked) bool {
	b, ok := body.(*ast.BlockStmt)
	if !ok {
		return false
	}
	for _, s := range b.List {
		switch s := s.(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.ReturnStmt, *ast.DeferStmt:
			if c.finishes(s, w) {
				return true
			}
		case *ast.IfStmt:
			// if err := w.Flush(); err != nil {...}
			if s.Init != nil && c.finishes(s.Init, w) || c.finishes(s.Cond, w) {
				return true
			}
		}
	}
	return false
}

// writeFailed reports whether block b, which ends in a test of an error,
// got that error from a call on w.
func (c *checker) writeFailed(b *cfg.Block, w *tracked) bool {
	for _, n := range b.Nodes[:len(b.Nodes)-1] {
		a, ok := n.(*ast.AssignStmt)
		if !ok || len(a.Rhs) != 1 {
			continue
		}
		if call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr); ok {
			if _, ok := c.methodOn(call, w); ok {
				return true
			}
		}
	}
	return false
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
	case *ast.IndexExpr:
		return typeutilCallee(info, &ast.CallExpr{Fun: f.X})
	case *ast.IndexListExpr:
		return typeutilCallee(info, &ast.CallExpr{Fun: f.X})
	}
	return nil
}

// checkPaths follows every path from w's creation: one that reaches a return
// (not of an error) without flushing or closing w is reported, unless
// suppress is set. It reports whether such a path exists.
func (c *checker) checkPaths(w *tracked, suppress bool) bool {
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
		return false
	}
	// The walk carries whether w's finish is deferred: a return then
	// runs it, but os.Exit and log.Fatal end the program without it.
	type visit struct {
		b        *cfg.Block
		deferred bool
	}
	seen := map[visit]bool{}
	var bad token.Pos = token.NoPos
	var badRet *ast.ReturnStmt
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
				bad, badRet = ret.Pos(), ret
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
			// The end of a select without a case that matched cannot be
			// reached: select blocks.
			if b.Kind == cfg.KindUnreachable || b.Kind == cfg.KindSelectAfterCase || !b.Live || deferred {
				return true
			}
			bad = c.body.Rbrace
			return false
		}
		// A loop that flushes w in its body: the path that skips the loop
		// is taken to run it at least once (b.Loop, a range over data).
		// Only a flush that every iteration runs counts: one under a
		// condition (every thousand lines) leaves the tail.
		if (b.Kind == cfg.KindForLoop || b.Kind == cfg.KindRangeLoop) && b.Stmt != nil && c.finishesEachTime(loopBody(b.Stmt), w) {
			return true
		}
		succs := b.Succs
		if len(succs) == 2 && len(b.Nodes) > 0 && (!deferred || c.writeFailed(b, w)) {
			// if err != nil: the error branch is excused, as an error
			// return is. With the flush deferred, an exit there skips it,
			// which is excused only when the error is w's own.
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
		return false
	}
	if suppress {
		return true
	}
	if w.cursor {
		if exit == nil {
			c.reportOpenCursor(w, c.pass.Fset.Position(bad).Line, reopened)
		}
		return true // an exit skipping a deferred Done: the Writer's own check reports the lost output
	}
	if exit != nil {
		c.pass.Report(analysis.Diagnostic{
			Pos:      exit.Pos(),
			End:      exit.End(),
			Category: catExit,
			Message: "this call ends the program without running the deferred Flush or Close of " + w.name +
				" (created at line " + itoa(c.pass.Fset.Position(w.created.Pos()).Line) + "): its buffered output is lost",
		})
		return true
	}
	line := c.pass.Fset.Position(bad).Line
	c.pass.Report(analysis.Diagnostic{
		Pos:      w.created.Pos(),
		End:      w.created.End(),
		Category: catUnflushed,
		Message: w.name + " (" + typeString(w.tn) + ") is not flushed or closed on the path returning at line " +
			itoa(line) + ": its buffered output is lost",
		SuggestedFixes: c.returnFinishFix(w, badRet),
	})
	return true
}

// checkIgnored reports Flush or Close calls on w whose error is dropped,
// when no call flushing or closing w checks its error.
func (c *checker) checkIgnored(w *tracked) {
	if isHashLike(w.tn) || w.memory {
		return
	}
	if isCSV(w.tn) {
		c.checkCSV(w)
		return
	}
	var ignored []*ast.CallExpr
	deferred := map[*ast.CallExpr]*ast.DeferStmt{}
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
				deferred[m.Call] = m
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
		d := analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: catIgnored,
			Message:  "the error of " + w.name + "." + name + " is ignored: a failed write of the buffered output (a full disk, a closed pipe) goes unnoticed",
		}
		if ds, ok := deferred[call]; ok && c.returnsError() {
			d.Message = "the error of the deferred " + w.name + "." + name + " is dropped, and the function returns an error: return it through a named result"
			d.SuggestedFixes = c.deferFix(ds, w, name)
		}
		c.pass.Report(d)
	}
}

// checkCSV reports a *csv.Writer whose Error is never read, at its last
// Flush: csv's Flush returns nothing, and a failed write is only known
// from Error.
func (c *checker) checkCSV(w *tracked) {
	var last *ast.CallExpr
	checked := false
	ast.Inspect(c.body, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch name, _ := c.methodOn(call, w); name {
		case "Flush":
			last = call
		case "Error":
			checked = true
		}
		return true
	})
	if last == nil || checked {
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      last.Pos(),
		End:      last.End(),
		Category: catIgnored,
		Message:  "the error of " + w.name + " is never read: csv's Flush returns nothing, call " + w.name + ".Error() after it",
	})
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
