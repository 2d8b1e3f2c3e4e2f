package core_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// gatherDev records each call so that tests can count device calls.
type gatherDev struct {
	data    []byte
	writes  int
	gathers int
	lens    []int
}

func (d *gatherDev) Write(p []byte) (int, error) {
	d.writes++
	d.lens = append(d.lens, len(p))
	d.data = append(d.data, p...)
	return len(p), nil
}

func (d *gatherDev) WriteBuffers(bufs [][]byte) (int64, error) {
	d.gathers++
	var n int64
	for _, b := range bufs {
		d.data = append(d.data, b...)
		n += int64(len(b))
	}
	return n, nil
}

// plainDev is an io.Writer without capabilities, recording call sizes.
type plainDev struct {
	data []byte
	lens []int
}

func (d *plainDev) Write(p []byte) (int, error) {
	d.lens = append(d.lens, len(p))
	d.data = append(d.data, p...)
	return len(p), nil
}

func TestWriterSequences(t *testing.T) {
	tests := []struct {
		name   string
		size   int
		writes []int // lengths of successive writes
	}{
		{"empty", 64, nil},
		{"zero-length", 64, []int{0, 0, 0}},
		{"small", 64, []int{1, 2, 3, 4, 5}},
		{"exact fill", 64, []int{32, 32, 1}},
		{"straddle", 64, []int{60, 10, 60, 10}},
		{"equal to buffer", 64, []int{64, 64}},
		{"large after pending", 64, []int{10, 200, 3, 1000}},
		{"min size raised", 1, []int{5, 70, 1}},
		{"negative size", -5, []int{100, 1}},
		{"many tiny", 64, repeat(1, 500)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var want bytes.Buffer
			dev := &plainDev{}
			w := core.NewWriterSize(dev, tc.size)
			for i, n := range tc.writes {
				p := pattern(i, n)
				want.Write(p)
				got, err := w.Write(p)
				if got != n || err != nil {
					t.Fatalf("Write(%d bytes) = %d, %v", n, got, err)
				}
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dev.data, want.Bytes()) {
				t.Fatalf("device got %d bytes, want %d", len(dev.data), want.Len())
			}
			for _, l := range dev.lens {
				if l == 0 {
					t.Fatal("device was called with an empty slice")
				}
			}
		})
	}
}

