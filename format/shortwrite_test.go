package format_test

import (
	"bufio"
	"errors"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

// shortWriter accepts one byte less than it is given and returns no
// error, which io.Writer forbids; the standard library reports such a
// write as io.ErrShortWrite.
type shortWriter struct{ got []byte }

func (w *shortWriter) Write(p []byte) (int, error) {
	n := max(len(p)-1, 0)
	w.got = append(w.got, p[:n]...)
	return n, nil
}

// failWriter fails every write.
type failWriter struct{}

var errDevice = errors.New("device failed")

func (failWriter) Write(p []byte) (int, error) { return 0, errDevice }

// TestShortWriteReported checks that output printed to an unbuffered
// io.Writer, through the buffered writer that wraps it, is never lost
// silently: a short write without an error makes the wrapper's Flush fail
// (bufio says io.ErrShortWrite; core writes the rest again and says
// io.ErrNoProgress when a write takes nothing), and a device error is
// passed on.
func TestShortWriteReported(t *testing.T) {
	wraps := map[string]func(w io.Writer) format.Writer{
		"core.NewWriter":  func(w io.Writer) format.Writer { return core.NewWriter(w) },
		"bufio.NewWriter": func(w io.Writer) format.Writer { return bufio.NewWriter(w) },
	}
	for name, wrap := range wraps {
		var sw shortWriter
		w := wrap(&sw)
		format.PrintLn(w, "abc", 12)
		if err := w.Flush(); !errors.Is(err, io.ErrShortWrite) && !errors.Is(err, io.ErrNoProgress) {
			t.Errorf("%s over a writer that took %q of the output: Flush returned %v, want io.ErrShortWrite or io.ErrNoProgress", name, sw.got, err)
		}
		w = wrap(failWriter{})
		format.PrintLn(w, "abc")
		if err := w.Flush(); !errors.Is(err, errDevice) {
			t.Errorf("%s over a failing writer: Flush returned %v, want its error", name, err)
		}
		w = wrap(io.Discard)
		format.PrintLn(w, "abc")
		if err := w.Flush(); err != nil {
			t.Errorf("%s over io.Discard: Flush returned %v", name, err)
		}
	}
}
