package deflate

import (
	"bytes"
	"compress/flate"
	"io"
	"math/rand/v2"
	"strconv"
	"testing"
)

// inputs are the data every test runs over: ordinary text, data with no
// matches, long runs, repeats at deflate's largest distance and one
// beyond it, and inputs that span several chunks.
func inputs() []struct {
	name string
	data []byte
} {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	var text []byte
	words := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"}
	for len(text) < 1<<20 {
		text = append(text, words[rng.IntN(len(words))]...)
		text = append(text, " ,.\n"[rng.IntN(4)])
	}
	r32 := random(windowSize)
	atWindow := append(append(append([]byte{}, r32...), r32...), r32...) // distance 32768
	beyond := append(append(append([]byte{}, r32...), 'x'), r32...)      // distance 32769: no match
	var runs []byte
	for n := 1; len(runs) < 600<<10; n = n*3 + 1 {
		runs = append(runs, bytes.Repeat([]byte{byte(n)}, n%70000)...)
	}
	var records []byte // little-endian counters and short names, as in a binary log
	for i := uint64(0); len(records) < 700<<10; i++ {
		for k := range 8 {
			records = append(records, byte(i>>(8*k)))
		}
		records = append(records, words[i%uint64(len(words))]...)
		records = append(records, byte(rng.Uint32()))
	}
	var mixed []byte // compressible and random stretches across chunk boundaries
	for len(mixed) < 1<<20 {
		mixed = append(mixed, text[:rng.IntN(50000)]...)
		mixed = append(mixed, random(rng.IntN(40000))...)
	}
	return []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"one_byte", []byte{7}},
		{"four_bytes", []byte("abab")},
		{"short", []byte("hello, hello, hello world\n")},
		{"text", text},
		{"random", random(300 << 10)},
		{"zeros", make([]byte, 700<<10)},
		{"runs", runs},
		{"repeat_at_window", atWindow},
		{"repeat_beyond_window", beyond},
		{"records", records},
		{"mixed", mixed},
		{"max_match_tail", bytes.Repeat([]byte("ab"), maxMatch+1)},
	}
}

