package flushcheck

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
)

// The checks of core.Cursor, a value-typed batch writer whose methods return
// the advanced Cursor. Its misuses lose bytes without an error:
//
//   - the result of PutString or Put discarded (a statement, or assigned to
//     _): the next write through the old Cursor overwrites the bytes, or
//     Done on it ends the batch before them;
//   - that result assigned to another variable while the receiver is used
//     again: the same, through the receiver;
//   - defer c.Done() on a c assigned again later: the deferred call got the
//     Cursor of the defer statement and ends the batch there;
//   - a Cursor never ended by Done: its bytes never reach the Writer (whose
//     next write or Flush then fails with ErrStaleCursor).

// isCursor reports whether t is core.Cursor.
func isCursor(t types.Type) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == fastioPrefix+"core" && n.Obj().Name() == "Cursor"
}

// cursorMethod returns the method name and the receiver when call is a call
// of a method of core.Cursor.
func (c *checker) cursorMethod(e ast.Expr) (string, ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return "", nil, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", nil, false
	}
	if s, ok := c.pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.MethodVal || !isCursor(c.pass.TypesInfo.TypeOf(sel.X)) {
		return "", nil, false
	}
	return sel.Sel.Name, sel.X, true
}

func isWrite(name string) bool { return name == "PutString" || name == "Put" }

// chainRoot returns the variable a chain of PutString and Put calls starts
// from (c in c.PutString(a).Put(b)), or nil.
func (c *checker) chainRoot(e ast.Expr) *types.Var {
	name, recv, ok := c.cursorMethod(e)
	if !ok || !isWrite(name) {
		return nil
	}
	if id, ok := ast.Unparen(recv).(*ast.Ident); ok {
		v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
		return v
	}
	return c.chainRoot(recv)
}

// cursorChainOn reports whether e is a chain of PutString and Put calls on v.
func (c *checker) cursorChainOn(e ast.Expr, v *types.Var) bool {
	return v != nil && c.chainRoot(e) == v
}

// opensCursor reports whether e is a call of a method named Cursor that
// returns a core.Cursor (core.Writer.Cursor, or that of a type embedding it).
func (c *checker) opensCursor(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !isCursor(c.pass.TypesInfo.TypeOf(call)) {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Cursor" {
		return false
	}
	s, ok := c.pass.TypesInfo.Selections[sel]
	return ok && s.Kind() == types.MethodVal && !isCursor(c.pass.TypesInfo.TypeOf(sel.X))
}

// opensCursorChain reports whether e opens a Cursor, directly or followed
// by PutString and Put calls: w.Cursor().PutString(s).
func (c *checker) opensCursorChain(e ast.Expr) bool {
	if c.opensCursor(e) {
		return true
	}
	name, recv, ok := c.cursorMethod(e)
	return ok && isWrite(name) && c.opensCursorChain(recv)
}

// local returns the variable id declares or uses when it is a local of the
// function, else nil.
func (c *checker) local(id *ast.Ident) *types.Var {
	v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Pos() < c.body.Pos() || v.Pos() > c.body.End() {
		return nil
	}
	return v
}

// checkCursors runs the Cursor checks over the function's body (nested
// function literals are checked on their own).
func (c *checker) checkCursors() {
	var opened []*tracked
	pair := func(lhs, rhs ast.Expr, node ast.Node) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return
		}
		if id.Name == "_" {
			c.discarded(rhs)
			return
		}
		v := c.local(id)
		if v == nil {
			return
		}
		if c.opensCursorChain(rhs) {
			opened = append(opened, &tracked{v: v, created: node, name: id.Name, cursor: true})
			return
		}
		if r := c.chainRoot(rhs); r != nil && r != v {
			c.assignedAway(rhs, id.Name, r, node)
		}
	}
	ast.Inspect(c.body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			c.discarded(s.X)
		case *ast.AssignStmt:
			if len(s.Lhs) == len(s.Rhs) {
				for i := range s.Lhs {
					pair(s.Lhs[i], s.Rhs[i], s)
				}
			}
		case *ast.ValueSpec:
			if len(s.Names) == len(s.Values) {
				for i := range s.Names {
					pair(s.Names[i], s.Values[i], s)
				}
			}
		case *ast.DeferStmt:
			c.deferredDone(s)
		}
		return true
	})
	for _, w := range opened {
		if !c.cursorEscapes(w) {
			c.checkPaths(w, false)
		}
	}
}

