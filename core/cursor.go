package core

import "unsafe"

// Cursor writes a batch of small pieces into a Writer's buffer at the cost
// of a copy to a position it keeps as a pointer. It is a value the
// compiler keeps in registers: each method returns the advanced Cursor,
// which replaces the old one, and Done hands the bytes to the Writer.
//
//	c := w.Cursor()
//	for range n {
//		c = c.PutString("Hello World\n")
//	}
//	c.Done()
//
// PutString, Put and PutByte on a *Writer keep the buffer length in the
// Writer, in memory, so each call loads it and stores it back, and the next
// call reads that store; a Cursor keeps its position in a register, as a
// C loop keeps its pointer. Which costs less depends on how fast the CPU
// forwards a store to the next load (BenchmarkHelloFloor compares them
// with a C-shaped loop). The fast paths of PutString and Put inline; when
// the free space is used up, the Cursor hands its bytes to the Writer,
// which flushes as PutString would, and continues in the emptied buffer. The
// bytes that reach the device are those of the same sequence of PutString
// and Put calls on the Writer, errors included: an error is sticky in the
// Writer, later writes are dropped, and Flush reports it.
//
// While a Cursor is open (from Cursor to Done) the Writer's free space is
// the Cursor's. Rules, and what happens when they are broken:
//
//   - Use only the Cursor the last call returned, and call Done on it
//     once. Each session (from Cursor, or from a refill, to Done) has a
//     number the Cursor carries; Done, or a refill, on a Cursor of an
//     ended session (a copy taken before a refill, a Cursor already done,
//     one from before a Flush, a Reset or another Cursor) makes the Writer
//     fail with ErrStaleCursor and hands it none of the Cursor's bytes.
//     Within one session an older copy is like an older slice after
//     append: it writes over what was written after it, and Done on it
//     keeps only the bytes up to its position; Done on the newer copy
//     then fails. In particular defer c.Done() evaluates c at once and
//     would end the batch with nothing written: call Done after the loop.
//   - Writing to, flushing or closing the Writer, or opening another
//     Cursor, before Done makes the Writer fail with ErrStaleCursor: it
//     cannot know how far the Cursor has written (a Commit with no
//     Reserve before it fails with ErrInvalidCount, as always). Reset is
//     allowed and ends the Cursor.
//   - A stale Cursor's writes go to memory the Writer does not check on
//     the fast path: they are detected at that Cursor's next Done or the
//     next time its free space runs out, and a Flush in between sends
//     them in place of the bytes they overwrote. Ending every copy with
//     Done is what makes such a mistake an error.
//   - The zero Cursor has no Writer: it discards what is written to it.
//
// The free space a Cursor offers is one byte less than the Writer's, so
// that its position is always a pointer into the buffer.
type Cursor struct {
	w *Writer
	// p is the position, &b.full[pos], and end is &b.full[len-1]: the
	// free space is end-p bytes, and p <= end keeps p inside the buffer.
	// Both are nil when the Cursor has no free space to offer (opened on a
	// full buffer, after an error, or the zero Cursor).
	p, end unsafe.Pointer
	gen    uint64 // the Writer's session number when the Cursor was made
}

// Cursor opens a Cursor at the end of the buffered bytes. After an error, or
// while another Cursor is open (which is an error: ErrStaleCursor), it
// returns a Cursor that drops what is written to it.
func (b *Writer) Cursor() Cursor {
	if b.copen {
		b.setErr(ErrStaleCursor)
	}
	if b.err != nil {
		return Cursor{w: b}
	}
	n, end := len(b.buf), len(b.full)
	b.copen, b.cstart = true, n
	b.buf = b.buf[:n:n]
	if n == end {
		return Cursor{w: b, gen: b.cgen} // no room: the first write flushes
	}
	return Cursor{w: b, p: unsafe.Pointer(&b.full[n]), end: unsafe.Pointer(&b.full[end-1]), gen: b.cgen}
}

// PutString writes s and returns the advanced Cursor. Its fast path
// inlines.
func (c Cursor) PutString(s string) Cursor {
	// The sum is compared as a number and never made a pointer, so that
	// no pointer past the buffer is formed.
	if uintptr(c.p)+uintptr(len(s)) > uintptr(c.end) {
		return slow(Cursor.putStringSlow, c, s)
	}
	c.p = unsafe.Add(c.p, copy(unsafe.Slice((*byte)(c.p), len(s)), s))
	return c
}

// Put writes p and returns the advanced Cursor. Its fast path inlines.
func (c Cursor) Put(p []byte) Cursor {
	if uintptr(c.p)+uintptr(len(p)) > uintptr(c.end) {
		return slow(Cursor.putSlow, c, p)
	}
	c.p = unsafe.Add(c.p, copy(unsafe.Slice((*byte)(c.p), len(p)), p))
	return c
}

// slow calls f, a slow path, with c and x. Called through slow rather than
// directly, a slow path keeps PutString and Put inlinable (TestInlining
// says why and checks it). The call is indirect, on the slow path only.
func slow[T any](f func(Cursor, T) Cursor, c Cursor, x T) Cursor { return f(c, x) }

// available returns how many bytes the Cursor can take before it hands its
// bytes to the Writer.
func (c Cursor) available() int { return int(uintptr(c.end) - uintptr(c.p)) }

// Done ends the Cursor: its bytes become the Writer's buffered bytes, to be
// flushed like any other. Done does not flush.
func (c Cursor) Done() {
	if c.w != nil {
		c.settle()
	}
}

// cursorPos returns the buffer offset c has reached (-1 when c does not
// point into the buffer) and whether c belongs to the open session.
func (b *Writer) cursorPos(c Cursor) (int, bool) {
	if !b.copen || c.gen != b.cgen {
		return -1, false
	}
	if c.end == nil {
		// Opened on a full buffer, or handed out after an error: such a
		// Cursor never wrote a byte.
		return b.cstart, b.cstart == len(b.full)
	}
	if len(b.full) == 0 || c.end != unsafe.Pointer(&b.full[len(b.full)-1]) {
		return -1, false // a Cursor on another buffer
	}
	pos := int(uintptr(c.p) - uintptr(unsafe.Pointer(unsafe.SliceData(b.full))))
	if pos < 0 || pos >= len(b.full) {
		return -1, false
	}
	return pos, pos >= b.cstart
}

// settle gives the bytes of c, which must be a Cursor of the open
// session, to the Writer and ends the session; it returns false, after
// recording ErrStaleCursor (unless the Writer has already failed), when c
// is not.
func (c Cursor) settle() bool {
	b := c.w
	pos, live := b.cursorPos(c)
	if !live {
		if b.err == nil {
			b.setErr(ErrStaleCursor)
		}
		return false
	}
	b.buf = b.full[:pos]
	b.copen = false
	b.cgen++
	return true
}

// putSlow gives the Cursor's bytes to the Writer, writes p as PutString
// would (flushing when the buffer is full), and opens a new Cursor.
//
//go:noinline
func (c Cursor) putSlow(p []byte) Cursor {
	if c.w == nil {
		return c
	}
	if !c.settle() {
		return Cursor{w: c.w}
	}
	c.w.Put(p)
	return c.w.Cursor()
}

// putStringSlow is putSlow for a string.
//
//go:noinline
func (c Cursor) putStringSlow(s string) Cursor {
	return c.putSlow(unsafe.Slice(unsafe.StringData(s), len(s)))
}
