package compress

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"testing"
)

// emptyReader returns no bytes and no error, for ever.
type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

// TestErrorVocabulary checks that the errors meaning the same thing
// across fastio match the standard ones: truncation io.ErrUnexpectedEOF,
// use after Close fs.ErrClosed, a source that yields nothing
// io.ErrNoProgress.
func TestErrorVocabulary(t *testing.T) {
	data := textCorpus(50<<10, 5)
	closedWriter := func(f Format) *Writer {
		w, _ := NewWriter(io.Discard, f, 6, nil)
		w.Write(data)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return w
	}
	closedReader := func(f Format) *Reader {
		r, _ := NewReader(bytes.NewReader(compressBytes(t, f, 6, data)), f, nil)
		r.Close()
		return r
	}
	type tc struct {
		name string
		run  func(f Format) error
		want error
	}
	tests := []tc{
		{"truncated_header", func(f Format) error {
			_, err := inflateAll(f, compressBytes(t, f, 6, data)[:1], nil)
			return err
		}, io.ErrUnexpectedEOF},
		{"truncated_body", func(f Format) error {
			s := compressBytes(t, f, 6, data)
			_, err := inflateAll(f, s[:len(s)/2], nil)
			return err
		}, io.ErrUnexpectedEOF},
		{"truncated_trailer", func(f Format) error {
			s := compressBytes(t, f, 6, data)
			_, err := inflateAll(f, s[:len(s)-1], nil)
			return err
		}, io.ErrUnexpectedEOF},
		{"writer_write_after_close", func(f Format) error {
			_, err := closedWriter(f).Write([]byte("x"))
			return err
		}, fs.ErrClosed},
		{"writer_flush_after_close", func(f Format) error { return closedWriter(f).Flush() }, fs.ErrClosed},
		{"writer_close_twice", func(f Format) error { return closedWriter(f).Close() }, fs.ErrClosed},
		{"writer_readfrom_after_close", func(f Format) error {
			_, err := closedWriter(f).ReadFrom(bytes.NewReader(data))
			return err
		}, fs.ErrClosed},
		{"reader_read_after_close", func(f Format) error {
			_, err := closedReader(f).Read(make([]byte, 10))
			return err
		}, fs.ErrClosed},
		{"reader_fill_after_close", func(f Format) error {
			_, err := closedReader(f).Fill()
			return err
		}, fs.ErrClosed},
		{"reader_close_twice", func(f Format) error { return closedReader(f).Close() }, fs.ErrClosed},
		{"writer_readfrom_no_progress", func(f Format) error {
			w, _ := NewWriter(io.Discard, f, 6, nil)
			_, err := w.ReadFrom(emptyReader{})
			return err
		}, io.ErrNoProgress},
		{"reader_source_no_progress", func(f Format) error {
			r, _ := NewReader(emptyReader{}, f, nil)
			_, err := r.Read(make([]byte, 10))
			return err
		}, io.ErrNoProgress},
	}
	for _, tc := range tests {
		for _, f := range formats {
			t.Run(tc.name+"/"+f.String(), func(t *testing.T) {
				err := tc.run(f)
				if !errors.Is(err, tc.want) {
					t.Fatalf("err = %v, want one matching %v", err, tc.want)
				}
			})
		}
	}
	// The package's own sentinel still matches the truncation.
	s := compressBytes(t, Zlib, 6, data)
	if _, err := inflateAll(Zlib, s[:10], nil); !errors.Is(err, ErrTruncated) {
		t.Errorf("err = %v, want ErrTruncated too", err)
	}
}
