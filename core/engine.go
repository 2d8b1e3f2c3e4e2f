package core

// Engine is the writing side of a Writer's buffer, and nothing more: it
// writes in place through the Writer's inlined fast paths, but it cannot
// reset, redirect or close the Writer, and it offers no way back to the
// Writer. A writer that puts a transform behind a Writer (a transcoder, a
// compressor) hands out an Engine through a method
//
//	Engine() core.Engine
//
// so that formatters and encoders write into its buffer, ahead of the
// transform, without a call through an interface per value: writing to
// the Engine is writing to the writer that returned it. Code that formats
// or encodes into a writer it is given (format's print functions, codec's
// record Writer) looks for that method, which a *Writer has too.
//
// Every method is the Writer's method of the same name, with the same
// contract (see BufferedWriter), so an Engine is a BufferedWriter. The
// Writer's error and Close belong to the writer that handed the Engine
// out. The zero Engine has no Writer and must not be used.
type Engine struct{ w *Writer }

// Engine returns the writing side of b (see Engine).
func (b *Writer) Engine() Engine { return Engine{b} }

// Write is the Writer's Write. Its fast path inlines.
func (e Engine) Write(p []byte) (int, error) { return e.w.Write(p) }

// WriteString is the Writer's WriteString. Its fast path inlines.
func (e Engine) WriteString(s string) (int, error) { return e.w.WriteString(s) }

// WriteByte is the Writer's WriteByte. Its fast path inlines.
func (e Engine) WriteByte(c byte) error {
	b := e.w
	if len(b.buf) < cap(b.buf) {
		b.buf = append(b.buf, c)
		return nil
	}
	return outline((*Writer).writeByteSlow, b, c)
}

// Reserve is the Writer's Reserve. Its fast path inlines.
func (e Engine) Reserve(n int) []byte {
	b := e.w
	if buf := b.buf; n <= cap(buf)-len(buf) {
		return buf[len(buf):cap(buf)]
	}
	return outline((*Writer).reserveSlow, b, n)
}

// Commit is the Writer's Commit. Its fast path inlines.
func (e Engine) Commit(n int) { e.w.Commit(n) }

// Flush is the Writer's Flush: the buffered bytes go through the
// transform, never past it, as the transforming writer's own Flush does.
func (e Engine) Flush() error { return e.w.Flush() }

// Size is the Writer's Size.
func (e Engine) Size() int { return len(e.w.full) }

// outline calls f, a slow path, with b and x: called through outline,
// which inlines, the slow path costs the inliner a call of a function
// value instead of a named call, which keeps Engine's fast paths (one
// field load more than the Writer's own) within the inlining budget.
func outline[T, R any](f func(*Writer, T) R, b *Writer, x T) R { return f(b, x) }