func repeat(v, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func pattern(seed, n int) []byte {
	p := make([]byte, n)
	for i := range p {
		p[i] = byte('a' + (seed*7+i)%26)
	}
	return p
}

func TestWriterStringByte(t *testing.T) {
	var dev plainDev
	w := core.NewWriterSize(&dev, 64)
	w.WriteString("héllo ")
	w.WriteByte('x')
	w.PutByte('z')
	w.WriteString(strings.Repeat("long", 40))
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "héllo xz" + strings.Repeat("long", 40)
	if string(dev.data) != want {
		t.Fatalf("got %q, want %q", dev.data, want)
	}
}

func TestWriterLargeBypass(t *testing.T) {
	t.Run("plain device: flush then direct write, no copy", func(t *testing.T) {
		dev := &plainDev{}
		w := core.NewWriterSize(dev, 64)
		w.WriteString("head")
		big := pattern(1, 1000)
		if n, err := w.Write(big); n != 1000 || err != nil {
			t.Fatal(n, err)
		}
		if got := dev.lens; len(got) != 2 || got[0] != 4 || got[1] != 1000 {
			t.Fatalf("device calls %v, want [4 1000]", got)
		}
	})
	t.Run("gather device: one call for pending and payload", func(t *testing.T) {
		dev := &gatherDev{}
		w := core.NewWriterSize(dev, 64)
		w.WriteString("head")
		big := pattern(2, 1000)
		if n, err := w.Write(big); n != 1000 || err != nil {
			t.Fatal(n, err)
		}
		if dev.gathers != 1 || dev.writes != 0 {
			t.Fatalf("gathers=%d writes=%d, want 1 and 0", dev.gathers, dev.writes)
		}
		if string(dev.data) != "head"+string(big) {
			t.Fatal("wrong bytes")
		}
	})
	t.Run("gather device, empty buffer: direct write", func(t *testing.T) {
		dev := &gatherDev{}
		w := core.NewWriterSize(dev, 64)
		w.WriteString(strings.Repeat("q", 100))
		if dev.writes != 1 || dev.gathers != 0 || len(dev.data) != 100 {
			t.Fatalf("writes=%d gathers=%d len=%d", dev.writes, dev.gathers, len(dev.data))
		}
	})
}

func TestWriterReserveCommit(t *testing.T) {
	tests := []struct {
		name    string
		size    int
		reserve []int
	}{
		{"fits", 64, []int{8, 8, 8}},
		{"forces flush", 64, []int{40, 40, 40}},
		{"larger than buffer grows", 64, []int{10, 500, 10}},
		{"zero and negative", 64, []int{0, -3, 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var dev plainDev
			w := core.NewWriterSize(&dev, tc.size)
			var want []byte
			for i, n := range tc.reserve {
				p := w.Reserve(n)
				if len(p) < n {
					t.Fatalf("Reserve(%d) gave %d bytes", n, len(p))
				}
				k := max(n, 0)
				copy(p, pattern(i, k))
				w.Commit(k)
				want = append(want, pattern(i, k)...)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dev.data, want) {
				t.Fatalf("got %q, want %q", dev.data, want)
			}
		})
	}
}

func TestWriterAppendIntoReserve(t *testing.T) {
	var out bytes.Buffer
	w := core.NewWriterSize(&out, 64)
	var want []byte
	for i := int64(-500); i < 500; i += 7 {
		p := w.Reserve(24)
		p = strconv.AppendInt(p[:0], i*1e12, 10)
		w.Commit(len(p))
		want = strconv.AppendInt(want, i*1e12, 10)
	}
	w.Flush()
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatal("mismatch")
	}
}

func TestWriterCommitOutOfRange(t *testing.T) {
	for _, n := range []int{-1, 1 << 20} {
		var dev plainDev
		w := core.NewWriterSize(&dev, 64)
		w.WriteString("ok")
		w.Reserve(4)
		w.Commit(n)
		if err := w.Flush(); !errors.Is(err, core.ErrInvalidCount) {
			t.Fatalf("Commit(%d): Flush = %v, want ErrInvalidCount", n, err)
		}
	}
}

func TestWriterNilAndZero(t *testing.T) {
	w := core.NewWriter(nil)
	if _, err := w.WriteString("x"); !errors.Is(err, core.ErrNilDevice) {
		t.Fatalf("nil device: %v", err)
	}
	if err := w.Flush(); !errors.Is(err, core.ErrNilDevice) {
		t.Fatalf("nil device flush: %v", err)
	}
	var z core.Writer
	if _, err := z.Write([]byte("x")); !errors.Is(err, core.ErrNilDevice) {
		t.Fatalf("zero Writer: %v", err)
	}
	if p := z.Reserve(3); len(p) < 3 {
		t.Fatal("zero Writer Reserve too short")
	}
	z.Commit(3)
	var dev plainDev
	z.Reset(&dev)
	z.WriteString("after reset")
	if err := z.Flush(); err != nil || string(dev.data) != "after reset" {
		t.Fatalf("Reset: %v %q", err, dev.data)
	}
}

func TestWriterClose(t *testing.T) {
	var dev plainDev
	w := core.NewWriterSize(&dev, 64)
	w.WriteString("data")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if string(dev.data) != "data" {
		t.Fatal("Close did not flush")
	}
	if err := w.Close(); !errors.Is(err, fs.ErrClosed) {
		t.Fatalf("second Close = %v", err)
	}
	if _, err := w.WriteString("more"); !errors.Is(err, fs.ErrClosed) {
		t.Fatalf("Write after Close = %v", err)
	}
	w.Commit(len(w.Reserve(4)))
	if err := w.Flush(); !errors.Is(err, fs.ErrClosed) {
		t.Fatalf("Flush after Close = %v", err)
	}
	if string(dev.data) != "data" {
		t.Fatalf("bytes after Close reached the device: %q", dev.data)
	}
}

