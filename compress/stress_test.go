package compress

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// stressMB is the size of the stress tests in MiB: FASTIO_STRESS_MB, or
// 1024 (a 1 GiB bomb).
func stressMB(t *testing.T) int {
	if os.Getenv("FASTIO_STRESS") != "1" {
		t.Skip("full-size run: set FASTIO_STRESS=1 (FASTIO_STRESS_MB sets the size, 1024 unless set)")
	}
	if v, err := strconv.Atoi(os.Getenv("FASTIO_STRESS_MB")); err == nil && v > 0 {
		return v
	}
	return 1024
}

// zeroReader yields n zero bytes.
type zeroReader struct{ n int64 }

func (z *zeroReader) Read(p []byte) (int, error) {
	if z.n == 0 {
		return 0, io.EOF
	}
	k := int(min(int64(len(p)), z.n))
	clear(p[:k])
	z.n -= int64(k)
	return k, nil
}

// TestStressBomb inflates a stream of FASTIO_STRESS_MB MiB of zeros
// (about a thousandth of that compressed) in each format: the size limit
// stops it after exactly MaxSize bytes, the ratio limit once RatioGrace
// is passed, no limit lets it through, and the heap stays flat.
func TestStressBomb(t *testing.T) {
	n := int64(stressMB(t)) << 20
	for _, f := range formats {
		var bomb bytes.Buffer
		w, _ := NewWriter(&bomb, f, BestCompression, &WriterOptions{Concurrency: 2})
		if _, err := w.ReadFrom(&zeroReader{n}); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		t.Logf("%v: %d MiB of zeros in %d bytes", f, n>>20, bomb.Len())
		for _, c := range []struct {
			name string
			opts ReaderOptions
			want error
			out  int64 // bytes delivered, -1: do not check
		}{
			{"no_limit", ReaderOptions{MaxSize: NoLimit}, nil, n},
			{"size_limit", ReaderOptions{MaxSize: n - 1}, core.ErrTooLarge, n - 1},
			{"ratio_limit", ReaderOptions{MaxSize: NoLimit, MaxRatio: 100}, ErrRatio, -1},
		} {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			r, _ := NewReader(bytes.NewReader(bomb.Bytes()), f, &c.opts)
			got, err := io.Copy(io.Discard, r)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, c.want) || (c.want == nil && err != nil) {
				t.Fatalf("%v %s: err = %v, want %v", f, c.name, err, c.want)
			}
			if c.out >= 0 && got != c.out {
				t.Fatalf("%v %s: delivered %d bytes, want %d", f, c.name, got, c.out)
			}
			if c.want == ErrRatio && got > 2*RatioGrace {
				t.Fatalf("%v: ratio limit let %d bytes through", f, got)
			}
			if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 16<<20 {
				t.Fatalf("%v %s: heap grew by %d bytes", f, c.name, grew)
			}
		}
	}
}

// TestStressRandomStreams round-trips random streams: random sizes (up to
// FASTIO_STRESS_MB/16 MiB), mixes of text, random and zero runs, every
// level, one to four goroutines, random write sizes and Flushes; each is
// inflated by the Reader and by the standard library.
func TestStressRandomStreams(t *testing.T) {
	maxSize := stressMB(t) << 20 / 16
	rng := rand.New(rand.NewPCG(1, 2))
	text := textCorpus(4<<20, 3)
	random := randomCorpus(4<<20, 3)
	for i := range 200 {
		size := rng.IntN(maxSize + 1)
		data := make([]byte, 0, size)
		for len(data) < size {
			k := min(size-len(data), 1+rng.IntN(1<<20))
			switch rng.IntN(3) {
			case 0:
				off := rng.IntN(len(text) - k + 1)
				data = append(data, text[off:off+k]...)
			case 1:
				off := rng.IntN(len(random) - k + 1)
				data = append(data, random[off:off+k]...)
			default:
				data = append(data, make([]byte, k)...)
			}
		}
		f := formats[rng.IntN(len(formats))]
		level := rng.IntN(12) - 2
		conc := 1 + rng.IntN(4)
		var out bytes.Buffer
		w, err := NewWriter(&out, f, level, &WriterOptions{Concurrency: conc, BlockSize: MinBlockSize << rng.IntN(4)})
		if err != nil {
			t.Fatal(err)
		}
		for p := data; len(p) > 0; {
			k := min(len(p), 1+rng.IntN(200<<10))
			w.Write(p[:k])
			p = p[k:]
			if rng.IntN(20) == 0 {
				w.Flush()
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		got, err := inflateAll(f, out.Bytes(), &ReaderOptions{MaxSize: NoLimit})
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("stream %d (%v level %d, %d goroutines, %d bytes): Reader: %v", i, f, level, conc, len(data), err)
		}
		got, err = stdInflate(f, out.Bytes())
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("stream %d (%v level %d, %d goroutines, %d bytes): standard library: %v", i, f, level, conc, len(data), err)
		}
	}
}
