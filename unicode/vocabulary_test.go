package unicode

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"testing"
)

// stuck is a device that never makes progress: no bytes and no error.
type stuck struct{}

func (stuck) Write([]byte) (int, error) { return 0, nil }
func (stuck) Read([]byte) (int, error)  { return 0, nil }

// TestErrorVocabulary checks that the errors of this package say truncated
// input, use after close and no progress the way every fastio module does:
// errors.Is with io.ErrUnexpectedEOF, fs.ErrClosed and io.ErrNoProgress.
func TestErrorVocabulary(t *testing.T) {
	strict, _ := New(UTF8, UTF16LE, Options{Strict: true})
	plain, _ := New(UTF8, UTF16LE, Options{})
	tests := []struct {
		name string
		err  func() error
		want error
	}{
		{"truncated, Append", func() error { _, err := strict.Append(nil, []byte("ab\xe2\x82")); return err }, io.ErrUnexpectedEOF},
		{"truncated, Validate", func() error { return Validate(UTF16LE, []byte("a\x00\x3d")) }, io.ErrUnexpectedEOF},
		{"truncated, Writer.Close", func() error {
			w := strict.NewWriter(io.Discard)
			w.WriteString("ab\xf0\x9f")
			return w.Close()
		}, io.ErrUnexpectedEOF},
		{"truncated, Reader", func() error {
			_, err := io.ReadAll(strict.NewReader(bytes.NewReader([]byte("ab\xf0"))))
			return err
		}, io.ErrUnexpectedEOF},
		{"truncated, sentinel", func() error { return ErrTruncated }, io.ErrUnexpectedEOF},
		{"closed, Writer.Write", func() error {
			w := plain.NewWriter(io.Discard)
			w.Close()
			_, err := w.Write([]byte("x"))
			return err
		}, fs.ErrClosed},
		{"closed, Writer.Close", func() error {
			w := plain.NewWriter(io.Discard)
			w.Close()
			return w.Close()
		}, fs.ErrClosed},
		{"closed, Reader.Read", func() error {
			r := plain.NewReader(bytes.NewReader([]byte("abc")))
			r.Close()
			_, err := r.Read(make([]byte, 8))
			return err
		}, fs.ErrClosed},
		{"no progress, Writer", func() error {
			w := plain.NewWriter(stuck{})
			w.WriteString("abc")
			return w.Close()
		}, io.ErrNoProgress},
		{"no progress, Reader", func() error {
			_, err := plain.NewReader(stuck{}).Read(make([]byte, 8))
			return err
		}, io.ErrNoProgress},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.err(); !errors.Is(err, tc.want) {
				t.Fatalf("error %v does not satisfy errors.Is(err, %v)", err, tc.want)
			}
		})
	}
	// A truncated sequence is not an ill-formed one, nor the reverse.
	_, err := strict.Append(nil, []byte("\xe2\x82"))
	if !errors.Is(err, ErrTruncated) || errors.Is(err, ErrInvalid) {
		t.Fatalf("truncated: %v", err)
	}
	_, err = strict.Append(nil, []byte("\xff"))
	if errors.Is(err, io.ErrUnexpectedEOF) || !errors.Is(err, ErrInvalid) {
		t.Fatalf("invalid: %v", err)
	}
}
