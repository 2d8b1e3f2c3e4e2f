package format

import (
	"strconv"
	"time"

	"github.com/fastio-go/fastio/core"
)

// LineBuilder writes one line, value by value, with methods that chain:
//
//	format.Line(w).Str("level=").Str(level).Str(" n=").Int(n).Str(" x=").Fixed(x, 3).Str(" msg=").Quote(msg).End()
//
// writes what PrintLn(w, "level=", level, " n=", n, " x=", Fixed(x, 3), " msg=", Quote(msg))
// writes, without boxing a value into an interface: each method calls the
// typed function of its kind (Str, Int, Float, Put...), in place in w's
// buffer, and nothing allocates. A LineBuilder is a value holding only w,
// so a chain keeps it in a register; each method writes at once, and End
// ends the line with a newline (a chain without End writes the same values
// without one). Errors are w's, reported by its Flush.
type LineBuilder[W Writer] struct {
	w W
}

// Line starts a line on w.
func Line[W Writer](w W) LineBuilder[W] { return LineBuilder[W]{w} }

// Str writes s as it is, as the function Str.
func (l LineBuilder[W]) Str(s string) LineBuilder[W] {
	Str(l.w, s)
	return l
}

// Bytes writes b as it is, as the function Str.
func (l LineBuilder[W]) Bytes(b []byte) LineBuilder[W] {
	Str(l.w, b)
	return l
}

// Int writes v in decimal, as the function Int.
func (l LineBuilder[W]) Int(v int) LineBuilder[W] {
	Int(l.w, v)
	return l
}

// Int64 writes v in decimal, as the function Int.
func (l LineBuilder[W]) Int64(v int64) LineBuilder[W] {
	Int(l.w, v)
	return l
}

// Uint64 writes v in decimal, as the function Int.
func (l LineBuilder[W]) Uint64(v uint64) LineBuilder[W] {
	Int(l.w, v)
	return l
}

// Float writes v in shortest form, as the function Float.
func (l LineBuilder[W]) Float(v float64) LineBuilder[W] {
	Float(l.w, v)
	return l
}

// Fixed writes v with prec digits after the point, as Put(w, Fixed(v, prec)).
func (l LineBuilder[W]) Fixed(v float64, prec int) LineBuilder[W] {
	fixedTo(l.w, v, prec)
	return l
}

// fixedTo is LineBuilder.Fixed, out of line so that the method, one call,
// inlines into the chain.
func fixedTo[W Writer](w W, v float64, prec int) { Put(w, Fixed(v, prec)) }

// Bool writes "true" or "false", as the function Bool.
func (l LineBuilder[W]) Bool(b bool) LineBuilder[W] {
	Bool(l.w, b)
	return l
}

// Quote writes s as a double-quoted Go string literal, as Put(w, Quote(s))
// and strconv.Quote.
func (l LineBuilder[W]) Quote(s string) LineBuilder[W] {
	quoteTo(l.w, s)
	return l
}

// quoteTo is LineBuilder.Quote, out of line so that the method, one call,
// inlines into the chain.
func quoteTo[W Writer](w W, s string) {
	if cw, ok := engine(w); ok {
		quoteCore(cw, s)
		return
	}
	Put(w, Quote(s))
}

// maxQuoteGrowth bounds strconv.AppendQuote's output per input byte: an
// invalid byte becomes \xHH, and no escape of a rune is longer than four
// bytes per byte of its UTF-8 encoding (\U0010FFFF for four bytes).
const maxQuoteGrowth = 4

// quoteCore quotes s in place in w's buffer when its longest quoted form
// fits the buffer, so that no string of that size allocates.
func quoteCore(w core.Engine, s string) {
	if n := maxQuoteGrowth*len(s) + 2; n <= w.Size() {
		p := w.Reserve(n)
		w.Commit(len(strconv.AppendQuote(p[:0], s)))
		return
	}
	Put(w, Quote(s))
}

// Time writes t as Print writes it, as Put(w, Time(t)): RFC 3339 with
// fractional seconds.
func (l LineBuilder[W]) Time(t time.Time) LineBuilder[W] {
	Put(l.w, Time(t))
	return l
}

// Put writes a, a manipulator or any other Appender, as the function Put.
// An Appender that is not a manipulator of this package may be boxed (and
// allocated) by the conversion to the interface; the methods of the kind
// (Fixed, Quote, Time...) never are.
func (l LineBuilder[W]) Put(a Appender) LineBuilder[W] {
	Put(l.w, a)
	return l
}

// End writes the newline that ends the line.
func (l LineBuilder[W]) End() { Ln(l.w) }
