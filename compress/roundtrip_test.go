package compress

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
	"github.com/google/go-cmp/cmp"
)

// stdInflate inflates with the standard library, as a reference.
func stdInflate(f Format, stream []byte) ([]byte, error) {
	var r io.Reader
	var err error
	switch f {
	case Zlib:
		r, err = zlib.NewReader(bytes.NewReader(stream))
	case Gzip:
		r, err = gzip.NewReader(bytes.NewReader(stream))
	default:
		r = flate.NewReader(bytes.NewReader(stream))
	}
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// writeModes write data to w in different shapes; the compressed output
// must not depend on the shape.
var writeModes = []struct {
	name  string
	write func(w *Writer, data []byte) error
}{
	{"one_write", func(w *Writer, data []byte) error {
		_, err := w.Write(data)
		return err
	}},
	{"byte_writes", func(w *Writer, data []byte) error {
		for _, c := range data {
			if err := w.WriteByte(c); err != nil {
				return err
			}
		}
		return nil
	}},
	{"odd_writes", func(w *Writer, data []byte) error {
		for i := 0; len(data) > 0; i++ {
			n := min(len(data), 1+i*977%70001)
			if _, err := w.WriteString(string(data[:n])); err != nil {
				return err
			}
			data = data[n:]
		}
		return nil
	}},
	{"reserve_commit", func(w *Writer, data []byte) error {
		for len(data) > 0 {
			p := w.Reserve(100)
			n := copy(p[:min(len(p), 3000)], data)
			w.Commit(n)
			data = data[n:]
		}
		return nil
	}},
	{"read_from", func(w *Writer, data []byte) error {
		_, err := w.ReadFrom(&coretest.Reader{Data: data, Faults: coretest.Faults{Max: 5000}})
		return err
	}},
}

func TestWriterRoundTrip(t *testing.T) {
	for _, f := range formats {
		for _, level := range []int{HuffmanOnly, DefaultCompression, NoCompression, BestSpeed, 4, 6, BestCompression} {
			for _, in := range testInputs() {
				var want []byte
				for _, m := range writeModes {
					t.Run(f.String()+"/"+strconv.Itoa(level)+"/"+in.name+"/"+m.name, func(t *testing.T) {
						var out bytes.Buffer
						w, err := NewWriter(&out, f, level, nil)
						if err != nil {
							t.Fatal(err)
						}
						if err := m.write(w, in.data); err != nil {
							t.Fatal(err)
						}
						if err := w.Close(); err != nil {
							t.Fatal(err)
						}
						if want == nil {
							want = append([]byte{}, out.Bytes()...)
						} else if !bytes.Equal(out.Bytes(), want) {
							t.Fatalf("output differs from one_write's (%d vs %d bytes)", out.Len(), len(want))
						}
						got, err := stdInflate(f, out.Bytes())
						if err != nil {
							t.Fatalf("standard library cannot inflate: %v", err)
						}
						if !bytes.Equal(got, in.data) {
							t.Fatalf("standard library inflated %d bytes, want %d", len(got), len(in.data))
						}
						if w.InputSize() != int64(len(in.data)) {
							t.Errorf("InputSize = %d, want %d", w.InputSize(), len(in.data))
						}
					})
				}
			}
		}
	}
}

// readModes read a whole stream from r in different shapes.
var readModes = []struct {
	name string
	read func(r *Reader) ([]byte, error)
}{
	{"read_all", func(r *Reader) ([]byte, error) { return io.ReadAll(r) }},
	{"read_7", func(r *Reader) ([]byte, error) {
		var out []byte
		p := make([]byte, 7)
		for {
			n, err := r.Read(p)
			out = append(out, p[:n]...)
			if err == io.EOF {
				return out, nil
			}
			if err != nil {
				return out, err
			}
		}
	}},
	{"read_large", func(r *Reader) ([]byte, error) {
		var out []byte
		p := make([]byte, r.Size()+100)
		for {
			n, err := r.Read(p)
			out = append(out, p[:n]...)
			if err == io.EOF {
				return out, nil
			}
			if err != nil {
				return out, err
			}
		}
	}},
	{"window", func(r *Reader) ([]byte, error) {
		var out []byte
		for {
			win := r.Window()
			n := min(len(win), 1000)
			out = append(out, win[:n]...)
			r.Consume(n)
			if r.Buffered() > 0 {
				continue
			}
			if _, err := r.Fill(); err == io.EOF {
				return out, nil
			} else if err != nil {
				return out, err
			}
		}
	}},
	{"read_byte", func(r *Reader) ([]byte, error) {
		var out []byte
		for {
			c, err := r.ReadByte()
			if err == io.EOF {
				return out, nil
			}
			if err != nil {
				return out, err
			}
			out = append(out, c)
		}
	}},
	{"peek_discard", func(r *Reader) ([]byte, error) {
		var out []byte
		for i := 0; ; i++ {
			p, err := r.Peek(1 + i*131%3000)
			out = append(out, p...)
			if n, derr := r.Discard(len(p)); n != len(p) || derr != nil {
				return out, fmt.Errorf("Discard(%d) = %d, %v after Peek", len(p), n, derr)
			}
			if err == io.EOF {
				return out, nil
			}
			if err != nil {
				return out, err
			}
		}
	}},
	{"write_to", func(r *Reader) ([]byte, error) {
		var b bytes.Buffer
		_, err := r.WriteTo(&b)
		return b.Bytes(), err
	}},
}

func TestReaderRoundTrip(t *testing.T) {
	sources := []struct {
		name string
		src  func(p []byte) io.Reader
	}{
		{"bytes", func(p []byte) io.Reader { return bytes.NewReader(p) }},
		{"span", func(p []byte) io.Reader { return core.NewSpanReader(p) }},
		{"one_byte_reads", func(p []byte) io.Reader { return &coretest.Reader{Data: p, Faults: coretest.Faults{Max: 1}} }},
		{"eof_with_data", func(p []byte) io.Reader {
			return &coretest.Reader{Data: p, EOFWithData: true, Faults: coretest.Faults{Max: 777}}
		}},
		{"small_core_reader", func(p []byte) io.Reader { return core.NewReaderSize(bytes.NewReader(p), 64) }},
	}
	for _, f := range formats {
		for _, in := range testInputs() {
			stream := compressBytes(t, f, 6, in.data)
			for _, s := range sources {
				for _, m := range readModes {
					t.Run(f.String()+"/"+in.name+"/"+s.name+"/"+m.name, func(t *testing.T) {
						r, err := NewReader(s.src(stream), f, &ReaderOptions{BufferSize: 4096})
						if err != nil {
							t.Fatal(err)
						}
						got, err := m.read(r)
						if err != nil {
							t.Fatal(err)
						}
						if diff := cmp.Diff(len(in.data), len(got)); diff != "" || !bytes.Equal(got, in.data) {
							t.Fatalf("inflated data differs (len -want +got: %s)", diff)
						}
						if r.InputOffset() != int64(len(stream)) {
							t.Errorf("InputOffset = %d, want %d", r.InputOffset(), len(stream))
						}
						if r.OutputSize() != int64(len(in.data)) {
							t.Errorf("OutputSize = %d, want %d", r.OutputSize(), len(in.data))
						}
						if _, err := r.Fill(); err != io.EOF {
							t.Errorf("Fill after end = %v, want io.EOF", err)
						}
					})
				}
			}
		}
	}
}

// TestReaderStdStreams inflates what the standard library compresses.
func TestReaderStdStreams(t *testing.T) {
	for _, in := range testInputs() {
		for _, level := range []int{1, 6, 9} {
			for _, f := range formats {
				t.Run(f.String()+"/"+in.name+"/"+strconv.Itoa(level), func(t *testing.T) {
					var b bytes.Buffer
					var w io.WriteCloser
					switch f {
					case Zlib:
						w, _ = zlib.NewWriterLevel(&b, level)
					case Gzip:
						w, _ = gzip.NewWriterLevel(&b, level)
					default:
						w, _ = flate.NewWriter(&b, level)
					}
					w.Write(in.data)
					w.Close()
					got, err := inflateAll(f, b.Bytes(), nil)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, in.data) {
						t.Fatalf("inflated %d bytes, want %d", len(got), len(in.data))
					}
				})
			}
		}
	}
}

