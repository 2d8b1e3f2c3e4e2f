package format

// scratchBuf is the pooled in-memory output the print functions format
// into for a writer that lends no buffer of its own (see Writer), and
// the tests. It is a core.BufferedWriter whose Reserve and
// Commit inline, so that formatting into it costs what formatting into a
// core.Writer costs.
type scratchBuf struct{ buf []byte }

func (b *scratchBuf) Bytes() []byte { return b.buf }

func (b *scratchBuf) Len() int { return len(b.buf) }

func (b *scratchBuf) Reset() { b.buf = b.buf[:0] }

func (b *scratchBuf) Write(p []byte) (int, error) {
	b.buf = append(b.buf, p...)
	return len(p), nil
}

func (b *scratchBuf) WriteString(s string) (int, error) {
	b.buf = append(b.buf, s...)
	return len(s), nil
}

func (b *scratchBuf) WriteByte(c byte) error {
	b.buf = append(b.buf, c)
	return nil
}

// Reserve returns the spare capacity, growing it to at least n bytes.
func (b *scratchBuf) Reserve(n int) []byte {
	if n > cap(b.buf)-len(b.buf) {
		b.grow(n)
	}
	return b.buf[len(b.buf):cap(b.buf)]
}

func (b *scratchBuf) grow(n int) {
	nb := make([]byte, len(b.buf), max(2*cap(b.buf), len(b.buf)+n, 64))
	copy(nb, b.buf)
	b.buf = nb
}

// Commit appends the first n bytes of the last reserved slice. The
// print functions commit only what they formatted there, so a count
// outside the spare capacity is a bug of this package: it appends
// nothing.
func (b *scratchBuf) Commit(n int) {
	if uint(n) <= uint(cap(b.buf)-len(b.buf)) {
		b.buf = b.buf[:len(b.buf)+n]
	}
}

// Flush does nothing: the bytes are in memory.
func (b *scratchBuf) Flush() error { return nil }