func TestWriterFaults(t *testing.T) {
	tests := []struct {
		name      string
		faults    coretest.Faults
		temporary bool
	}{
		{"short writes", coretest.Faults{Max: 3}, false},
		{"1-byte writes", coretest.Faults{Max: 1}, false},
		{"permanent at call 1", coretest.Faults{FailAt: 1}, false},
		{"permanent at call 3", coretest.Faults{FailAt: 3}, false},
		{"permanent partial", coretest.Faults{FailAt: 2, Partial: true}, false},
		{"temporary once", coretest.Faults{FailAt: 2, FailFor: 1, Temporary: true}, true},
		{"temporary partial", coretest.Faults{FailAt: 1, FailFor: 3, Partial: true, Temporary: true}, true},
		{"temporary with short writes", coretest.Faults{Max: 5, FailAt: 4, FailFor: 2, Temporary: true}, true},
	}
	sizes := []int{64, 100}
	for _, tc := range tests {
		for _, size := range sizes {
			t.Run(tc.name+"/"+strconv.Itoa(size), func(t *testing.T) {
				dev := &coretest.Writer{Faults: tc.faults}
				w := core.NewWriterSize(dev, size)
				chk := &coretest.Checker{W: w}
				var firstErr error
				for i := range 40 {
					n := []int{7, 30, 1, 150, 64}[i%5]
					if _, err := chk.Write(pattern(i, n)); err != nil && firstErr == nil {
						firstErr = err
					}
				}
				err := w.Flush()
				for tries := 0; err != nil && tc.temporary && tries < 10; tries++ {
					err = w.Flush()
				}
				if tc.faults.FailAt > 0 && firstErr == nil && err == nil && !tc.temporary {
					t.Fatal("fault never reported")
				}
				if tc.temporary {
					if err != nil {
						t.Fatalf("retry after temporary error failed: %v", err)
					}
					// Every acknowledged byte must now be on the device,
					// including those whose Write returned the temporary error.
					if err := chk.Verify(dev.Bytes(), 0); err != nil {
						t.Fatal(err)
					}
					return
				}
				if tc.faults.FailAt == 0 {
					if err != nil {
						t.Fatal(err)
					}
					if err := chk.Verify(dev.Bytes(), 0); err != nil {
						t.Fatal(err)
					}
					return
				}
				if !errors.Is(err, coretest.ErrFault) {
					t.Fatalf("Flush = %v, want the injected fault", err)
				}
				if err := chk.Verify(dev.Bytes(), w.Buffered()); err != nil {
					t.Fatal(err)
				}
				// Sticky: nothing more is written, Close reports it.
				before := len(dev.Bytes())
				if _, err := w.WriteString("after"); !errors.Is(err, coretest.ErrFault) {
					t.Fatalf("Write after fault = %v", err)
				}
				if err := w.Close(); !errors.Is(err, coretest.ErrFault) {
					t.Fatalf("Close after fault = %v", err)
				}
				if len(dev.Bytes()) != before {
					t.Fatal("bytes written after a permanent fault")
				}
			})
		}
	}
}

// lyingDev reports impossible counts.
type lyingDev struct{ n int }

func (d lyingDev) Write(p []byte) (int, error) { return d.n, nil }