// discarded reports e when it is a PutString or Put call on a Cursor whose
// result is dropped.
func (c *checker) discarded(e ast.Expr) {
	name, _, ok := c.cursorMethod(e)
	if !ok || !isWrite(name) {
		return
	}
	r := "c"
	if v := c.chainRoot(e); v != nil {
		r = v.Name()
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      e.Pos(),
		End:      e.End(),
		Category: catCursor,
		Message: "result of Cursor." + name + " is discarded: the next write overwrites its bytes, or Done ends before them; write " +
			r + " = " + r + "." + name + "(...)",
	})
}

// assignedAway reports d := c.PutString(...) (node) when a path from it
// reads c again before giving c a new value: c still stands before the
// bytes.
func (c *checker) assignedAway(e ast.Expr, to string, r *types.Var, node ast.Node) {
	var start *cfg.Block
	idx := -1
	for _, b := range c.g.Blocks {
		for i, n := range b.Nodes {
			if n == node {
				start, idx = b, i
			}
		}
	}
	if start == nil {
		return
	}
	seen := map[*cfg.Block]bool{}
	var walk func(b *cfg.Block, from int) ast.Node
	walk = func(b *cfg.Block, from int) ast.Node {
		for _, n := range b.Nodes[from:] {
			read, write := c.readsWrites(n, r)
			if read != nil {
				return read
			}
			if write {
				return nil
			}
		}
		for _, s := range b.Succs {
			if seen[s] {
				continue
			}
			seen[s] = true
			if n := walk(s, 0); n != nil {
				return n
			}
		}
		return nil
	}
	use := walk(start, idx+1)
	if use == nil {
		return
	}
	name, _, _ := c.cursorMethod(e)
	c.pass.Report(analysis.Diagnostic{
		Pos:      e.Pos(),
		End:      e.End(),
		Category: catCursor,
		Message: "result of Cursor." + name + " is assigned to " + to + ", but " + r.Name() + " is used again at line " +
			itoa(c.pass.Fset.Position(use.Pos()).Line) + " and still stands before these bytes: write " +
			r.Name() + " = " + r.Name() + "." + name + "(...), or use only " + to + " from here on",
	})
}

// readsWrites returns the first read of v in the CFG node n (nil if none)
// and whether n gives v a new value. The right side of an assignment is
// read before its left side is written. Function literals are not looked
// into.
func (c *checker) readsWrites(n ast.Node, v *types.Var) (ast.Node, bool) {
	var read ast.Node
	find := func(x ast.Node) {
		ast.Inspect(x, func(m ast.Node) bool {
			if read != nil {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.Ident:
				if c.pass.TypesInfo.Uses[m] == v {
					read = m
				}
			}
			return true
		})
	}
	a, ok := n.(*ast.AssignStmt)
	if !ok {
		find(n)
		return read, false
	}
	for _, r := range a.Rhs {
		find(r)
	}
	write := false
	for _, l := range a.Lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok {
			if c.pass.TypesInfo.ObjectOf(id) == v {
				write = true
				if a.Tok != token.ASSIGN && a.Tok != token.DEFINE {
					read = id // c += ...: not a Cursor, but a read all the same
				}
			}
			continue
		}
		find(l)
	}
	return read, write
}