// compressChunks compresses data at level in writes of the given size,
// with a Flush every flushEvery writes (0: none).
func compressChunks(t testing.TB, level int, data, dict []byte, chunk, flushEvery int) []byte {
	t.Helper()
	var out bytes.Buffer
	e := NewEncoder(&out, level)
	e.Reset(&out, dict)
	for i, p := 0, data; len(p) > 0; i++ {
		n := min(len(p), chunk)
		if _, err := e.Write(p[:n]); err != nil {
			t.Fatal(err)
		}
		p = p[n:]
		if flushEvery > 0 && i%flushEvery == flushEvery-1 {
			if err := e.Flush(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func stdInflate(t testing.TB, stream, dict []byte) []byte {
	t.Helper()
	got, err := io.ReadAll(flate.NewReaderDict(bytes.NewReader(stream), dict))
	if err != nil {
		t.Fatalf("compress/flate: %v", err)
	}
	return got
}

func TestRoundTrip(t *testing.T) {
	for _, in := range inputs() {
		for _, level := range []int{1, 6} {
			for _, w := range []struct{ chunk, flush int }{{1 << 30, 0}, {32 << 10, 0}, {4093, 0}, {10000, 7}} {
				name := in.name + "/level" + strconv.Itoa(level) + "/write" + strconv.Itoa(w.chunk) + "/flush" + strconv.Itoa(w.flush)
				t.Run(name, func(t *testing.T) {
					stream := compressChunks(t, level, in.data, nil, w.chunk, w.flush)
					if got := stdInflate(t, stream, nil); !bytes.Equal(got, in.data) {
						t.Fatalf("inflated %d bytes, want %d (or different bytes)", len(got), len(in.data))
					}
					if w.flush == 0 && len(in.data) > 1000 && len(stream) > len(in.data)+len(in.data)/1000+64 {
						t.Errorf("%d bytes compress to %d: more than stored blocks", len(in.data), len(stream))
					}
				})
			}
		}
	}
}

// TestSmallWrites writes byte by byte, which crosses every chunk boundary
// at every offset.
func TestSmallWrites(t *testing.T) {
	data := inputs()[4].data[:300<<10]
	for _, level := range []int{1, 6} {
		stream := compressChunks(t, level, data, nil, 1, 0)
		if got := stdInflate(t, stream, nil); !bytes.Equal(got, data) {
			t.Fatalf("level %d: round trip differs", level)
		}
	}
}

func TestDictionary(t *testing.T) {
	random := inputs()[5].data
	dict, data := random[:50<<10], random[30<<10:45<<10] // data lies 20 KiB back in the dictionary
	for _, level := range []int{1, 6} {
		with := compressChunks(t, level, data, dict, 1<<30, 0)
		without := compressChunks(t, level, data, nil, 1<<30, 0)
		if got := stdInflate(t, with, dict); !bytes.Equal(got, data) {
			t.Fatalf("level %d: round trip with a dictionary differs", level)
		}
		if len(with) > 200 || len(without) < len(data) {
			t.Errorf("level %d: %d bytes with a dictionary that holds them, %d without", level, len(with), len(without))
		}
	}
}

// TestReset reuses one Encoder for streams of different data: no match
// may reach into the previous stream.
func TestReset(t *testing.T) {
	ins := inputs()
	for _, level := range []int{1, 6} {
		var out bytes.Buffer
		e := NewEncoder(&out, level)
		for i := range 3 * len(ins) {
			in := ins[(i*7)%len(ins)].data
			out.Reset()
			e.Reset(&out, nil)
			e.Write(in)
			if err := e.Close(); err != nil {
				t.Fatal(err)
			}
			if got := stdInflate(t, out.Bytes(), nil); !bytes.Equal(got, in) {
				t.Fatalf("level %d, stream %d: round trip differs", level, i)
			}
		}
	}
}

// TestRebase runs the virtual positions past their limit, where the
// tables are cleared.
func TestRebase(t *testing.T) {
	data := inputs()[11].data
	for _, level := range []int{1, 6} {
		var out bytes.Buffer
		e := NewEncoder(&out, level)
		e.base = baseLimit - 3*windowSize
		e.Reset(&out, nil)
		for range 4 {
			e.Write(data)
		}
		if err := e.Close(); err != nil {
			t.Fatal(err)
		}
		if got := stdInflate(t, out.Bytes(), nil); !bytes.Equal(got, bytes.Repeat(data, 4)) {
			t.Fatalf("level %d: round trip across a rebase differs", level)
		}
		if e.base >= baseLimit-3*windowSize {
			t.Fatalf("level %d: no rebase happened (base %d)", level, e.base)
		}
	}
}

type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) {
	if f.n--; f.n < 0 {
		return 0, io.ErrShortWrite
	}
	return len(p), nil
}

func TestWriteError(t *testing.T) {
	data := inputs()[5].data
	for _, level := range []int{1, 6} {
		e := NewEncoder(&failWriter{}, level)
		e.Write(data)
		e.Write(data)
		if err := e.Flush(); err != io.ErrShortWrite {
			t.Fatalf("level %d: Flush = %v, want the destination's error", level, err)
		}
		if _, err := e.Write([]byte("x")); err != io.ErrShortWrite {
			t.Fatalf("level %d: Write after the error = %v", level, err)
		}
		if err := e.Close(); err != io.ErrShortWrite {
			t.Fatalf("level %d: Close after the error = %v", level, err)
		}
	}
}

func TestAllocs(t *testing.T) {
	data := inputs()[11].data
	for _, level := range []int{1, 6} {
		e := NewEncoder(io.Discard, level)
		n := testing.AllocsPerRun(5, func() {
			e.Reset(io.Discard, nil)
			e.Write(data)
			e.Flush()
			e.Write(data[:1000])
			e.Close()
		})
		if n != 0 {
			t.Errorf("level %d: %v allocations per stream", level, n)
		}
	}
}

// FuzzRoundTrip compresses arbitrary input at both levels, with a split
// into two writes and a flush between them, and inflates it with
// compress/flate.
func FuzzRoundTrip(f *testing.F) {
	for _, in := range inputs() {
		f.Add(in.data[:min(len(in.data), 5000)], uint16(100))
	}
	f.Fuzz(func(t *testing.T, data []byte, split uint16) {
		cut := min(int(split), len(data))
		for _, level := range []int{1, 6} {
			var out bytes.Buffer
			e := NewEncoder(&out, level)
			e.Write(data[:cut])
			e.Flush()
			e.Write(data[cut:])
			if err := e.Close(); err != nil {
				t.Fatal(err)
			}
			if got := stdInflate(t, out.Bytes(), nil); !bytes.Equal(got, data) {
				t.Fatalf("level %d: round trip differs", level)
			}
		}
	})
}

func BenchmarkEncoder(b *testing.B) {
	for _, in := range inputs() {
		if len(in.data) < 1<<19 {
			continue
		}
		for _, level := range []int{1, 6} {
			b.Run(in.name+"/level"+strconv.Itoa(level), func(b *testing.B) {
				e := NewEncoder(io.Discard, level)
				b.SetBytes(int64(len(in.data)))
				b.ReportAllocs()
				for b.Loop() {
					e.Reset(io.Discard, nil)
					e.Write(in.data)
					e.Close()
				}
			})
		}
	}
}
