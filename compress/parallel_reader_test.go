package compress

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
	kflate "github.com/klauspost/compress/flate"
)

// parOpts are Reader options that inflate in parallel with small
// chunks, so that short test inputs cross many chunk boundaries.
func parOpts(chunk int64) *ReaderOptions {
	return &ReaderOptions{Concurrency: 2, chunkSize: chunk, MaxSize: NoLimit}
}

// parCompare inflates stream with one goroutine and in parallel with
// chunks of each size and reports a difference in output or error.
func parCompare(t *testing.T, f Format, stream []byte, chunks ...int64) {
	t.Helper()
	twoProcs(t)
	want, werr := inflateAll(f, stream, &ReaderOptions{MaxSize: NoLimit})
	for _, c := range chunks {
		got, gerr := inflateAll(f, stream, parOpts(c))
		if !bytes.Equal(got, want) {
			t.Fatalf("chunk %d: %d bytes, want %d (first difference at %d)", c, len(got), len(want), firstDiff(got, want))
		}
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("chunk %d: error %v, want %v", c, gerr, werr)
		}
	}
}

// parStats inflates stream in parallel and returns how many chunks came
// from a worker and how many engine runs the consumer made.
func parStats(t *testing.T, f Format, stream []byte, chunk int64) (spec, seq int) {
	t.Helper()
	twoProcs(t)
	opts := parOpts(chunk)
	opts.waitChunks = true
	r, err := NewReader(bytes.NewReader(stream), f, opts)
	if err != nil {
		t.Fatal(err)
	}
	// One member: the counts are those of its deflate data.
	var n int64
	for {
		k, err := r.Read(make([]byte, 64<<10))
		n += int64(k)
		if r.par != nil && r.parOn {
			spec, seq = r.par.specUsed, r.par.seqRuns
		}
		if err != nil {
			break
		}
	}
	return spec, seq
}

