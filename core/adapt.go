package core

import (
	"bufio"
	"bytes"
	"io"
)

// WrapWriter returns a BufferedWriter that writes to w:
//
//   - w itself if it already implements BufferedWriter (every fastio device
//     does);
//   - an adapter over a *bufio.Writer that formats into its
//     AvailableBuffer, so that no second buffer sits between the caller and
//     bufio;
//   - an adapter over a *bytes.Buffer that formats into its spare
//     capacity, growing it as Reserve asks: output to memory, copied once,
//     whose Flush does nothing but report a Commit outside the reserved
//     space (ErrInvalidCount);
//   - otherwise a new Writer of DefaultBufferSize over w (an *os.File, a
//     net.Conn, a bytes.Buffer, any io.Writer).
//
// The caller must Flush the result to push the bytes out.
func WrapWriter(w io.Writer) BufferedWriter {
	switch v := w.(type) {
	case BufferedWriter:
		return v
	case *bufio.Writer:
		return &bufioWriter{w: v}
	case *bytes.Buffer:
		return &bytesWriter{b: v}
	}
	return NewWriter(w)
}

// WrapReader returns a BufferedReader that reads from r:
//
//   - r itself if it already implements BufferedReader;
//   - an adapter over a *bufio.Reader whose window is bufio's buffer;
//   - otherwise a new Reader of DefaultBufferSize over r.
func WrapReader(r io.Reader) BufferedReader {
	switch v := r.(type) {
	case BufferedReader:
		return v
	case *bufio.Reader:
		return &bufioReader{r: v}
	}
	return NewReader(r)
}

// bufioWriter adapts *bufio.Writer to BufferedWriter through the
// AvailableBuffer + Write protocol bufio documents.
type bufioWriter struct {
	w    *bufio.Writer
	last []byte // the slice handed out by the last Reserve
	tmp  []byte // scratch for reservations larger than bufio's buffer
	err  error  // misuse of Commit, reported by Flush
}

func (a *bufioWriter) Write(p []byte) (int, error) { return a.w.Write(p) }

func (a *bufioWriter) WriteString(s string) (int, error) { return a.w.WriteString(s) }

func (a *bufioWriter) Reserve(n int) []byte {
	if a.w.Available() < n {
		a.w.Flush() // a failure is sticky in bufio and comes back from Flush
	}
	if a.w.Available() >= n {
		p := a.w.AvailableBuffer()
		a.last = p[:cap(p)]
		return a.last
	}
	// bufio's buffer is smaller than n: format into scratch space and let
	// Commit hand it to Write, which passes large writes through.
	if cap(a.tmp) < n {
		a.tmp = make([]byte, n)
	}
	a.last = a.tmp[:cap(a.tmp)]
	return a.last
}

func (a *bufioWriter) Commit(n int) {
	if uint(n) > uint(len(a.last)) {
		if a.err == nil {
			a.err = ErrInvalidCount
		}
		return
	}
	a.w.Write(a.last[:n])
}

// Err reports a misuse of Commit; bufio keeps its own device errors
// private until Write or Flush returns them.
func (a *bufioWriter) Err() error { return a.err }

func (a *bufioWriter) Flush() error {
	if a.err != nil {
		return a.err
	}
	return a.w.Flush()
}

// bytesWriter adapts *bytes.Buffer to BufferedWriter: Reserve grows the
// Buffer and lends its spare capacity, and Commit appends what was
// written there, which bytes.Buffer's Write finds already in place.
type bytesWriter struct {
	b    *bytes.Buffer
	last []byte // the slice handed out by the last Reserve
	err  error  // misuse of Commit, reported by Flush
}

func (a *bytesWriter) Write(p []byte) (int, error) { return a.b.Write(p) }

func (a *bytesWriter) WriteString(s string) (int, error) { return a.b.WriteString(s) }

func (a *bytesWriter) Reserve(n int) []byte {
	a.b.Grow(max(n, 0))
	p := a.b.AvailableBuffer()
	a.last = p[:cap(p)]
	return a.last
}

func (a *bytesWriter) Commit(n int) {
	if uint(n) > uint(len(a.last)) {
		if a.err == nil {
			a.err = ErrInvalidCount
		}
		return
	}
	a.b.Write(a.last[:n])
}

// Err reports a misuse of Commit: a bytes.Buffer's writes cannot fail.
func (a *bytesWriter) Err() error { return a.err }

func (a *bytesWriter) Flush() error { return a.err }

// bufioReader adapts *bufio.Reader to BufferedReader: the window is
// bufio's own buffer, seen through Peek.
type bufioReader struct {
	r *bufio.Reader
}

func (a *bufioReader) Read(p []byte) (int, error) { return a.r.Read(p) }

func (a *bufioReader) Window() []byte {
	p, _ := a.r.Peek(a.r.Buffered())
	return p
}

func (a *bufioReader) Fill() (int, error) {
	have := a.r.Buffered()
	if have >= a.r.Size() {
		return 0, ErrBufferFull
	}
	p, err := a.r.Peek(have + 1)
	if len(p) > have {
		// Peek stops after one successful read; report what it added.
		return a.r.Buffered() - have, nil
	}
	if err == bufio.ErrBufferFull {
		err = ErrBufferFull
	}
	return 0, err
}

func (a *bufioReader) Consume(n int) {
	a.r.Discard(min(max(n, 0), a.r.Buffered()))
}
