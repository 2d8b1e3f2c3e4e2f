package compress

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
	"github.com/google/go-cmp/cmp"
)

func TestGzipMembers(t *testing.T) {
	a := compressBytes(t, Gzip, 6, []byte("first member\n"))
	b := compressBytes(t, Gzip, 1, []byte("second member\n"))
	empty := compressBytes(t, Gzip, 6, nil)
	tests := []struct {
		name   string
		stream []byte
		opts   *ReaderOptions
		want   string
	}{
		{"two", cat(a, b), nil, "first member\nsecond member\n"},
		{"with_empty", cat(a, empty, b), nil, "first member\nsecond member\n"},
		{"zero_padding", cat(a, b, make([]byte, 700)), nil, "first member\nsecond member\n"},
		{"single_member_stop", cat(a, b), &ReaderOptions{SingleMember: true, StopAtEnd: true}, "first member\n"},
		{"stop_before_garbage", cat(a, []byte("GARBAGE")), &ReaderOptions{StopAtEnd: true}, "first member\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := inflateAll(Gzip, tc.stream, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Fatalf("-want +got:\n%s", diff)
			}
		})
	}
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// TestStopAtEnd reads streams embedded in a larger input: after each, the
// source is positioned exactly after it.
func TestStopAtEnd(t *testing.T) {
	sources := []struct {
		name string
		src  func(p []byte) io.Reader
	}{
		{"core_reader", func(p []byte) io.Reader { return core.NewReaderSize(bytes.NewReader(p), 4096) }},
		{"bytes_reader", func(p []byte) io.Reader { return bytes.NewReader(p) }},
		{"span", func(p []byte) io.Reader { return core.NewSpanReader(p) }},
	}
	for _, f := range formats {
		for _, sk := range sources {
			t.Run(f.String()+"/"+sk.name, func(t *testing.T) {
				first := textCorpus(50<<10, 1)
				one := compressBytes(t, f, 6, first)
				two := compressBytes(t, f, 6, []byte("two"))
				input := cat([]byte("HEAD"), one, []byte("MID"), two, []byte("TAIL"))
				src := sk.src(input)
				head := make([]byte, 4)
				io.ReadFull(src, head)
				r, _ := NewReader(src, f, &ReaderOptions{StopAtEnd: true, SingleMember: true})
				got, err := io.ReadAll(r)
				if err != nil || !bytes.Equal(got, first) {
					t.Fatalf("first stream: %v, %d bytes", err, len(got))
				}
				if r.InputOffset() != int64(len(one)) {
					t.Errorf("InputOffset = %d, want %d", r.InputOffset(), len(one))
				}
				mid := make([]byte, 3)
				if _, err := io.ReadFull(src, mid); err != nil || string(mid) != "MID" {
					t.Fatalf("after first stream the source reads %q, %v; want MID", mid, err)
				}
				r.Reset(src)
				if got, err := io.ReadAll(r); err != nil || string(got) != "two" {
					t.Fatalf("second stream: %q, %v", got, err)
				}
				r.Close()
				rest, _ := io.ReadAll(src)
				if string(rest) != "TAIL" {
					t.Fatalf("after second stream the source reads %q; want TAIL", rest)
				}
			})
		}
	}
}

