package core

import "io"

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
