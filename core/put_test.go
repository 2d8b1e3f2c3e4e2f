package core_test

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// TestPutMatchesWrite checks Put, PutString and PutByte against Write,
// WriteString and WriteByte: the same pieces, at every buffer size around
// the piece lengths (fills that end exactly at the capacity, one byte
// short and one byte over, pieces as large as the buffer), give the device
// the same calls with the same bytes, leave the same bytes buffered, and
// meet a device fault the same way.
func TestPutMatchesWrite(t *testing.T) {
	// Lengths cycle through 0, 1, the 12 of a short line, around 64 and
	// more than the smallest buffers; kinds cycle through the three calls.
	lengths := []int{12, 0, 1, 63, 64, 65, 12, 7, 200, 1, 12, 33}
	piece := func(i int) (kind, n int) { return i % 3, lengths[i%len(lengths)] + i%5 }
	faults := []struct {
		name string
		f    coretest.Faults
	}{
		{"no fault", coretest.Faults{}},
		{"short writes", coretest.Faults{Max: 5}},
		{"permanent at call 2", coretest.Faults{FailAt: 2}},
		{"permanent partial at call 3", coretest.Faults{FailAt: 3, Partial: true}},
	}
	for _, fc := range faults {
		for _, size := range []int{64, 65, 76, 100, 128, 333} {
			t.Run(fmt.Sprintf("%s/%d", fc.name, size), func(t *testing.T) {
				wantDev := &coretest.Writer{Faults: fc.f}
				gotDev := &coretest.Writer{Faults: fc.f}
				want := core.NewWriterSize(wantDev, size)
				got := core.NewWriterSize(gotDev, size)
				for i := range 300 {
					kind, n := piece(i)
					p := pattern(i, n)
					switch kind {
					case 0:
						want.WriteString(string(p))
						got.PutString(string(p))
					case 1:
						want.Write(p)
						got.Put(p)
					default:
						for _, c := range p {
							want.WriteByte(c)
							got.PutByte(c)
						}
					}
					if got.Buffered() != want.Buffered() || got.Available() != want.Available() {
						t.Fatalf("piece %d (%d bytes): buffered %d, available %d; with Write %d, %d",
							i, n, got.Buffered(), got.Available(), want.Buffered(), want.Available())
					}
					if !bytes.Equal(got.Pending(), want.Pending()) {
						t.Fatalf("piece %d: pending bytes differ from Write's", i)
					}
				}
				gotErr, wantErr := got.Flush(), want.Flush()
				if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
					t.Fatalf("Flush = %v, with Write %v", gotErr, wantErr)
				}
				if fc.f.FailAt > 0 && gotErr == nil {
					t.Fatal("the fault was not reported")
				}
				if !bytes.Equal(gotDev.Bytes(), wantDev.Bytes()) {
					t.Fatalf("device got %d bytes, with Write %d", len(gotDev.Bytes()), len(wantDev.Bytes()))
				}
			})
		}
	}
}

// TestPutExactFill writes pieces that end exactly at the end of the
// buffer, then one more byte: the fill is kept without a device call, and
// the next byte flushes it whole.
func TestPutExactFill(t *testing.T) {
	tests := []struct {
		name string
		put  func(w *core.Writer, p []byte)
	}{
		{"PutString", func(w *core.Writer, p []byte) { w.PutString(string(p)) }},
		{"Put", func(w *core.Writer, p []byte) { w.Put(p) }},
		{"PutByte", func(w *core.Writer, p []byte) {
			for _, c := range p {
				w.PutByte(c)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dev := &plainDev{}
			w := core.NewWriterSize(dev, 64)
			var want []byte
			for i := range 4 {
				p := pattern(i, 16)
				want = append(want, p...)
				tc.put(w, p)
			}
			if len(dev.lens) != 0 || w.Buffered() != 64 || w.Available() != 0 {
				t.Fatalf("after an exact fill: %d device calls, %d buffered, %d available; want 0, 64, 0",
					len(dev.lens), w.Buffered(), w.Available())
			}
			tc.put(w, []byte{'!'})
			want = append(want, '!')
			if !slices.Equal(dev.lens, []int{64}) || w.Buffered() != 1 {
				t.Fatalf("after one more byte: device calls %v, %d buffered; want [64], 1", dev.lens, w.Buffered())
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dev.data, want) {
				t.Fatalf("device got %q, want %q", dev.data, want)
			}
		})
	}
}

// TestPutAfterError checks that Put, PutString and PutByte write nothing
// after a permanent error, on the fast path too (the buffer's free space
// is closed), and that Flush reports the error.
func TestPutAfterError(t *testing.T) {
	dev := &coretest.Writer{Faults: coretest.Faults{FailAt: 1}}
	w := core.NewWriterSize(dev, 64)
	w.PutString(string(pattern(0, 70))) // larger than the buffer: fails at once
	if w.Err() == nil {
		t.Fatal("no error after a failed device write")
	}
	w.PutString("x")
	w.Put([]byte("y"))
	w.PutByte('z')
	if w.Buffered() != 0 {
		t.Fatalf("%d bytes buffered after the error, want 0", w.Buffered())
	}
	if err := w.Flush(); err == nil {
		t.Fatal("Flush after the error = nil")
	}
	if len(dev.Bytes()) != 0 {
		t.Fatalf("device got %q after its first call failed", dev.Bytes())
	}
}

func TestPutAllocs(t *testing.T) {
	w := core.NewWriterSize(io.Discard, 4096)
	line := []byte("Hello World\n")
	tests := []struct {
		name string
		f    func()
	}{
		{"PutString", func() { w.PutString("Hello World\n") }},
		{"Put", func() { w.Put(line) }},
		{"PutByte", func() { w.PutByte('\n') }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(10000, tc.f); n != 0 {
				t.Errorf("%v allocations per run, want 0", n)
			}
		})
	}
}
