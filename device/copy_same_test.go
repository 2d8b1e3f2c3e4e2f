package device

import (
	"bytes"
	"errors"
	"github.com/fastio-go/fastio/core"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestCopySameFile copies a file onto itself: where the copy would read
// what it writes (it never ended: the file grew without bound) Copy
// refuses at once with ErrSameFile; where the ranges do not overlap it
// copies.
func TestCopySameFile(t *testing.T) {
	content := bytes.Repeat([]byte("abcdefgh"), 1<<14)
	tests := []struct {
		name    string
		open    func(path string) (io.Writer, io.Reader, func(), error)
		refused bool
		want    []byte // the file afterwards, when not refused
	}{
		{"File r+ onto File r", func(path string) (io.Writer, io.Reader, func(), error) {
			dst, err := Open(path, "r+")
			if err != nil {
				return nil, nil, nil, err
			}
			src, err := Open(path, "r")
			return dst, src, func() { dst.Close(); src.Close() }, err
		}, true, nil},
		{"append", func(path string) (io.Writer, io.Reader, func(), error) {
			f, err := Open(path, "a")
			if err != nil {
				return nil, nil, nil, err
			}
			dst := core.NewOwningWriter(f, FileBufferSize)
			src, err := OpenIn(path)
			return dst, src, func() { dst.Close(); src.Close() }, err
		}, true, nil},
		{"os.File at an offset", func(path string) (io.Writer, io.Reader, func(), error) {
			dst, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return nil, nil, nil, err
			}
			dst.Seek(100, io.SeekStart)
			src, err := Open(path, "r")
			return dst, src, func() { dst.Close(); src.Close() }, err
		}, true, nil},
		{"tail to the start", func(path string) (io.Writer, io.Reader, func(), error) {
			dst, err := Open(path, "r+")
			if err != nil {
				return nil, nil, nil, err
			}
			src, err := Open(path, "r")
			src.Seek(int64(len(content)/2), io.SeekStart)
			return dst, src, func() { dst.Close(); src.Close() }, err
		}, false, append(append([]byte{}, content[len(content)/2:]...), content[len(content)/2:]...)},
		{"source at its end", func(path string) (io.Writer, io.Reader, func(), error) {
			dst, err := Open(path, "r+")
			if err != nil {
				return nil, nil, nil, err
			}
			src, err := Open(path, "r")
			src.Seek(0, io.SeekEnd)
			return dst, src, func() { dst.Close(); src.Close() }, err
		}, false, content},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f")
			if err := os.WriteFile(path, content, 0o666); err != nil {
				t.Fatal(err)
			}
			dst, src, closeAll, err := tc.open(path)
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { _, err := Copy(dst, src); done <- err }()
			// A Copy that never ends is caught by go test -timeout, with
			// the stacks that show where it loops; a busy machine only
			// makes it slower.
			err = <-done
			closeAll()
			got, _ := os.ReadFile(path)
			if tc.refused {
				if !errors.Is(err, ErrSameFile) {
					t.Fatalf("Copy = %v, want an error wrapping ErrSameFile", err)
				}
				if !bytes.Equal(got, content) {
					t.Fatalf("a refused Copy changed the file (%d bytes)", len(got))
				}
				return
			}
			if err != nil || !bytes.Equal(got, tc.want) {
				t.Fatalf("Copy = %v; file %d bytes, want %d", err, len(got), len(tc.want))
			}
		})
	}
	t.Run("different files", func(t *testing.T) {
		dir := t.TempDir()
		a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		os.WriteFile(a, content, 0o666)
		src, _ := Open(a, "r")
		dst, _ := Open(b, "w")
		if n, err := Copy(dst, src); err != nil || n != int64(len(content)) {
			t.Fatalf("Copy = %d, %v", n, err)
		}
		src.Close()
		dst.Close()
	})
}
