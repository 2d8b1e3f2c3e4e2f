package device

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// TestErrorVocabulary checks the error vocabulary core's package doc
// states, for this package: use after close wraps fs.ErrClosed, no
// progress io.ErrNoProgress, missing capabilities errors.ErrUnsupported,
// and OS errors stay reachable through errors.Is; every sentinel names the
// package.
func TestErrorVocabulary(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	os.WriteFile(path, []byte("data"), 0o666)
	closed := func(open func() (io.Closer, error), use func(io.Closer) error) func() error {
		return func() error {
			c, err := open()
			if err != nil {
				return err
			}
			c.Close()
			return use(c)
		}
	}
	openFile := func() (io.Closer, error) { return Open(path, "r") }
	tests := []struct {
		name string
		err  func() error
		want error
	}{
		{"File.Read after Close", closed(openFile, func(c io.Closer) error { _, err := c.(*File).Read(make([]byte, 1)); return err }), fs.ErrClosed},
		{"File.Close twice", closed(openFile, func(c io.Closer) error { return c.Close() }), fs.ErrClosed},
		{"OutFile.Write after Close", closed(func() (io.Closer, error) { return Create(filepath.Join(dir, "o")) },
			func(c io.Closer) error { _, err := c.(*OutFile).Write([]byte("x")); return err }), fs.ErrClosed},
		{"InFile.Read after Close", closed(func() (io.Closer, error) { return OpenIn(path) },
			func(c io.Closer) error { _, err := c.(*InFile).Read(make([]byte, 1)); return err }), fs.ErrClosed},
		{"IOFile.Write after Close", closed(func() (io.Closer, error) { return openInOut(path, "r+") },
			func(c io.Closer) error { return c.Close() }), fs.ErrClosed},
		{"Mapped.Read after Close", closed(func() (io.Closer, error) { return Map(path) },
			func(c io.Closer) error { _, err := c.(*Mapped).Read(make([]byte, 1)); return err }), fs.ErrClosed},
		{"open of a missing file", func() error { _, err := Open(filepath.Join(dir, "missing"), "r"); return err }, fs.ErrNotExist},
		{"bad mode", func() error { _, err := Open(path, "rw"); return err }, ErrBadMode},
		{"Sync without a syncer", func() error { return Sync(core.NewOwningWriter(io.Discard, core.DefaultBufferSize)) }, errors.ErrUnsupported},
		{"Seek of a stream", func() error {
			_, err := NewIOFile(rw{io.Discard, strings.NewReader("")}).Seek(0, io.SeekStart)
			return err
		}, errors.ErrUnsupported},
		{"Map of /dev/zero", func() error { _, err := Map("/dev/zero"); return err }, core.ErrTooLarge},
		{"Map of a directory", func() error { _, err := Map(dir); return err }, ErrIsDir},
		{"Copy onto itself", func() error {
			dst, _ := Open(path, "r+")
			src, _ := Open(path, "r")
			defer dst.Close()
			defer src.Close()
			_, err := Copy(dst, src)
			return err
		}, ErrSameFile},
		{"OutFile over a stuck device", func() error {
			o := core.NewOwningWriter(stuck{}, 64)
			o.WriteString("x")
			return o.Flush()
		}, io.ErrNoProgress},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == core.ErrTooLarge {
				if _, err := os.Stat("/dev/zero"); err != nil {
					t.Skip("no /dev/zero")
				}
			}
			if err := tc.err(); !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want errors.Is %v", err, tc.want)
			}
		})
	}
	for _, e := range []error{ErrBadMode, ErrIsDir, core.ErrFileChanged, core.ErrTooLarge, ErrSameFile} {
		if !strings.HasPrefix(e.Error(), "device: ") && !strings.HasPrefix(e.Error(), "core: ") {
			t.Errorf("sentinel %q does not name its package", e)
		}
	}
	var e *Error
	if err := (&File{name: "x", closed: true}).Close(); !errors.As(err, &e) || e.Op != "close" || e.Path != "x" {
		t.Errorf("a File's error is not an *Error with its context: %v", err)
	}
}

type stuck struct{}

func (stuck) Write([]byte) (int, error) { return 0, nil }
