package compress

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// compressParallel compresses data with n goroutines and blocks of bs
// bytes, written by write (one Write when nil).
func compressParallel(t testing.TB, f Format, level, n, bs int, dict, data []byte, write func(*Writer, []byte) error) []byte {
	t.Helper()
	var out bytes.Buffer
	w, err := NewWriter(&out, f, level, &WriterOptions{Dict: dict, Concurrency: n, BlockSize: bs})
	if err != nil {
		t.Fatal(err)
	}
	if write == nil {
		_, err = w.Write(data)
	} else {
		err = write(w, data)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// waitGoroutines waits until no more than want goroutines run. Goroutines
// that end late on a busy machine only slow it down: every 10 seconds it
// logs how many still run, and a Writer that leaves some running for good
// is caught by go test -timeout, whose stack dump shows them.
func waitGoroutines(t *testing.T, want int) {
	t.Helper()
	start, logged := time.Now(), time.Now()
	for runtime.NumGoroutine() > want {
		if time.Since(logged) >= 10*time.Second {
			logged = time.Now()
			t.Logf("after %v, %d goroutines still run, want at most %d: waiting for the Writer's to end", time.Since(start).Round(time.Second), runtime.NumGoroutine(), want)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestParallelRoundTrip compresses at every level, around every block
// boundary, with 2 and 3 goroutines; our Reader and the standard library
// must give the data back, and the output must not depend on the number
// of goroutines.
func TestParallelRoundTrip(t *testing.T) {
	const B = MinBlockSize
	text := textCorpus(3*B, 21)
	sizes := []int{0, 1, 1000, B - 1, B, B + 1, 2 * B, 2*B + 777}
	levels := []int{HuffmanOnly, DefaultCompression, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, f := range formats {
		for _, level := range levels {
			for _, size := range sizes {
				if level >= 7 && size != 2*B+777 && size != B {
					continue // the slow levels at two sizes only
				}
				data := text[:size]
				t.Run(fmt.Sprintf("%v/level%d/%d", f, level, size), func(t *testing.T) {
					s2 := compressParallel(t, f, level, 2, B, nil, data, nil)
					s3 := compressParallel(t, f, level, 3, B, nil, data, nil)
					if !bytes.Equal(s2, s3) {
						t.Fatalf("2 and 3 goroutines give different streams (%d and %d bytes)", len(s2), len(s3))
					}
					got, err := inflateAll(f, s2, nil)
					if err != nil || !bytes.Equal(got, data) {
						t.Fatalf("Reader: %d bytes, %v; want %d", len(got), err, len(data))
					}
					got, err = stdInflate(f, s2)
					if err != nil || !bytes.Equal(got, data) {
						t.Fatalf("standard library: %d bytes, %v; want %d", len(got), err, len(data))
					}
				})
			}
		}
	}
}

// TestParallelDictionary primes the first block with a preset dictionary.
func TestParallelDictionary(t *testing.T) {
	dict := textCorpus(40<<10, 3)
	data := append(append([]byte{}, dict[10000:20000]...), textCorpus(300<<10, 4)...)
	for _, f := range []Format{Zlib, Deflate} {
		s := compressParallel(t, f, 6, 2, MinBlockSize, dict, data, nil)
		got, err := inflateAll(f, s, &ReaderOptions{Dict: dict})
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%v: %d bytes, %v", f, len(got), err)
		}
		if _, err := inflateAll(f, s, nil); err == nil {
			t.Fatalf("%v: inflated without the dictionary", f)
		}
	}
	if _, err := NewWriter(io.Discard, Gzip, 6, &WriterOptions{Dict: dict, Concurrency: 2}); !errors.Is(err, ErrDictionary) {
		t.Fatalf("gzip with a dictionary: %v", err)
	}
}

// TestParallelChunking checks that the stream depends on the input only,
// not on how it was written.
func TestParallelChunking(t *testing.T) {
	data := textCorpus(700<<10, 5)
	for _, f := range formats {
		want := compressParallel(t, f, 1, 2, MinBlockSize, nil, data, nil)
		for _, m := range writeModes {
			if got := compressParallel(t, f, 1, 2, MinBlockSize, nil, data, m.write); !bytes.Equal(got, want) {
				t.Errorf("%v %s: stream differs from one Write's (%d, %d bytes)", f, m.name, len(got), len(want))
			}
		}
	}
}

// TestParallelSize checks that the parallel stream stays within 0.5% of
// the single-goroutine one on text.
func TestParallelSize(t *testing.T) {
	data := textCorpus(4<<20, 6)
	for _, level := range []int{1, 6} {
		one := compressBytes(t, Gzip, level, data)
		for _, bs := range []int{MinBlockSize, DefaultBlockSize} {
			par := compressParallel(t, Gzip, level, 2, bs, nil, data, nil)
			if d := float64(len(par))/float64(len(one)) - 1; d > 0.005 {
				t.Errorf("level %d block %d: %d bytes, %+.3f%% against one goroutine's %d", level, bs, len(par), 100*d, len(one))
			}
		}
	}
}

// TestParallelFlush checks that after Flush everything written so far
// inflates, and that a Flush with nothing new adds nothing.
func TestParallelFlush(t *testing.T) {
	a, b := textCorpus(300<<10, 7), textCorpus(50<<10, 8)
	for _, f := range formats {
		var out bytes.Buffer
		w, _ := NewWriter(&out, f, 6, &WriterOptions{Concurrency: 2, BlockSize: MinBlockSize})
		if err := w.Flush(); err != nil || out.Len() != 0 {
			t.Fatalf("%v: Flush of a fresh Writer: %d bytes, %v", f, out.Len(), err)
		}
		w.Write(a)
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		r, _ := NewReader(bytes.NewReader(out.Bytes()), f, nil)
		got := make([]byte, len(a))
		if _, err := io.ReadFull(r, got); err != nil || !bytes.Equal(got, a) {
			t.Fatalf("%v: after Flush: %v", f, err)
		}
		n := out.Len()
		w.Flush()
		if out.Len() != n {
			t.Fatalf("%v: a second Flush grew the output from %d to %d", f, n, out.Len())
		}
		w.Write(b)
		w.Flush()
		w.Write(b)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		want := append(append(append([]byte{}, a...), b...), b...)
		if got, err := stdInflate(f, out.Bytes()); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%v: %d bytes, %v", f, len(got), err)
		}
	}
}

// TestParallelDestinationError checks that a failing destination stops
// the Writer with its error, sticky, and leaves no goroutine running.
func TestParallelDestinationError(t *testing.T) {
	base := runtime.NumGoroutine()
	data := randomCorpus(3<<20, 9)
	for _, at := range []int{1, 2, 3, 7} {
		for _, partial := range []bool{false, true} {
			dev := &coretest.Writer{Faults: coretest.Faults{FailAt: at, Partial: partial}}
			w, _ := NewWriter(core.NewWriterSize(dev, 4096), Gzip, 1, &WriterOptions{Concurrency: 3, BlockSize: MinBlockSize})
			_, err := w.Write(data)
			if err == nil {
				err = w.Close()
			}
			if !errors.Is(err, coretest.ErrFault) {
				t.Fatalf("fail at %d: err = %v, want the device's", at, err)
			}
			if _, err := w.Write([]byte("more")); !errors.Is(err, coretest.ErrFault) {
				t.Fatalf("fail at %d: later Write: %v, want the sticky error", at, err)
			}
			w.Close()
			waitGoroutines(t, base)
		}
	}
	// A Writer dropped without Close leaves nothing running either.
	dev := &coretest.Writer{Faults: coretest.Faults{FailAt: 2}}
	w, _ := NewWriter(core.NewWriterSize(dev, 4096), Zlib, 6, &WriterOptions{Concurrency: 2, BlockSize: MinBlockSize})
	w.Write(data)
	waitGoroutines(t, base)
}

// TestParallelTemporaryError checks that a temporary destination error is
// returned, not kept, and that a retried Close delivers a complete stream,
// on one goroutine and on two.
func TestParallelTemporaryError(t *testing.T) {
	data := textCorpus(1<<20, 10)
	for _, c := range []struct{ at, conc int }{{1, 1}, {3, 1}, {40, 1}, {1, 2}, {3, 2}, {6, 2}, {40, 2}} {
		at := c.at
		dev := &coretest.Writer{Faults: coretest.Faults{Max: 4096, FailAt: at, FailFor: 2, Temporary: true, Partial: true}}
		w, _ := NewWriter(dev, Gzip, 1, &WriterOptions{Concurrency: c.conc, BlockSize: MinBlockSize})
		var errs int
		for p := data; len(p) > 0; {
			n, err := w.Write(p[:min(len(p), 50000)])
			p = p[n:]
			if err != nil {
				var te *coretest.TempError
				if !errors.As(err, &te) {
					t.Fatalf("fail at %d: %v", at, err)
				}
				errs++
			}
		}
		for range 5 {
			if err := w.Close(); err == nil {
				break
			}
			errs++
		}
		if errs == 0 {
			t.Fatalf("fail at %d: no error reported", at)
		}
		if got, err := stdInflate(Gzip, dev.Bytes()); err != nil || !bytes.Equal(got, data) {
			t.Fatalf("fail at %d: %d bytes, %v", at, len(got), err)
		}
	}
}

// TestParallelReadFrom covers the concurrent Writer's ReadFrom, which
// reads into the blocks directly: after buffered input, before more
// writes, and with a destination failing for good or for a while.
func TestParallelReadFrom(t *testing.T) {
	base := runtime.NumGoroutine()
	data := textCorpus(1<<20, 12)
	got := compressParallel(t, Gzip, 1, 2, MinBlockSize, nil, data, func(w *Writer, d []byte) error {
		w.Write(d[:1000]) // buffered: this ReadFrom takes the engine's way
		if _, err := w.ReadFrom(bytes.NewReader(d[1000:300000])); err != nil {
			return err
		}
		w.Write(d[300000:300001])
		w.Flush()
		w.Write(d[300001:400000])
		w.Flush() // nothing buffered: the next ReadFrom reads into blocks
		if n, err := w.ReadFrom(&coretest.Reader{Data: d[400000:], Faults: coretest.Faults{Max: 70000}}); err != nil || n != int64(len(d)-400000) {
			return fmt.Errorf("ReadFrom = %d, %v", n, err)
		}
		return nil
	})
	if out, err := stdInflate(Gzip, got); err != nil || !bytes.Equal(out, data) {
		t.Fatalf("mixed writes and ReadFrom: %d bytes, %v", len(out), err)
	}
	for _, at := range []int{1, 2, 5} {
		dev := &coretest.Writer{Faults: coretest.Faults{FailAt: at}}
		w, _ := NewWriter(core.NewWriterSize(dev, 4096), Gzip, 1, &WriterOptions{Concurrency: 2, BlockSize: MinBlockSize})
		if _, err := w.ReadFrom(bytes.NewReader(data)); !errors.Is(err, coretest.ErrFault) {
			t.Fatalf("fail at %d: ReadFrom: %v, want the device's error", at, err)
		}
		if !errors.Is(w.Err(), coretest.ErrFault) {
			t.Fatalf("fail at %d: Err() = %v, want the sticky device error", at, w.Err())
		}
		if _, err := w.ReadFrom(bytes.NewReader(data)); !errors.Is(err, coretest.ErrFault) {
			t.Fatalf("fail at %d: second ReadFrom: %v, want the sticky error", at, err)
		}
		w.Close()
	}
	for _, at := range []int{1, 3, 8} {
		dev := &coretest.Writer{Faults: coretest.Faults{Max: 4096, FailAt: at, FailFor: 2, Temporary: true, Partial: true}}
		w, _ := NewWriter(dev, Gzip, 1, &WriterOptions{Concurrency: 2, BlockSize: MinBlockSize})
		src := &coretest.Reader{Data: data}
		var total int64
		var errs int
		for total < int64(len(data)) {
			n, err := w.ReadFrom(src)
			total += n
			if err != nil {
				var te *coretest.TempError
				if !errors.As(err, &te) {
					t.Fatalf("temporary fail at %d: %v", at, err)
				}
				errs++
			} else if total != int64(len(data)) {
				t.Fatalf("temporary fail at %d: ReadFrom ended at %d of %d bytes", at, total, len(data))
			}
		}
		for range 5 {
			if err := w.Close(); err == nil {
				break
			}
			errs++
		}
		if errs == 0 {
			t.Fatalf("temporary fail at %d: no error reported", at)
		}
		if out, err := stdInflate(Gzip, dev.Bytes()); err != nil || !bytes.Equal(out, data) {
			t.Fatalf("temporary fail at %d: %d bytes, %v", at, len(out), err)
		}
	}
	// Bad sources: an error, an impossible count, no progress.
	errRead := errors.New("read fails")
	for _, c := range []struct {
		name string
		r    io.Reader
		want error
	}{
		{"error", io.MultiReader(bytes.NewReader(data[:5000]), &failReader{err: errRead}), errRead},
		{"count", &failReader{n: -1}, core.ErrInvalidCount},
		{"empty", &failReader{}, io.ErrNoProgress},
	} {
		var out bytes.Buffer
		w, _ := NewWriter(&out, Gzip, 1, &WriterOptions{Concurrency: 2, BlockSize: MinBlockSize})
		if _, err := w.ReadFrom(c.r); !errors.Is(err, c.want) {
			t.Fatalf("%s: ReadFrom: %v, want %v", c.name, err, c.want)
		}
		w.Write([]byte("after"))
		if err := w.Close(); err != nil {
			t.Fatalf("%s: Close after a failed source: %v", c.name, err)
		}
		if got, err := stdInflate(Gzip, out.Bytes()); err != nil || !bytes.HasSuffix(got, []byte("after")) {
			t.Fatalf("%s: the stream after a failed source: %v", c.name, err)
		}
	}
	waitGoroutines(t, base)
}

// failReader returns n and err from every Read.
type failReader struct {
	n   int
	err error
}

func (r *failReader) Read([]byte) (int, error) { return r.n, r.err }

// TestParallelReset drops a stream in the middle and starts another.
func TestParallelReset(t *testing.T) {
	base := runtime.NumGoroutine()
	data := textCorpus(2<<20, 11)
	var out bytes.Buffer
	w, _ := NewWriter(&out, Zlib, 6, &WriterOptions{Concurrency: 2, BlockSize: MinBlockSize})
	w.Write(data[:1<<20])
	var out2 bytes.Buffer
	w.Reset(&out2)
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got, err := inflateAll(Zlib, out2.Bytes(), nil); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("after Reset: %d bytes, %v", len(got), err)
	}
	if w.Concurrency() != 2 {
		t.Fatalf("Concurrency() = %d", w.Concurrency())
	}
	waitGoroutines(t, base)
}

// FuzzParallel compresses its input (repeated to span blocks) in
// parallel, written in pieces of varying size, and checks the round trip
// and that the stream equals the one of a single Write.
func FuzzParallel(f *testing.F) {
	f.Add([]byte("hello, hello, hello"), uint8(6), uint16(1000))
	f.Add(randomCorpus(5000, 1), uint8(1), uint16(1))
	f.Add([]byte{0}, uint8(9), uint16(65535))
	f.Fuzz(func(t *testing.T, in []byte, level uint8, chunk uint16) {
		if len(in) == 0 {
			return
		}
		lv := int(level)%12 - 2
		data := bytes.Repeat(in, (2*MinBlockSize+len(in)-1)/len(in)+1)[:2*MinBlockSize+len(in)]
		want := compressParallel(t, Gzip, lv, 2, MinBlockSize, nil, data, nil)
		c := int(chunk) + 1
		got := compressParallel(t, Gzip, lv, 2, MinBlockSize, nil, data, func(w *Writer, p []byte) error {
			for len(p) > 0 {
				n := min(len(p), c)
				if _, err := w.Write(p[:n]); err != nil {
					return err
				}
				p = p[n:]
				c = c*7%65537 + 1
			}
			return nil
		})
		if !bytes.Equal(got, want) {
			t.Fatalf("stream depends on the write sizes")
		}
		back, err := stdInflate(Gzip, got)
		if err != nil || !bytes.Equal(back, data) {
			t.Fatalf("round trip: %d bytes, %v", len(back), err)
		}
	})
}