// deferredDone reports defer c.Done() when c is assigned again after the
// defer statement: the deferred call has the Cursor of the defer statement.
func (c *checker) deferredDone(d *ast.DeferStmt) {
	name, recv, ok := c.cursorMethod(d.Call)
	if !ok || name != "Done" {
		return
	}
	id, ok := ast.Unparen(recv).(*ast.Ident)
	if !ok {
		return
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return
	}
	var later ast.Node
	ast.Inspect(c.body, func(m ast.Node) bool {
		if later != nil {
			return false
		}
		a, ok := m.(*ast.AssignStmt)
		if !ok || a.Pos() < d.End() {
			return true
		}
		for _, l := range a.Lhs {
			if lid, ok := ast.Unparen(l).(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(lid) == v {
				later = a
			}
		}
		return true
	})
	if later == nil {
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      d.Pos(),
		End:      d.End(),
		Category: catCursor,
		Message: "defer " + id.Name + ".Done() ends the Cursor where " + id.Name + " stands at the defer, but " + id.Name +
			" is assigned again at line " + itoa(c.pass.Fset.Position(later.Pos()).Line) +
			": the bytes written after the defer are lost; call " + id.Name + ".Done() after the last write",
	})
}

// cursorEscapes reports whether the Cursor w leaves the function: returned,
// passed to a function, stored, assigned to another variable (itself or a
// PutString or Put result), captured by a closure other than a deferred
// one, or its method taken as a value.
func (c *checker) cursorEscapes(w *tracked) bool {
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
		if ok && c.pass.TypesInfo.Uses[id] == w.v && c.cursorUseEscapes(stack, w) {
			escaped = true
		}
		return true
	})
	return escaped
}

// up returns the index in stack of the nearest ancestor of stack[i] that is
// not a parenthesis, and the child of that ancestor on the way.
func up(stack []ast.Node, i int) (int, ast.Node) {
	child := stack[i]
	for j := i - 1; j >= 0; j-- {
		if _, ok := stack[j].(*ast.ParenExpr); !ok {
			return j, child
		}
		child = stack[j]
	}
	return -1, child
}

// cursorUseEscapes classifies one use of w; stack holds its ancestors, the
// identifier last.
func (c *checker) cursorUseEscapes(stack []ast.Node, w *tracked) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		if lit, ok := stack[i].(*ast.FuncLit); ok {
			if i > 1 {
				if call, ok := stack[i-1].(*ast.CallExpr); ok && call.Fun == lit {
					if _, ok := stack[i-2].(*ast.DeferStmt); ok {
						return false
					}
				}
			}
			return true
		}
	}
	i, child := up(stack, len(stack)-1)
	for i >= 0 {
		switch p := stack[i].(type) {
		case *ast.AssignStmt:
			for j, l := range p.Lhs {
				if l == child {
					return false // a new value for w
				}
				if j < len(p.Rhs) && p.Rhs[j] == child {
					id, ok := ast.Unparen(l).(*ast.Ident)
					return !ok || !(id.Name == "_" || c.pass.TypesInfo.ObjectOf(id) == w.v)
				}
			}
			return true
		case *ast.SelectorExpr:
			if p.X != child || i == 0 {
				return true
			}
			call, ok := stack[i-1].(*ast.CallExpr)
			if !ok || call.Fun != p {
				return true // a method value
			}
			if !isWrite(p.Sel.Name) {
				return false // Done
			}
			// A write: where its result goes decides.
			i, child = up(stack, i-1)
		case *ast.ExprStmt, *ast.DeferStmt:
			return false
		default:
			return true
		}
	}
	return true
}

// reportOpenCursor reports the Cursor w not ended by Done on the path
// returning at line, or before it is given a new value there (reopened).
func (c *checker) reportOpenCursor(w *tracked, line int, reopened bool) {
	where := "on the path returning at line "
	if reopened {
		where = "before it is given a new value at line "
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      w.created.Pos(),
		End:      w.created.End(),
		Category: catCursor,
		Message: w.name + " (core.Cursor) is not ended by Done " + where + itoa(line) +
			": its bytes never reach the Writer, whose next write or Flush fails with ErrStaleCursor; call " +
			w.name + ".Done() after the last write",
	})
}
