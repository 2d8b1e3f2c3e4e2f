package flushcheck

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// The suggested fixes, offered where the change is mechanical.

// finishMethod returns the method that ends w's output and returns its
// error: Close for a compressor or a transcoder (Flush would not end the
// stream), Flush for the others; "" when there is none.
func finishMethod(w *tracked) string {
	if w.tn == nil || isHashLike(w.tn) || isCSV(w.tn) {
		return ""
	}
	switch w.tn.Pkg().Path() {
	case "compress/gzip", "compress/zlib", "compress/flate", klauspost + "gzip", klauspost + "zlib",
		klauspost + "flate", klauspost + "zstd", klauspost + "s2", "github.com/klauspost/pgzip",
		fastioPrefix + "compress", fastioPrefix + "unicode":
		return "Close"
	}
	return "Flush"
}

// returnFinishFix returns the fix of a "return ..., nil" that leaves w
// unflushed in a function returning an error: return w's Flush (or Close)
// error in place of the nil.
func (c *checker) returnFinishFix(w *tracked, ret *ast.ReturnStmt) []analysis.SuggestedFix {
	m := finishMethod(w)
	if ret == nil || m == "" || !c.returnsError() || len(ret.Results) != c.sig.Results().Len() {
		return nil
	}
	last := ret.Results[len(ret.Results)-1]
	if !c.isNil(ast.Unparen(last)) {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message:   "return the error of " + w.name + "." + m,
		TextEdits: []analysis.TextEdit{{Pos: last.Pos(), End: last.End(), NewText: []byte(w.name + "." + m + "()")}},
	}}
}

// deferFix returns the fix of "defer w.Flush()" in a function returning an
// error: a named error result, set by the deferred call when the function
// returns no other error.
func (c *checker) deferFix(ds *ast.DeferStmt, w *tracked, method string) []analysis.SuggestedFix {
	res := c.ftype.Results
	if res == nil || len(res.List) == 0 {
		return nil
	}
	var edits []analysis.TextEdit
	var errName string
	lastField := res.List[len(res.List)-1]
	if len(lastField.Names) > 0 {
		errName = lastField.Names[len(lastField.Names)-1].Name
		if errName == "_" {
			return nil
		}
	} else {
		// Name the results: _ for all but the error.
		scope := c.pass.TypesInfo.Scopes[c.ftype]
		for _, n := range []string{"err", "flushErr"} {
			if scope == nil || scope.Lookup(n) == nil {
				errName = n
				break
			}
		}
		if errName == "" {
			return nil
		}
		var b strings.Builder
		b.WriteString("(")
		for i, f := range res.List {
			if i > 0 {
				b.WriteString(", ")
			}
			if i < len(res.List)-1 {
				b.WriteString("_ ")
			} else {
				b.WriteString(errName + " ")
			}
			b.WriteString(types.ExprString(f.Type))
		}
		b.WriteString(")")
		edits = append(edits, analysis.TextEdit{Pos: res.Pos(), End: res.End(), NewText: []byte(b.String())})
	}
	local := "ferr"
	if w.name == local || errName == local {
		local = "e"
	}
	ind := strings.Repeat("\t", c.pass.Fset.Position(ds.Pos()).Column-1)
	text := "defer func() {\n" +
		ind + "\tif " + local + " := " + w.name + "." + method + "(); " + local + " != nil && " + errName + " == nil {\n" +
		ind + "\t\t" + errName + " = " + local + "\n" +
		ind + "\t}\n" +
		ind + "}()"
	edits = append(edits, analysis.TextEdit{Pos: ds.Pos(), End: ds.End(), NewText: []byte(text)})
	return []analysis.SuggestedFix{{
		Message:   "return the error of the deferred " + w.name + "." + method + " through the named result " + errName,
		TextEdits: edits,
	}}
}