// TestSyncFlush checks that after Flush the peer can inflate everything
// written so far, as a streaming protocol needs.
func TestSyncFlush(t *testing.T) {
	for _, f := range formats {
		t.Run(f.String(), func(t *testing.T) {
			pr, pw := io.Pipe()
			w, _ := NewWriter(pw, f, 6, nil)
			r, _ := NewReader(pr, f, nil)
			msgs := []string{"hello", "a longer message that goes on", "", "x"}
			done := make(chan error, 1)
			go func() {
				for _, m := range msgs {
					w.WriteString(m + "\n")
					if err := w.Flush(); err != nil {
						done <- err
						return
					}
				}
				if err := w.Close(); err != nil {
					done <- err
					return
				}
				done <- pw.Close()
			}()
			for _, m := range msgs {
				for r.Buffered() < len(m)+1 {
					if _, err := r.Fill(); err != nil {
						t.Fatalf("Fill waiting for %q: %v", m, err)
					}
				}
				if got := string(r.Window()[:len(m)+1]); got != m+"\n" {
					t.Fatalf("got %q, want %q", got, m+"\n")
				}
				r.Consume(len(m) + 1)
			}
			if _, err := r.Fill(); err != io.EOF {
				t.Fatalf("end: %v", err)
			}
			// A writer that never finishes is caught by go test -timeout,
			// with its stack.
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestGzipHeaderRoundTrip(t *testing.T) {
	tests := []Header{
		{},
		{Name: "file.txt", ModTime: time.Unix(1700000000, 0), OS: 3},
		{Name: "näme", Comment: "a comment", Extra: []byte("AB\x02\x00xy"), OS: 255},
		{Extra: []byte{}},
	}
	for _, h := range tests {
		t.Run(h.Name, func(t *testing.T) {
			var out bytes.Buffer
			w, _ := NewWriter(&out, Gzip, 6, nil)
			w.Header = h
			w.WriteString("payload")
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			r, _ := NewReader(core.NewSpanReader(out.Bytes()), Gzip, nil)
			got, err := io.ReadAll(r)
			if err != nil || string(got) != "payload" {
				t.Fatalf("%q, %v", got, err)
			}
			if diff := cmp.Diff(h, r.Header); diff != "" {
				t.Fatalf("header -want +got:\n%s", diff)
			}
		})
	}
}

func TestResetAndPool(t *testing.T) {
	data := textCorpus(100<<10, 5)
	for _, f := range formats {
		t.Run(f.String(), func(t *testing.T) {
			wp, err := NewWriterPool(f, 6, nil)
			if err != nil {
				t.Fatal(err)
			}
			rp, err := NewReaderPool(f, nil)
			if err != nil {
				t.Fatal(err)
			}
			var first []byte
			for i := range 3 {
				var out bytes.Buffer
				w := wp.Get(&out)
				w.Write(data)
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
				wp.Put(w)
				if i == 0 {
					first = append([]byte{}, out.Bytes()...)
				} else if !bytes.Equal(first, out.Bytes()) {
					t.Fatalf("round %d: reused Writer's output differs", i)
				}
				r := rp.Get(bytes.NewReader(out.Bytes()))
				got, err := io.ReadAll(r)
				if err != nil || !bytes.Equal(got, data) {
					t.Fatalf("round %d: %v", i, err)
				}
				rp.Put(r)
			}
			// A Reader reset after an error works again.
			r := rp.Get(bytes.NewReader([]byte("junk")))
			if _, err := io.ReadAll(r); err == nil {
				t.Fatal("junk inflated without error")
			}
			r.Reset(bytes.NewReader(first))
			if got, err := io.ReadAll(r); err != nil || !bytes.Equal(got, data) {
				t.Fatalf("after Reset: %v", err)
			}
			// A Writer reset after an error works again.
			w := wp.Get(io.Discard)
			w.Commit(-1)
			if err := w.Flush(); !errors.Is(err, core.ErrInvalidCount) {
				t.Fatalf("err = %v", err)
			}
			var out bytes.Buffer
			w.Reset(&out)
			w.Write(data)
			w.Close()
			if !bytes.Equal(out.Bytes(), first) {
				t.Fatal("Writer reset after error gives different output")
			}
		})
	}
	if _, err := NewWriterPool(Zlib, 42, nil); !errors.Is(err, ErrLevel) {
		t.Errorf("NewWriterPool(level 42) err = %v", err)
	}
	if _, err := NewReaderPool(Format(7), nil); !errors.Is(err, ErrFormat) {
		t.Errorf("NewReaderPool(format 7) err = %v", err)
	}
}

// TestShortWritesDestination sends the compressed stream to a device
// that accepts one byte per call: the output is the same.
func TestShortWritesDestination(t *testing.T) {
	data := textCorpus(100<<10, 9)
	for _, f := range formats {
		want := compressBytes(t, f, 6, data)
		dev := &coretest.Writer{Faults: coretest.Faults{Max: 1}}
		w, _ := NewWriter(dev, f, 6, nil)
		w.Write(data)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(dev.Bytes(), want) {
			t.Errorf("%v: output through 1-byte writes differs", f)
		}
	}
}

// TestBufioSources covers a *bufio.Reader source (adapted, consumed
// exactly) and a *bufio.Writer destination.
func TestBufioSources(t *testing.T) {
	data := textCorpus(70<<10, 3)
	var file bytes.Buffer
	bw := bufio.NewWriterSize(&file, 100)
	w, _ := NewWriter(bw, Gzip, 6, nil)
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if bw.Buffered() != 0 {
		t.Fatalf("Close left %d bytes in the bufio.Writer", bw.Buffered())
	}
	file.WriteString("AFTER")
	br := bufio.NewReaderSize(&file, 16)
	r, _ := NewReader(br, Gzip, &ReaderOptions{StopAtEnd: true, SingleMember: true})
	got, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("%v, %d bytes", err, len(got))
	}
	rest, _ := io.ReadAll(br)
	if string(rest) != "AFTER" {
		t.Fatalf("the bufio.Reader continues with %q, want AFTER", rest)
	}
}

// TestFlushNoOp checks the core contract: a Flush with nothing written
// since the last adds no bytes.
func TestFlushNoOp(t *testing.T) {
	for _, f := range formats {
		var out bytes.Buffer
		w, _ := NewWriter(&out, f, 6, nil)
		if err := w.Flush(); err != nil || out.Len() != 0 {
			t.Fatalf("%v: Flush of a fresh Writer wrote %d bytes, %v", f, out.Len(), err)
		}
		w.WriteString("data")
		w.Flush()
		n := out.Len()
		w.Flush()
		w.Flush()
		if out.Len() != n {
			t.Fatalf("%v: repeated Flush grew the output from %d to %d bytes", f, n, out.Len())
		}
		w.Close()
		if got, err := inflateAll(f, out.Bytes(), nil); err != nil || string(got) != "data" {
			t.Fatalf("%v: %q, %v", f, got, err)
		}
	}
}

func TestPeekDiscardEdges(t *testing.T) {
	data := textCorpus(10000, 8)
	stream := compressBytes(t, Zlib, 6, data)
	tests := []struct {
		name    string
		op      func(r *Reader) (int, error)
		want    int
		wantErr error
	}{
		{"peek_beyond_buffer", func(r *Reader) (int, error) { p, err := r.Peek(r.Size() + 1); return len(p), err }, 4096, core.ErrBufferFull},
		{"peek_beyond_end", func(r *Reader) (int, error) {
			r.Peek(4000)
			r.Discard(8000)
			p, err := r.Peek(4000)
			return len(p), err
		}, 2000, io.EOF},
		{"peek_negative", func(r *Reader) (int, error) { p, err := r.Peek(-5); return len(p), err }, 0, nil},
		{"discard_beyond_end", func(r *Reader) (int, error) { return r.Discard(20000) }, 10000, io.EOF},
		{"discard_all", func(r *Reader) (int, error) { return r.Discard(10000) }, 10000, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := NewReader(bytes.NewReader(stream), Zlib, &ReaderOptions{BufferSize: 4096})
			n, err := tc.op(r)
			if n != tc.want || !errors.Is(err, tc.wantErr) {
				t.Fatalf("got %d, %v; want %d, %v", n, err, tc.want, tc.wantErr)
			}
		})
	}
}