func TestWriterBadDevice(t *testing.T) {
	tests := []struct {
		name string
		n    int
		want error
	}{
		{"negative count", -1, core.ErrInvalidCount},
		{"count too large", 1 << 30, core.ErrInvalidCount},
		{"never progresses", 0, io.ErrNoProgress},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := core.NewWriterSize(lyingDev{tc.n}, 64)
			w.WriteString("abc")
			if err := w.Flush(); !errors.Is(err, tc.want) {
				t.Fatalf("Flush = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestWriterReadFrom(t *testing.T) {
	src := pattern(3, 10000)
	t.Run("generic", func(t *testing.T) {
		var dev plainDev
		w := core.NewWriterSize(&dev, 64)
		w.WriteString("pre")
		n, err := w.ReadFrom(&coretest.Reader{Data: src, Faults: coretest.Faults{Max: 37}})
		if n != int64(len(src)) || err != nil {
			t.Fatal(n, err)
		}
		w.Flush()
		if string(dev.data) != "pre"+string(src) {
			t.Fatal("mismatch")
		}
	})
	t.Run("device ReaderFrom", func(t *testing.T) {
		var dev bytes.Buffer // implements io.ReaderFrom
		w := core.NewWriterSize(&dev, 64)
		w.WriteString("pre")
		n, err := w.ReadFrom(bytes.NewReader(src))
		if n != int64(len(src)) || err != nil {
			t.Fatal(n, err)
		}
		w.Flush()
		if dev.String() != "pre"+string(src) {
			t.Fatal("mismatch")
		}
	})
	t.Run("reader error", func(t *testing.T) {
		var dev plainDev
		w := core.NewWriterSize(&dev, 64)
		_, err := w.ReadFrom(&coretest.Reader{Data: src, Faults: coretest.Faults{FailAt: 3}})
		if !errors.Is(err, coretest.ErrFault) {
			t.Fatal(err)
		}
	})
}

func TestWriterIsIOWriter(t *testing.T) {
	var dev plainDev
	w := core.NewWriterSize(&dev, 64)
	var _ io.Writer = w
	var _ io.StringWriter = w
	var _ io.ByteWriter = w
	var _ io.ReaderFrom = w
	var _ core.BufferedWriter = w
	n, err := io.Copy(w, strings.NewReader(strings.Repeat("z", 300)))
	if n != 300 || err != nil {
		t.Fatal(n, err)
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("through bufio")
	bw.Flush()
	w.Flush()
	if string(dev.data) != strings.Repeat("z", 300)+"through bufio" {
		t.Fatal("mismatch")
	}
}

func TestNewWriterSizeReuses(t *testing.T) {
	var dev plainDev
	w := core.NewWriterSize(&dev, 128)
	if core.NewWriterSize(w, 100) != w {
		t.Fatal("a large enough *Writer should be returned as is")
	}
	if core.NewWriterSize(w, 4096) == w {
		t.Fatal("a smaller *Writer must be wrapped")
	}
}

// errnoDev fails every write with a fixed error.
type errnoDev struct{ err error }

func (d errnoDev) Write(p []byte) (int, error) { return 0, d.err }

func TestWriterErrorClasses(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		sticky bool
	}{
		{"EAGAIN retried", syscall.EAGAIN, false},
		{"EINTR retried", syscall.EINTR, false},
		{"deadline retried", os.ErrDeadlineExceeded, false},
		{"ECONNRESET sticky", &net.OpError{Op: "write", Net: "tcp", Err: os.NewSyscallError("write", syscall.ECONNRESET)}, true},
		{"EPIPE sticky", syscall.EPIPE, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := core.NewWriterSize(errnoDev{tc.err}, 64)
			w.WriteString("abc")
			if err := w.Flush(); !errors.Is(err, tc.err) {
				t.Fatalf("Flush = %v", err)
			}
			if got := w.Err() != nil; got != tc.sticky {
				t.Fatalf("sticky = %v, want %v", got, tc.sticky)
			}
			if !tc.sticky && w.Buffered() != 3 {
				t.Fatalf("temporary error dropped bytes: %d buffered", w.Buffered())
			}
		})
	}
}
