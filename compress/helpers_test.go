package compress

import (
	"bytes"
	"io"
	"testing"
)

var formats = []Format{Zlib, Gzip, Deflate}

// compressBytes compresses data in one Write and returns the stream.
func compressBytes(t testing.TB, f Format, level int, data []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	w, err := NewWriter(&out, f, level, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// inflateAll reads the whole stream through a Reader with opts.
func inflateAll(f Format, stream []byte, opts *ReaderOptions) ([]byte, error) {
	r, err := NewReader(bytes.NewReader(stream), f, opts)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// testInputs are the data every round-trip test runs over.
func testInputs() []struct {
	name string
	data []byte
} {
	return []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"one_byte", []byte{'x'}},
		{"short_text", []byte("hello, hello, hello world\n")},
		{"text_200k", textCorpus(200<<10, 7)},
		{"random_100k", randomCorpus(100<<10, 7)},
		{"zeros_300k", make([]byte, 300<<10)},
	}
}
