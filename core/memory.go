package core

import (
	"io"
	"unicode/utf8"
)

// Buffer is a growable in-memory output device, Go's counterpart of C's
// open_memstream: everything written is available afterwards from Bytes
// without a copy. It implements BufferedWriter; Flush does nothing. The zero
// value is an empty Buffer ready to use.
type Buffer struct {
	buf []byte
	err error // a Commit outside the reserved space, reported by Flush
}

// NewBuffer returns a Buffer that appends to p[:len(p)], using p's spare
// capacity before it grows.
func NewBuffer(p []byte) *Buffer { return &Buffer{buf: p} }

// Bytes returns the bytes written, without copying; the slice aliases the
// Buffer until its next write or Reset.
func (b *Buffer) Bytes() []byte { return b.buf }

// String returns the bytes written as a string (a copy).
func (b *Buffer) String() string { return string(b.buf) }

// Len returns the number of bytes written.
func (b *Buffer) Len() int { return len(b.buf) }

// Reset empties the Buffer, keeping its storage, and forgets a Commit
// error.
func (b *Buffer) Reset() { b.buf, b.err = b.buf[:0], nil }

// Grow makes room for at least n more bytes without another allocation.
func (b *Buffer) Grow(n int) {
	if n > cap(b.buf)-len(b.buf) {
		b.grow(n)
	}
}

func (b *Buffer) grow(n int) {
	nb := make([]byte, len(b.buf), max(2*cap(b.buf), len(b.buf)+n, 64))
	copy(nb, b.buf)
	b.buf = nb
}

// Write appends p; it never fails.
func (b *Buffer) Write(p []byte) (int, error) {
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// WriteString appends s; it never fails.
func (b *Buffer) WriteString(s string) (int, error) {
	b.buf = append(b.buf, s...)
	return len(s), nil
}

// WriteByte appends c; it never fails.
func (b *Buffer) WriteByte(c byte) error {
	b.buf = append(b.buf, c)
	return nil
}

// WriteRune appends the UTF-8 encoding of r; it never fails.
func (b *Buffer) WriteRune(r rune) (int, error) {
	n := len(b.buf)
	b.buf = utf8.AppendRune(b.buf, r)
	return len(b.buf) - n, nil
}

// Reserve returns the spare capacity, growing it to at least n bytes.
func (b *Buffer) Reserve(n int) []byte {
	if n > cap(b.buf)-len(b.buf) {
		b.grow(n)
	}
	return b.buf[len(b.buf):cap(b.buf)]
}

// Commit appends the first n bytes of the last reserved slice. A count
// outside it appends nothing and records ErrInvalidCount, which Flush and
// Err report until Reset.
func (b *Buffer) Commit(n int) {
	if uint(n) <= uint(cap(b.buf)-len(b.buf)) {
		b.buf = b.buf[:len(b.buf)+n]
		return
	}
	b.commitSlow()
}

func (b *Buffer) commitSlow() {
	if b.err == nil {
		b.err = ErrInvalidCount
	}
}

// Flush writes nothing (the bytes are already in memory) and returns the
// Commit error, if any.
func (b *Buffer) Flush() error { return b.err }

// Err returns the Commit error, if any: a Buffer's writes cannot fail.
func (b *Buffer) Err() error { return b.err }

// WriteTo writes the contents to w and empties the Buffer.
func (b *Buffer) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(b.buf)
	if n > 0 {
		b.buf = b.buf[:copy(b.buf, b.buf[n:])]
	}
	return int64(n), err
}

// ReadFrom appends everything r yields until io.EOF.
func (b *Buffer) ReadFrom(r io.Reader) (int64, error) {
	return ReadEach(r, func() ([]byte, error) {
		b.Grow(512)
		return b.buf[len(b.buf):cap(b.buf)], nil
	}, func(p []byte) error {
		b.buf = b.buf[:len(b.buf)+len(p)]
		return nil
	})
}

// SpanWriter is an output device over a caller's fixed slice. Writes fill
// it from the start; a write that does not fit writes what fits and returns
// ErrBufferFull, which is then sticky. It implements BufferedWriter: Reserve
// beyond the free space returns scratch space, and Commit of more than fits
// keeps what fits and records ErrBufferFull.
type SpanWriter struct {
	span  []byte
	n     int
	err   error
	tmp   []byte
	inTmp bool
}

// NewSpanWriter returns a SpanWriter over p[:len(p)].
func NewSpanWriter(p []byte) *SpanWriter { return &SpanWriter{span: p} }

// Bytes returns the bytes written, a prefix of the caller's slice.
func (s *SpanWriter) Bytes() []byte { return s.span[:s.n] }

// Len returns the number of bytes written.
func (s *SpanWriter) Len() int { return s.n }

// Available returns the free space left in the span.
func (s *SpanWriter) Available() int { return len(s.span) - s.n }

// Reset empties the SpanWriter and clears its error, keeping its slice.
func (s *SpanWriter) Reset() { s.n, s.err, s.inTmp = 0, nil, false }

// Write copies p into the span.
func (s *SpanWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	m := copy(s.span[s.n:], p)
	s.n += m
	if m < len(p) {
		s.err = ErrBufferFull
		return m, s.err
	}
	return m, nil
}

// WriteString copies str into the span.
func (s *SpanWriter) WriteString(str string) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	m := copy(s.span[s.n:], str)
	s.n += m
	if m < len(str) {
		s.err = ErrBufferFull
		return m, s.err
	}
	return m, nil
}

// Reserve returns the free space of the span, or scratch space of n bytes
// when the span has less.
func (s *SpanWriter) Reserve(n int) []byte {
	if n <= len(s.span)-s.n && s.err == nil {
		s.inTmp = false
		return s.span[s.n:]
	}
	if cap(s.tmp) < n {
		s.tmp = make([]byte, n)
	}
	s.inTmp = true
	return s.tmp[:cap(s.tmp)]
}

// Commit keeps the first n bytes of the last reserved slice.
func (s *SpanWriter) Commit(n int) {
	if !s.inTmp {
		if uint(n) <= uint(len(s.span)-s.n) {
			s.n += n
		} else if s.err == nil {
			s.err = ErrInvalidCount
		}
		return
	}
	s.inTmp = false
	if uint(n) > uint(len(s.tmp)) {
		if s.err == nil {
			s.err = ErrInvalidCount
		}
		return
	}
	s.Write(s.tmp[:n])
}

// Flush returns the sticky error, if any.
func (s *SpanWriter) Flush() error { return s.err }

// Err returns the sticky error, if any, like Flush.
func (s *SpanWriter) Err() error { return s.err }

// SpanReader is an input device over a caller's slice. Its window is the
// unread rest of the slice, so scanning it copies nothing; Fill reports
// io.EOF. It implements BufferedReader.
type SpanReader struct {
	span []byte
	off  int
}

// NewSpanReader returns a SpanReader over p.
func NewSpanReader(p []byte) *SpanReader { return &SpanReader{span: p} }

// Reset makes s read p from its start.
func (s *SpanReader) Reset(p []byte) { s.span, s.off = p, 0 }

// Window returns the unread bytes.
func (s *SpanReader) Window() []byte { return s.span[s.off:] }

// Fill returns 0, io.EOF: a span has nothing more than its window.
func (s *SpanReader) Fill() (int, error) { return 0, io.EOF }

// Consume drops n bytes of the window, clamped to [0, len(Window())].
func (s *SpanReader) Consume(n int) {
	s.off += min(max(n, 0), len(s.span)-s.off)
}

// Read copies from the window; it returns 0, io.EOF at the end.
func (s *SpanReader) Read(p []byte) (int, error) {
	if s.off >= len(s.span) {
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	n := copy(p, s.span[s.off:])
	s.off += n
	return n, nil
}
