package crypto

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
)

// TestErrorVocabulary checks that the errors of this package say truncated
// input and no progress the way every fastio module does: errors.Is with
// io.ErrUnexpectedEOF and io.ErrNoProgress. (A Hasher has no Close, so
// there is no use after close.)
func TestErrorVocabulary(t *testing.T) {
	data := bytes.Repeat([]byte("x"), 5000)
	t0 := time.Unix(1, 0)
	sumFake := func(f fakeFile) error {
		defer func(o func(string) (statReader, io.Closer, error)) { openFile = o }(openFile)
		f.max = 1 << 20
		openFile = func(string) (statReader, io.Closer, error) { return &f, &f, nil }
		_, err := SumFile(SHA256, "fake")
		return err
	}
	tests := []struct {
		name string
		err  func() error
		want []error // each must hold
		not  error   // must not hold
	}{
		{"file shrank: truncated", func() error {
			return sumFake(fakeFile{data: data[:4000], size: 5000, size2: 4000, mtime: t0, mtime2: t0})
		}, []error{core.ErrFileChanged, io.ErrUnexpectedEOF}, nil},
		{"file grew: changed, not truncated", func() error {
			return sumFake(fakeFile{data: data, size: 4000, size2: 5000, mtime: t0, mtime2: t0})
		}, []error{core.ErrFileChanged}, io.ErrUnexpectedEOF},
		{"no progress, ReadFrom", func() error {
			_, err := mustNew(t, SHA256).ReadFrom(emptyReader{})
			return err
		}, []error{io.ErrNoProgress}, nil},
		{"no progress, SumReader", func() error {
			_, _, err := SumReader(SHA512, emptyReader{})
			return err
		}, []error{io.ErrNoProgress}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.err()
			for _, w := range tc.want {
				if !errors.Is(err, w) {
					t.Errorf("error %v does not satisfy errors.Is(err, %v)", err, w)
				}
			}
			if tc.not != nil && errors.Is(err, tc.not) {
				t.Errorf("error %v satisfies errors.Is(err, %v)", err, tc.not)
			}
			var pe *fs.PathError
			if tc.name[:4] == "file" && !errors.As(err, &pe) {
				t.Errorf("error %v names no path", err)
			}
		})
	}
}