// twoProcs gives the test at least two threads: with one the Reader does
// not inflate in parallel.
func twoProcs(t testing.TB) {
	if n := runtime.GOMAXPROCS(0); n < 2 {
		runtime.GOMAXPROCS(2)
		t.Cleanup(func() { runtime.GOMAXPROCS(n) })
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// parCorpora are the inputs of the differential tests: the compress
// tests' corpora, at sizes that make a few dozen chunks.
func parCorpora(t *testing.T) map[string][]byte {
	m := map[string][]byte{
		"text":   textCorpus(3<<20, 11),
		"random": randomCorpus(1<<20, 11),
		"zeros":  make([]byte, 4<<20),
		"binary": binaryCorpus(t, 3<<20),
	}
	for _, in := range testInputs() {
		m[in.name] = in.data
	}
	return m
}

func deflateStd(data []byte, level int) []byte {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, level)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func deflateKlauspost(data []byte, level int) []byte {
	var b bytes.Buffer
	w, _ := kflate.NewWriter(&b, level)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func TestParallelReaderDifferential(t *testing.T) {
	needCPUs(t)
	for name, data := range parCorpora(t) {
		for _, level := range []int{1, 6, 9} {
			streams := map[string][]byte{
				"std":       deflateStd(data, level),
				"klauspost": deflateKlauspost(data, level),
				"ours":      compressBytes(t, Deflate, level, data),
			}
			for enc, s := range streams {
				t.Run(fmt.Sprintf("%s/%s/%d", name, enc, level), func(t *testing.T) {
					parCompare(t, Deflate, s, 16<<10, 150<<10)
				})
			}
		}
	}
}

func TestParallelReaderGzipFormats(t *testing.T) {
	needCPUs(t)
	data := textCorpus(6<<20, 3)
	for _, f := range formats {
		t.Run(f.String(), func(t *testing.T) {
			s := compressBytes(t, f, 6, data)
			// The Writer's blocks are about 100 KiB of output.
			const chunk = 160 << 10
			parCompare(t, f, s, chunk)
			spec, seq := parStats(t, f, s, chunk)
			t.Logf("%d chunks from workers, %d engine runs", spec, seq)
			if n := len(s) / chunk; spec < n/2 {
				t.Errorf("%d of %d chunks from workers", spec, n)
			}
		})
	}
}

// TestParallelReaderPeers inflates the output of the gzip commands in
// parallel from a file.
func TestParallelReaderPeers(t *testing.T) {
	needCPUs(t)
	data := textCorpus(4<<20, 5)
	dir := t.TempDir()
	src := filepath.Join(dir, "in")
	if err := os.WriteFile(src, data, 0o644); err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]string{"gzip": "gzip", "pigz": "pigz", "libdeflate-gzip": "libdeflate-tools", "igzip": "isal"}
	peers := [][]string{
		{"gzip", "-6"}, {"gzip", "-1"}, {"gzip", "-9"}, {"pigz", "-6"}, {"pigz", "-p", "2", "-b", "128"},
		{"libdeflate-gzip", "-6"}, {"libdeflate-gzip", "-12"}, {"igzip", "-1"}, {"igzip", "-3"},
	}
	for _, pc := range peers {
		t.Run(fmt.Sprint(pc), func(t *testing.T) {
			prog := coretest.Peer(t, pc[0], pkgs[pc[0]])
			if prog == "" {
				return
			}
			args := append(append([]string(nil), pc[1:]...), "-c", src)
			out, err := exec.Command(prog, args...).Output()
			if err != nil {
				t.Fatalf("%v: %v", pc, err)
			}
			parCompare(t, Gzip, out, 64<<10)
			got, err := inflateFile(t, out, parOpts(64<<10))
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("from a file: %d bytes, %v", len(got), err)
			}
		})
	}
}

// inflateFile writes stream to a file and inflates it from the file.
func inflateFile(t *testing.T, stream []byte, opts *ReaderOptions) ([]byte, error) {
	t.Helper()
	name := filepath.Join(t.TempDir(), "s.gz")
	if err := os.WriteFile(name, stream, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := NewReader(f, Gzip, opts)
	if err != nil {
		t.Fatal(err)
	}
	return io.ReadAll(r)
}

// writerStream compresses data with the Writer in format f at level,
// flushing every flushEvery bytes (0: never).
func writerStream(t testing.TB, f Format, level int, data []byte, flushEvery int) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := NewWriter(&b, f, level, nil)
	if err != nil {
		t.Fatal(err)
	}
	for len(data) > 0 {
		n := len(data)
		if flushEvery > 0 {
			n = min(n, flushEvery)
		}
		if _, err := w.Write(data[:n]); err != nil {
			t.Fatal(err)
		}
		if flushEvery > 0 {
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
		}
		data = data[n:]
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestParallelReaderAdversarial runs streams chosen to defeat the block
// finder and the speculative decoder.
func TestParallelReaderAdversarial(t *testing.T) {
	needCPUs(t)
	text := textCorpus(1<<20, 21)
	// Deflate streams stored verbatim: every one of their block headers
	// is a false candidate inside a stored block.
	var nested []byte
	for i := range 8 {
		nested = append(nested, deflateStd(textCorpus(200<<10, uint64(i)), 6)...)
	}
	// A random 32 KiB repeated: every match is 32768 bytes back, across
	// every chunk boundary.
	period := randomCorpus(32<<10, 5)
	var periodic []byte
	for len(periodic) < 2<<20 {
		periodic = append(periodic, period...)
	}
	// Periodic text with a period just under the window.
	var nearWin []byte
	for len(nearWin) < 2<<20 {
		nearWin = append(nearWin, text[:32<<10-7]...)
	}
	tests := []struct {
		name   string
		stream []byte
		chunks []int64
	}{
		{"stored_nested_deflate", deflateStd(nested, 0), []int64{4 << 10, 50 << 10}},
		{"huffman_nested_deflate", deflateStd(nested, 6), []int64{4 << 10, 50 << 10}},
		{"stored_random", deflateStd(randomCorpus(1<<20, 9), 0), []int64{1 << 10, 64 << 10}},
		{"distance_32768", deflateStd(periodic, 9), []int64{1 << 10, 16 << 10, 100 << 10}},
		{"distance_32761", deflateKlauspost(nearWin, 6), []int64{1 << 10, 16 << 10}},
		{"tiny_blocks", writerStream(t, Deflate, 6, text, 100), []int64{1 << 10, 16 << 10}},
		{"tiny_blocks_level1", writerStream(t, Deflate, 1, text, 37), []int64{1 << 10, 16 << 10}},
		{"huge_blocks", deflateStd(make([]byte, 64<<20), 9), []int64{512, 4 << 10}},
		{"fixed_blocks", writerStream(t, Deflate, 1, text[:200<<10], 20), []int64{1 << 10}},
		{"mixed_levels", append(deflateStd(text, 1)[:0:0], writerStream(t, Deflate, 9, append(randomCorpus(300<<10, 3), text...), 70<<10)...), []int64{8 << 10, 40 << 10}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parCompare(t, Deflate, tc.stream, tc.chunks...)
		})
	}
}

// TestParallelReaderCorrupt damages a stream at every chunk boundary (and
// a byte either side) and wants the one-goroutine Reader's output and
// error, offset included.
func TestParallelReaderCorrupt(t *testing.T) {
	needCPUs(t)
	const chunk = 8 << 10
	for _, tc := range []struct {
		name   string
		stream []byte
	}{
		{"text", deflateStd(textCorpus(400<<10, 4), 6)},
		{"stored", deflateStd(randomCorpus(200<<10, 4), 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for at := chunk; at < len(tc.stream); at += chunk {
				for _, d := range []int{-1, 0, 1} {
					for _, bit := range []byte{0x01, 0x80} {
						s := bytes.Clone(tc.stream)
						s[at+d] ^= bit
						parCompare(t, Deflate, s, chunk)
					}
				}
			}
			// Truncated at every chunk boundary.
			for at := chunk; at < len(tc.stream); at += chunk {
				parCompare(t, Deflate, tc.stream[:at], chunk)
			}
		})
	}
	// The gzip trailer: checksum and size.
	g := compressBytes(t, Gzip, 6, textCorpus(300<<10, 8))
	for _, off := range []int{8, 4, 1} {
		s := bytes.Clone(g)
		s[len(s)-off] ^= 1
		parCompare(t, Gzip, s, 8<<10)
	}
}

// TestParallelReaderUsesWorkers checks that the parallel path is taken:
// on a stream of GNU gzip most chunks come from the workers.
func TestParallelReaderUsesWorkers(t *testing.T) {
	needCPUs(t)
	gz := peerGzip(t, textCorpus(8<<20, 6))
	const chunk = 256 << 10
	spec, seq := parStats(t, Gzip, gz, chunk)
	if n := len(gz) / chunk; spec < n*2/3 {
		t.Errorf("%d of %d chunks from workers (%d engine runs)", spec, n, seq)
	}
}

// peerGzip compresses data with gzip -6, or with the Writer when gzip is
// missing (the test then covers the Writer's streams only).
func peerGzip(t *testing.T, data []byte) []byte {
	cmd := exec.Command("gzip", "-6", "-c")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Logf("gzip -6: %v; the Writer's stream instead", err)
		return compressBytes(t, Gzip, 6, data)
	}
	return out
}

// TestParallelReaderMemory inflates highly compressible data: the chunks'
// buffers stay within their bounds whatever the ratio.
func TestParallelReaderMemory(t *testing.T) {
	needCPUs(t)
	twoProcs(t)
	const chunk = 16 << 10
	s := deflateStd(make([]byte, 200<<20), 9)
	r, err := NewReader(bytes.NewReader(s), Deflate, parOpts(chunk))
	if err != nil {
		t.Fatal(err)
	}
	n, err := r.WriteTo(io.Discard)
	if n != 200<<20 || err != nil {
		t.Fatalf("%d bytes, %v", n, err)
	}
	ocap := r.par.ocap
	for _, c := range r.par.free {
		if cap(c.plain) > 2*ocap+1<<20 || cap(c.mbuf) > 2*(ocap+markWindow+1<<17) || cap(c.in) > chunk+parBlockSlack {
			t.Errorf("buffers of %d, %d and %d bytes for chunks of %d, output cap %d", cap(c.plain), cap(c.mbuf), cap(c.in), chunk, ocap)
		}
	}
}

// TestParallelReaderMultiMember reads concatenated gzip members in
// parallel, from memory and from a file, and with SingleMember and
// StopAtEnd, the source positioned after the first member.
func TestParallelReaderMultiMember(t *testing.T) {
	needCPUs(t)
	a, b := textCorpus(1<<20, 1), randomCorpus(300<<10, 2)
	ga, gb := compressBytes(t, Gzip, 6, a), compressBytes(t, Gzip, 1, b)
	s := append(append(append([]byte(nil), ga...), gb...), make([]byte, 10)...)
	parCompare(t, Gzip, s, 16<<10)
	got, err := inflateFile(t, s, parOpts(16<<10))
	if err != nil || !bytes.Equal(got, append(append([]byte(nil), a...), b...)) {
		t.Fatalf("from a file: %d bytes, %v", len(got), err)
	}
	twoProcs(t)
	opts := parOpts(16 << 10)
	opts.SingleMember, opts.StopAtEnd = true, true
	src := bytes.NewReader(s)
	r, err := NewReader(src, Gzip, opts)
	if err != nil {
		t.Fatal(err)
	}
	got, err = io.ReadAll(r)
	if err != nil || !bytes.Equal(got, a) {
		t.Fatalf("first member: %d bytes, %v", len(got), err)
	}
	if rest := len(s) - src.Len(); rest != len(ga) {
		t.Errorf("source left at %d, want %d (after the first member)", rest, len(ga))
	}
}

// needCPUs skips a test of the parallel Reader where the program may use
// one CPU only (wasip1 and js run one thread): there the Reader inflates
// on its own goroutine, which the sequential tests cover.
func needCPUs(t *testing.T) {
	t.Helper()
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one CPU: the parallel Reader inflates on the calling goroutine (GOMAXPROCS 1, or wasm's one thread)")
	}
}

// TestFinderNextMatchesEveryOffset checks the finder's byte-at-a-time
// search against testing every bit offset in turn, on real streams (whose
// block boundaries it must find), one with false candidates.
func TestFinderNextMatchesEveryOffset(t *testing.T) {
	slow := func(f *finder, in []byte, from, to int64) int64 {
		for p := from; p < to; p++ {
			if f.candidate(in, p) {
				return p
			}
			if (p>>3)+16 > int64(len(in)) {
				return -1
			}
		}
		return -1
	}
	streams := [][]byte{
		deflateStd(textCorpus(300<<10, 3), 6),
		deflateStd(randomCorpus(100<<10, 3), 0),
		deflateStd(randomCorpus(100<<10, 5), 6),
		// stored blocks holding a deflate stream: its headers are
		// false candidates of the outer one
		deflateStd(deflateStd(textCorpus(300<<10, 4), 6), 0),
	}
	var f, g finder
	for i, s := range streams {
		found := 0
		for from := int64(0); from < int64(len(s))*8; from += 997 {
			to := from + 400000
			a, b := f.next(s, from, to), slow(&g, s, from, to)
			if a != b {
				t.Fatalf("stream %d from %d: next %d, every offset %d", i, from, a, b)
			}
			if a >= 0 {
				found++
			}
		}
		if found == 0 {
			t.Errorf("stream %d: no candidate found", i)
		}
	}
}

// TestResolveMarks compares resolveMarks with the plain loop at every
// length around its eight-value steps.
func TestResolveMarks(t *testing.T) {
	tab := new([1 << 16]byte)
	for i := range tab {
		tab[i] = byte(i*7 + i>>8)
	}
	m := make([]uint16, 40)
	for i := range m {
		m[i] = uint16(i*2654435761>>7) | uint16(i&1)<<15
	}
	for n := range len(m) + 1 {
		q := make([]byte, n+1)
		q[n] = 0xAA
		resolveMarks(q[:n], m[:n], tab)
		for i, v := range m[:n] {
			if q[i] != tab[v] {
				t.Fatalf("length %d: byte %d is %#x, want %#x", n, i, q[i], tab[v])
			}
		}
		if q[n] != 0xAA {
			t.Fatalf("length %d: wrote past the end", n)
		}
	}
}