func TestDictionary(t *testing.T) {
	dict := []byte("the quick brown fox jumps over the lazy dog; ")
	data := bytes.Repeat([]byte("the lazy dog and the quick brown fox; "), 50)
	for _, f := range []Format{Zlib, Deflate} {
		t.Run(f.String(), func(t *testing.T) {
			var out bytes.Buffer
			w, err := NewWriter(&out, f, 6, &WriterOptions{Dict: dict})
			if err != nil {
				t.Fatal(err)
			}
			w.Write(data)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			got, err := inflateAll(f, out.Bytes(), &ReaderOptions{Dict: dict})
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("round trip with dictionary: %v", err)
			}
			// The standard library agrees.
			var sr io.Reader
			if f == Zlib {
				sr, err = zlib.NewReaderDict(bytes.NewReader(out.Bytes()), dict)
				if err != nil {
					t.Fatal(err)
				}
			} else {
				sr = flate.NewReaderDict(bytes.NewReader(out.Bytes()), dict)
			}
			if got, err := io.ReadAll(sr); err != nil || !bytes.Equal(got, data) {
				t.Fatalf("standard library with dictionary: %v", err)
			}
		})
	}
	t.Run("zlib_missing", func(t *testing.T) {
		stream := func() []byte {
			var out bytes.Buffer
			w, _ := NewWriter(&out, Zlib, 6, &WriterOptions{Dict: dict})
			w.Write(data)
			w.Close()
			return out.Bytes()
		}()
		_, err := inflateAll(Zlib, stream, nil)
		var e *Error
		if !errors.Is(err, ErrDictionary) || !errors.As(err, &e) || e.Offset != 2 {
			t.Fatalf("err = %v, want ErrDictionary at offset 2", err)
		}
		_, err = inflateAll(Zlib, stream, &ReaderOptions{Dict: []byte("other")})
		if !errors.Is(err, ErrDictionary) {
			t.Fatalf("wrong dictionary: err = %v, want ErrDictionary", err)
		}
	})
	t.Run("gzip_rejects", func(t *testing.T) {
		if _, err := NewWriter(io.Discard, Gzip, 6, &WriterOptions{Dict: dict}); !errors.Is(err, ErrDictionary) {
			t.Errorf("NewWriterDict(gzip) err = %v", err)
		}
		if _, err := NewReader(bytes.NewReader(nil), Gzip, &ReaderOptions{Dict: dict}); !errors.Is(err, ErrDictionary) {
			t.Errorf("NewReader(gzip, dict) err = %v", err)
		}
	})
}
