package unicode

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// streamWrite converts in through a Writer of the smallest size fed chunk
// bytes at a time and flushed after each write, so that the conversion sees
// every chunk boundary, over a device that accepts at most 3 bytes per
// call.
func streamWrite(t testing.TB, c Converter, in []byte, chunk int) []byte {
	t.Helper()
	dev := &coretest.Writer{Faults: coretest.Faults{Max: 3}}
	w := c.NewWriterSize(core.NewWriterSize(dev, 64), 0)
	for i := 0; i < len(in); i += chunk {
		if n, err := w.Write(in[i:min(i+chunk, len(in))]); err != nil || n != min(chunk, len(in)-i) {
			t.Fatalf("Write = %d, %v", n, err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return dev.Bytes()
}

// streamRead converts in through a Reader over a device returning at most
// max bytes per read, reading 7 bytes at a time.
func streamRead(t testing.TB, c Converter, in []byte, maxRead int) []byte {
	t.Helper()
	dev := &coretest.Reader{Data: in, Faults: coretest.Faults{Max: maxRead}}
	r := c.NewReader(core.NewReaderSize(dev, 64))
	var out []byte
	buf := make([]byte, 7)
	for {
		n, err := r.Read(buf)
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestStreamingMatchesSlice(t *testing.T) {
	for _, from := range natives {
		inputs := adversarial(from, 30, 11)
		long, _ := Convert(nil, bytes.Repeat([]byte("mixed ASCII, Latin é, CJK 世界, emoji 🚄. "), 40), UTF8, from)
		inputs = append(inputs, long)
		for _, to := range natives {
			t.Run(from.String()+"→"+to.String(), func(t *testing.T) {
				c, _ := New(from, to, Options{EmitBOM: true})
				for _, in := range inputs {
					want, _ := c.Append(nil, in)
					for _, chunk := range []int{1, 2, 3, 5, 4096} {
						if got := streamWrite(t, c, in, chunk); !bytes.Equal(got, want) {
							t.Fatalf("Writer with %d-byte writes of % X: % X; want % X", chunk, in[:min(len(in), 32)], got[:min(len(got), 32)], want[:min(len(want), 32)])
						}
					}
					for _, m := range []int{1, 3, 1000} {
						if got := streamRead(t, c, in, m); !bytes.Equal(got, want) {
							t.Fatalf("Reader over %d-byte reads: differs", m)
						}
					}
					// Large reads go straight into the caller's slice.
					r := c.NewReader(bytes.NewReader(in))
					got, err := io.ReadAll(r)
					if err != nil || !bytes.Equal(got, want) {
						t.Fatalf("ReadAll: %v", err)
					}
					var sink bytes.Buffer
					r.Reset(bytes.NewReader(in))
					if _, err := r.WriteTo(&sink); err != nil || !bytes.Equal(sink.Bytes(), want) {
						t.Fatalf("WriteTo: %v", err)
					}
				}
			})
		}
	}
}

func TestWriterReserveCommit(t *testing.T) {
	c, _ := New(UTF8, UTF16BE, Options{})
	var out bytes.Buffer
	w := c.NewWriter(&out)
	var bw core.BufferedWriter = w
	for _, s := range []string{"a", "é", "世", "\xF0\x9F", "\x9A\x84"} {
		p := bw.Reserve(8)
		n := copy(p, s)
		bw.Commit(n)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	want, _ := Convert(nil, []byte("aé世🚄"), UTF8, UTF16BE)
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("got % X; want % X", out.Bytes(), want)
	}
	w.Reset(&out)
	w.Commit(copy(w.Reserve(1), "a"))
	w.Commit(1 << 20)
	if err := w.Close(); !errors.Is(err, core.ErrInvalidCount) {
		t.Fatalf("Close after a bad Commit = %v", err)
	}
}

func TestWriterPendingAndFlush(t *testing.T) {
	c, _ := New(UTF8, UTF32LE, Options{})
	var dev bytes.Buffer
	w := c.NewWriter(&dev)
	w.Write([]byte{0xF0, 0x9F})
	if w.Pending() != 2 {
		t.Fatalf("Pending = %d", w.Pending())
	}
	if err := w.Flush(); err != nil || dev.Len() != 0 {
		t.Fatalf("Flush = %v, %d bytes", err, dev.Len())
	}
	w.Write([]byte{0x9A, 0x84, 'a'})
	w.Flush()
	if !bytes.Equal(dev.Bytes(), []byte{0x84, 0xF6, 1, 0, 'a', 0, 0, 0}) {
		t.Fatalf("got % X", dev.Bytes())
	}
	w.Write([]byte{0xE4})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(dev.Bytes(), []byte{0xFD, 0xFF, 0, 0}) {
		t.Fatalf("Close did not replace the truncated tail: % X", dev.Bytes())
	}
	if _, err := w.Write([]byte("x")); !errors.Is(err, fs.ErrClosed) {
		t.Fatalf("Write after Close = %v", err)
	}
	if err := w.Close(); !errors.Is(err, fs.ErrClosed) {
		t.Fatalf("second Close = %v", err)
	}
	w.Reset(&dev)
	if _, err := w.Write([]byte("y")); err != nil {
		t.Fatalf("Write after Reset = %v", err)
	}
}

func TestWriterDeviceError(t *testing.T) {
	c, _ := New(UTF8, UTF16LE, Options{})
	dev := &coretest.Writer{Faults: coretest.Faults{FailAt: 1}}
	w := c.NewWriterSize(core.NewWriterSize(dev, 64), 64)
	big := bytes.Repeat([]byte("abc"), 100)
	n, err := w.Write(big)
	if !errors.Is(err, coretest.ErrFault) || n >= len(big) {
		t.Fatalf("Write = %d, %v; want fewer than %d bytes and the device's error", n, err, len(big))
	}
	if _, err := w.Write([]byte("x")); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("error not sticky: %v", err)
	}
	if err := w.Close(); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("Close = %v", err)
	}
	// A write that fits the buffer is acknowledged; the fault comes with
	// Flush.
	dev = &coretest.Writer{Faults: coretest.Faults{FailAt: 1}}
	w = c.NewWriter(core.NewWriterSize(dev, 64))
	if n, err := w.Write([]byte("abc")); n != 3 || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if err := w.Flush(); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("Flush = %v", err)
	}
}

func TestReaderStrictAndDeviceErrors(t *testing.T) {
	c, _ := New(UTF16LE, UTF8, Options{Strict: true})
	r := c.NewReader(bytes.NewReader([]byte{'a', 0, 'b', 0, 0, 0xDC, 'c', 0}))
	got, err := io.ReadAll(r)
	var e *Error
	if string(got) != "ab" || !errors.As(err, &e) || e.Offset != 4 {
		t.Fatalf("ReadAll = %q, %v", got, err)
	}
	if _, err2 := r.Read(make([]byte, 10)); err2 != err {
		t.Fatalf("error not sticky: %v", err2)
	}
	dev := &coretest.Reader{Data: []byte("hello world"), Faults: coretest.Faults{FailAt: 2}}
	r = c.NewReader(core.NewReaderSize(dev, 64))
	if _, err := io.ReadAll(r); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("device error = %v", err)
	}
}

func TestReaderBufferedConcept(t *testing.T) {
	c, _ := New(UTF8, UTF16LE, Options{})
	in := bytes.Repeat([]byte("世界 "), 10000)
	var br core.BufferedReader = c.NewReader(bytes.NewReader(in))
	var out []byte
	for {
		n, err := br.Fill()
		if err == io.EOF {
			break
		}
		if err != nil || n <= 0 {
			t.Fatalf("Fill = %d, %v", n, err)
		}
		win := br.Window()
		out = append(out, win...)
		br.Consume(len(win))
	}
	want, _ := Convert(nil, in, UTF8, UTF16LE)
	if !bytes.Equal(out, want) {
		t.Fatal("Window/Fill/Consume output differs")
	}
	r := c.NewReader(bytes.NewReader(in))
	for {
		if _, err := r.Fill(); err != nil {
			if !errors.Is(err, core.ErrBufferFull) {
				t.Fatalf("Fill on a full window = %v", err)
			}
			break
		}
	}
	r.Consume(-5)
	r.Consume(1 << 30)
	if len(r.Window()) != 0 {
		t.Fatal("Consume did not clamp")
	}
}
