package format_test

import (
	"errors"
	"io"
	"testing"

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

// TestFprintShortWrite checks that Fprint and FprintLn report a short
// write without an error as io.ErrShortWrite, and pass a device error on.
func TestFprintShortWrite(t *testing.T) {
	prints := map[string]func(w io.Writer, args ...any) error{"Fprint": format.Fprint, "FprintLn": format.FprintLn}
	for name, print := range prints {
		var w shortWriter
		if err := print(&w, "abc", 12); !errors.Is(err, io.ErrShortWrite) {
			t.Errorf("%s to a writer that took %q of the output returned %v, want io.ErrShortWrite", name, w.got, err)
		}
		if err := print(failWriter{}, "abc"); !errors.Is(err, errDevice) {
			t.Errorf("%s to a failing writer returned %v, want its error", name, err)
		}
		if err := print(io.Discard, "abc"); err != nil {
			t.Errorf("%s to io.Discard returned %v", name, err)
		}
	}
}
