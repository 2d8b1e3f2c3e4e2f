package format

import (
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// stuckReader returns no bytes and no error, forever.
type stuckReader struct{}

func (stuckReader) Read([]byte) (int, error) { return 0, nil }

// TestErrorVocabulary checks the three shared error meanings through the
// scanner: truncated input matches io.ErrUnexpectedEOF, a reader used
// after Close fs.ErrClosed, a reader that makes no progress
// io.ErrNoProgress; and the clean end is io.EOF itself.
func TestErrorVocabulary(t *testing.T) {
	closed := core.NewReader(strings.NewReader("1 2"))
	closed.Close()
	tests := []struct {
		name string
		err  func() error
		is   error
		not  error
	}{
		{"truncated", func() error { var a, b int; return NewScanner(strings.NewReader("1")).Scan(&a, &b) }, io.ErrUnexpectedEOF, io.EOF},
		{"clean end", func() error { var a int; return NewScanner(strings.NewReader("")).Scan(&a) }, io.EOF, io.ErrUnexpectedEOF},
		{"after close", func() error { _, err := NewScanner(closed).Int(); return err }, fs.ErrClosed, io.EOF},
		{"no progress", func() error { _, err := NewScanner(stuckReader{}).Int(); return err }, io.ErrNoProgress, io.EOF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.err()
			if !errors.Is(err, tt.is) || errors.Is(err, tt.not) {
				t.Fatalf("error %v: want errors.Is %v and not %v", err, tt.is, tt.not)
			}
		})
	}
}

// TestScannerBufferSize checks that the reader's buffer size bounds the
// token length.
func TestScannerBufferSize(t *testing.T) {
	long := strings.Repeat("7", 100)
	if _, err := ScanInt[int64](NewScanner(core.NewReaderSize(strings.NewReader(long+" "), 0)), 10); !errors.Is(err, ErrTooLong) {
		t.Fatalf("a 100-digit token in a 64-byte buffer: %v, want %v", err, ErrTooLong)
	}
	s := NewScanner(core.NewReaderSize(strings.NewReader("12 34"), 0))
	if a, err := s.Int(); err != nil || a != 12 {
		t.Fatal(a, err)
	}
	if b, err := s.Int(); err != nil || b != 34 {
		t.Fatal(b, err)
	}
}
