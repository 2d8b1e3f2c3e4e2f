package core_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// drain reads everything through Window/Fill/Consume, consuming step bytes
// at a time.
func drain(r core.BufferedReader, step int) ([]byte, error) {
	var out []byte
	for {
		w := r.Window()
		if len(w) > 0 {
			k := min(step, len(w))
			out = append(out, w[:k]...)
			r.Consume(k)
			continue
		}
		if _, err := r.Fill(); err != nil {
			if err == io.EOF {
				return out, nil
			}
			return out, err
		}
	}
}

func TestReaderChunkBoundaries(t *testing.T) {
	data := pattern(9, 5000)
	tests := []struct {
		name   string
		faults coretest.Faults
		eof    bool
		size   int
		step   int
	}{
		{"whole", coretest.Faults{}, false, 64, 1 << 20},
		{"1-byte reads", coretest.Faults{Max: 1}, false, 64, 3},
		{"7-byte reads, eof with data", coretest.Faults{Max: 7}, true, 64, 5},
		{"big buffer", coretest.Faults{Max: 1000}, true, 4096, 100},
		{"tiny size raised", coretest.Faults{}, false, 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := &coretest.Reader{Data: data, Faults: tc.faults, EOFWithData: tc.eof}
			got, err := drain(core.NewReaderSize(src, tc.size), tc.step)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, data) {
				t.Fatalf("got %d bytes, want %d", len(got), len(data))
			}
		})
	}
}

func TestReaderFillContract(t *testing.T) {
	r := core.NewReaderSize(strings.NewReader(strings.Repeat("x", 100)), 64)
	n, err := r.Fill()
	if n != 64 || err != nil {
		t.Fatalf("Fill = %d, %v", n, err)
	}
	if n, err := r.Fill(); n != 0 || !errors.Is(err, core.ErrBufferFull) {
		t.Fatalf("full Fill = %d, %v", n, err)
	}
	r.Consume(60)
	if n, err := r.Fill(); n != 36 || err != nil || len(r.Window()) != 40 {
		t.Fatalf("compacting Fill = %d, %v, window %d", n, err, len(r.Window()))
	}
	r.Consume(1000) // clamped
	if len(r.Window()) != 0 {
		t.Fatal("Consume not clamped")
	}
	r.Consume(-5)
	for range 3 {
		if n, err := r.Fill(); n != 0 || err != io.EOF {
			t.Fatalf("Fill at end = %d, %v", n, err)
		}
	}
}

func TestReaderErrors(t *testing.T) {
	data := pattern(4, 300)
	t.Run("error after data is delivered once", func(t *testing.T) {
		src := &coretest.Reader{Data: data, Faults: coretest.Faults{FailAt: 2, FailFor: 1, Partial: true}}
		r := core.NewReaderSize(src, 64)
		got, err := drain(r, 10)
		if !errors.Is(err, coretest.ErrFault) {
			t.Fatalf("err = %v", err)
		}
		// The fault is returned once; reading on continues the input.
		rest, err := drain(r, 10)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(append(got, rest...), data) {
			t.Fatal("bytes lost or duplicated around the fault")
		}
	})
	t.Run("temporary error then retry", func(t *testing.T) {
		src := &coretest.Reader{Data: data, Faults: coretest.Faults{Max: 10, FailAt: 3, FailFor: 2, Temporary: true}}
		r := core.NewReaderSize(src, 64)
		var all []byte
		for tries := 0; tries < 10; tries++ {
			got, err := drain(r, 4)
			all = append(all, got...)
			if err == nil {
				break
			}
		}
		if !bytes.Equal(all, data) {
			t.Fatal("mismatch after retries")
		}
	})
	t.Run("nil device", func(t *testing.T) {
		r := core.NewReader(nil)
		if _, err := r.Fill(); !errors.Is(err, core.ErrNilDevice) {
			t.Fatal(err)
		}
		if _, err := r.Read(make([]byte, 4)); !errors.Is(err, core.ErrNilDevice) {
			t.Fatal(err)
		}
	})
	t.Run("zero Reader", func(t *testing.T) {
		var z core.Reader
		if _, err := z.Fill(); !errors.Is(err, core.ErrNilDevice) {
			t.Fatalf("Fill = %v", err)
		}
		if _, err := z.Read(make([]byte, 8)); !errors.Is(err, core.ErrNilDevice) {
			t.Fatalf("Read = %v", err)
		}
		if _, err := z.WriteTo(io.Discard); !errors.Is(err, core.ErrNilDevice) {
			t.Fatalf("WriteTo = %v", err)
		}
		if _, err := z.ReadByte(); !errors.Is(err, core.ErrNilDevice) {
			t.Fatalf("ReadByte = %v", err)
		}
	})
	t.Run("no progress", func(t *testing.T) {
		r := core.NewReaderSize(zeroReader{}, 64)
		if _, err := r.Fill(); !errors.Is(err, io.ErrNoProgress) {
			t.Fatal(err)
		}
	})
	t.Run("invalid count", func(t *testing.T) {
		r := core.NewReaderSize(badReader{}, 64)
		if _, err := r.Fill(); !errors.Is(err, core.ErrInvalidCount) {
			t.Fatal(err)
		}
	})
	t.Run("closed", func(t *testing.T) {
		r := core.NewReaderSize(strings.NewReader("abc"), 64)
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := r.Fill(); !errors.Is(err, fs.ErrClosed) {
			t.Fatal(err)
		}
		if _, err := r.Read(make([]byte, 1)); !errors.Is(err, fs.ErrClosed) {
			t.Fatal(err)
		}
		if err := r.Close(); !errors.Is(err, fs.ErrClosed) {
			t.Fatal(err)
		}
	})
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) { return 0, nil }

