package core_test

import (
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// TestErrorVocabulary checks the vocabulary the package doc states: each
// operation's error satisfies errors.Is for the standard error of its case,
// and every sentinel names the package.
func TestErrorVocabulary(t *testing.T) {
	closedW := core.NewWriter(io.Discard)
	closedW.Close()
	closedR := core.NewReader(strings.NewReader("x"))
	closedR.Close()
	empty := func() (int, error) { return 0, nil }
	tests := []struct {
		name string
		err  func() error
		want error
	}{
		{"Writer.Write after Close", func() error { _, err := closedW.Write([]byte("a")); return err }, fs.ErrClosed},
		{"Writer.Flush after Close", func() error { return closedW.Flush() }, fs.ErrClosed},
		{"Writer.Close twice", func() error { return closedW.Close() }, fs.ErrClosed},
		{"Reader.Read after Close", func() error { _, err := closedR.Read(make([]byte, 1)); return err }, fs.ErrClosed},
		{"Reader.Fill after Close", func() error { _, err := closedR.Fill(); return err }, fs.ErrClosed},
		{"Writer over a stuck device", func() error {
			w := core.NewWriter(writerFunc(func([]byte) (int, error) { return empty() }))
			w.WriteString("x")
			return w.Flush()
		}, io.ErrNoProgress},
		{"Reader over a stuck device", func() error {
			r := core.NewReader(readerFunc(func([]byte) (int, error) { return empty() }))
			_, err := r.Fill()
			return err
		}, io.ErrNoProgress},
		{"ReadEach over a stuck reader", func() error {
			p := make([]byte, 8)
			_, err := core.ReadEach(readerFunc(func([]byte) (int, error) { return empty() }),
				func() ([]byte, error) { return p, nil }, func([]byte) error { return nil })
			return err
		}, io.ErrNoProgress},
		{"Writer.ReadFrom a stuck reader", func() error {
			_, err := core.NewWriter(&coretest.Writer{}).ReadFrom(readerFunc(func([]byte) (int, error) { return empty() }))
			return err
		}, io.ErrNoProgress},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.err(); !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want errors.Is %v", err, tc.want)
			}
		})
	}
	for _, e := range []error{core.ErrBufferFull, core.ErrInvalidCount, core.ErrNilDevice, core.ErrStaleCursor, core.ErrTooLarge, core.ErrFileChanged} {
		if !strings.HasPrefix(e.Error(), "core: ") {
			t.Errorf("sentinel %q does not name the package", e)
		}
	}
	// The errors for the standard cases say where they come from too.
	for _, err := range []error{closedW.Flush(), func() error { _, err := closedR.Fill(); return err }()} {
		if !strings.HasPrefix(err.Error(), "core: ") {
			t.Errorf("error %q does not name the package", err)
		}
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }
