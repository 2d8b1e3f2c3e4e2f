package format

// String and Grow serve the tests, which print into a scratchBuf.

func (b *scratchBuf) String() string { return string(b.buf) }

func (b *scratchBuf) Grow(n int) {
	if n > cap(b.buf)-len(b.buf) {
		b.grow(n)
	}
}