type badReader struct{}

func (badReader) Read(p []byte) (int, error) { return len(p) + 1, nil }

// countingReader records the slices it is asked to fill.
type countingReader struct {
	r    io.Reader
	lens []int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.lens = append(c.lens, len(p))
	return c.r.Read(p)
}

func TestReaderLargeReadBypass(t *testing.T) {
	data := pattern(5, 1000)
	src := &countingReader{r: bytes.NewReader(data)}
	r := core.NewReaderSize(src, 64)
	p := make([]byte, 500)
	n, err := io.ReadFull(r, p)
	if n != 500 || err != nil {
		t.Fatal(n, err)
	}
	if len(src.lens) != 1 || src.lens[0] != 500 {
		t.Fatalf("device reads %v: a large read should go straight into the caller's slice", src.lens)
	}
	rest, _ := io.ReadAll(r)
	if !bytes.Equal(append(p, rest...), data) {
		t.Fatal("mismatch")
	}
}

func TestReaderReadAndHelpers(t *testing.T) {
	data := "hello, world"
	r := core.NewReaderSize(iotest.OneByteReader(strings.NewReader(data)), 64)
	c, err := r.ReadByte()
	if c != 'h' || err != nil {
		t.Fatal(c, err)
	}
	p, err := r.Peek(4)
	if string(p) != "ello" || err != nil {
		t.Fatalf("Peek = %q, %v", p, err)
	}
	if n, err := r.Discard(6); n != 6 || err != nil {
		t.Fatal(n, err)
	}
	if n, err := r.Read(nil); n != 0 || err != nil {
		t.Fatal(n, err)
	}
	rest, err := io.ReadAll(r)
	if string(rest) != "world" || err != nil {
		t.Fatalf("%q %v", rest, err)
	}
	if _, err := r.Peek(1); err != io.EOF {
		t.Fatal(err)
	}
	if n, err := r.Discard(3); n != 0 || err != io.EOF {
		t.Fatal(n, err)
	}
	if _, err := r.ReadByte(); err != io.EOF {
		t.Fatal(err)
	}
	big := core.NewReaderSize(strings.NewReader(strings.Repeat("y", 100)), 64)
	if p, err := big.Peek(80); len(p) != 64 || !errors.Is(err, core.ErrBufferFull) {
		t.Fatalf("Peek beyond size = %d, %v", len(p), err)
	}
	if err := iotest.TestReader(core.NewReaderSize(strings.NewReader(strings.Repeat("abc", 99)), 64), []byte(strings.Repeat("abc", 99))); err != nil {
		t.Fatal(err)
	}
}

func TestReaderWriteTo(t *testing.T) {
	data := pattern(6, 3000)
	t.Run("generic device", func(t *testing.T) {
		r := core.NewReaderSize(&coretest.Reader{Data: data, Faults: coretest.Faults{Max: 33}}, 64)
		r.Fill()
		r.Consume(10)
		var out bytes.Buffer
		n, err := r.WriteTo(&out)
		if n != int64(len(data)-10) || err != nil || !bytes.Equal(out.Bytes(), data[10:]) {
			t.Fatal(n, err)
		}
	})
	t.Run("device WriterTo", func(t *testing.T) {
		r := core.NewReaderSize(bytes.NewReader(data), 64)
		var out bytes.Buffer
		n, err := r.WriteTo(&out)
		if n != int64(len(data)) || err != nil || !bytes.Equal(out.Bytes(), data) {
			t.Fatal(n, err)
		}
		if n, err := r.Read(make([]byte, 1)); n != 0 || err != io.EOF {
			t.Fatal(n, err)
		}
	})
	t.Run("read error", func(t *testing.T) {
		r := core.NewReaderSize(&coretest.Reader{Data: data, Faults: coretest.Faults{Max: 33, FailAt: 4}}, 64)
		var out bytes.Buffer
		_, err := r.WriteTo(&out)
		if !errors.Is(err, coretest.ErrFault) || !bytes.Equal(out.Bytes(), data[:99]) {
			t.Fatal(err, out.Len())
		}
	})
	t.Run("write error", func(t *testing.T) {
		r := core.NewReaderSize(&coretest.Reader{Data: data, Faults: coretest.Faults{Max: 33}}, 64)
		_, err := r.WriteTo(&coretest.Writer{Faults: coretest.Faults{FailAt: 2}})
		if !errors.Is(err, coretest.ErrFault) {
			t.Fatal(err)
		}
	})
}

func TestReaderReset(t *testing.T) {
	var z core.Reader
	z.Reset(strings.NewReader("one"))
	got, _ := io.ReadAll(&z)
	z.Reset(bufio.NewReader(strings.NewReader("two")))
	got2, _ := io.ReadAll(&z)
	if string(got) != "one" || string(got2) != "two" {
		t.Fatal(string(got), string(got2))
	}
	r := core.NewReaderSize(strings.NewReader("x"), 128)
	if core.NewReaderSize(r, 100) != r || core.NewReaderSize(r, 4096) == r {
		t.Fatal("NewReaderSize reuse rule broken")
	}
}
