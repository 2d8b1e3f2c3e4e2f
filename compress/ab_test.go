package compress

import (
	"bufio"
	"bytes"
	stdzlib "compress/zlib"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core/coretest/cputime"
	kzlib "github.com/klauspost/compress/zlib"
)

// TestABFigures measures the README's figures by alternating the
// implementations round after round (A, B, C, then B, C, A, …), so that a
// change of load on a shared machine hits all of them alike, and reports
// per implementation the median throughput and the median of its per-round
// ratio to the first implementation. It checks that every implementation
// produces the same data. It runs only with FASTIO_AB=1 (it takes minutes
// on the 100 MB corpora):
//
//	FASTIO_AB=1 go test -run ABFigures -v -timeout 30m
//
// FASTIO_AB_ROUNDS sets the number of rounds (7), FASTIO_AB_ONLY keeps the
// measurements whose name contains it, FASTIO_CORPUS_MB the corpus size.
func TestABFigures(t *testing.T) {
	if os.Getenv("FASTIO_AB") != "1" {
		t.Skip("measurement harness: set FASTIO_AB=1 to run it")
	}
	rounds := 7
	if s := os.Getenv("FASTIO_AB_ROUNDS"); s != "" {
		rounds, _ = strconv.Atoi(s)
	}
	text, random := corpora(nil)
	binary := binaryData(t)
	for _, c := range []struct {
		name     string
		data     []byte
		level    int // of fastio and klauspost
		stdLevel int // of compress/zlib
	}{
		{"compress text level 1", text, BestSpeed, BestSpeed},
		{"compress text level 6", text, 6, 6},
		{"compress random level 6", random, 6, 6},
		{"compress binary level 1", binary, BestSpeed, BestSpeed},
		{"compress binary level 6", binary, 6, 6},
	} {
		var sizes [3]int64
		abRun(t, c.name, int64(len(c.data)), rounds, []abImpl{
			{"fastio", func() { sizes[0] = abCompressFastio(c.data, c.level) }},
			{"klauspost", func() { sizes[1] = abCompressK(c.data, c.level) }},
			{"compress/zlib", func() { sizes[2] = abCompressStd(c.data, c.stdLevel) }},
		})
		if sizes[0] == 0 {
			continue // filtered out
		}
		t.Logf("  out/in: fastio %.4f, klauspost %.4f, compress/zlib %.4f; fastio size vs compress/zlib %+.2f%%",
			float64(sizes[0])/float64(len(c.data)), float64(sizes[1])/float64(len(c.data)),
			float64(sizes[2])/float64(len(c.data)), 100*(float64(sizes[0])/float64(sizes[2])-1))
	}
	for _, c := range []struct {
		name string
		data []byte
	}{{"inflate text", text}, {"inflate random", random}, {"inflate binary", binary}} {
		var zs bytes.Buffer
		sw, _ := stdzlib.NewWriterLevel(&zs, 6)
		sw.Write(c.data)
		sw.Close()
		stream := zs.Bytes()
		var sums [4]uint32
		abRun(t, c.name, int64(len(c.data)), rounds, []abImpl{
			{"fastio Read", func() { sums[0] = abInflateFastio(stream, false) }},
			{"fastio Window", func() { sums[1] = abInflateFastio(stream, true) }},
			{"klauspost", func() { sums[2] = abInflateReader(stream, true) }},
			{"compress/zlib", func() { sums[3] = abInflateReader(stream, false) }},
		})
		// The same from a file, the usual source: *os.File has no ReadByte,
		// so klauspost and compress/zlib put a bufio.Reader in front.
		file := filepath.Join(t.TempDir(), "stream.zz")
		if err := os.WriteFile(file, stream, 0o600); err != nil {
			t.Fatal(err)
		}
		var fsums [3]uint32
		abRun(t, c.name+" from a file", int64(len(c.data)), rounds, []abImpl{
			{"fastio Read", func() { fsums[0] = abInflateFile(file, 0) }},
			{"klauspost", func() { fsums[1] = abInflateFile(file, 1) }},
			{"compress/zlib", func() { fsums[2] = abInflateFile(file, 2) }},
		})
		want := adler32Update(1, c.data)
		for i, s := range fsums {
			if s != 0 && s != want {
				t.Errorf("%s from a file: implementation %d inflated data with Adler-32 %08x, want %08x", c.name, i, s, want)
			}
		}
		for i, s := range sums {
			if s == 0 {
				break // filtered out
			}
			if s != want {
				t.Errorf("%s: implementation %d inflated data with Adler-32 %08x, want %08x", c.name, i, s, want)
			}
		}
	}
	for _, c := range []struct {
		name  string
		data  []byte
		level int
	}{
		{"parallel gzip text level 1", text, 1},
		{"parallel gzip text level 6", text, 6},
		{"parallel gzip binary level 1", binary, 1},
		{"parallel gzip binary level 6", binary, 6},
	} {
		var sizes [2]int64
		abRunWall(t, c.name, int64(len(c.data)), rounds, []abImpl{
			{"fastio 1 goroutine", func() { sizes[0] = abCompressParallel(c.data, c.level, 1) }},
			{"fastio 2 goroutines", func() { sizes[1] = abCompressParallel(c.data, c.level, 2) }},
		})
		if sizes[0] != 0 {
			t.Logf("  size: 2 goroutines %+.3f%% against 1", 100*(float64(sizes[1])/float64(sizes[0])-1))
		}
	}
	path := filepath.Join(t.TempDir(), "ints.zz")
	text10M := int64(0)
	for i := range chainCount {
		text10M += int64(len(strconv.Itoa(i)) + 1)
	}
	var s1, s2 int64
	abRun(t, "chain 10M ints → zlib → file → inflate → sum", text10M, max(3, rounds/2), []abImpl{
		{"fastio", func() { s1 = chainFastio(path) }},
		{"bufio+compress/zlib", func() { s2 = chainStd(path) }},
	})
	if (s1 != 0 || s2 != 0) && (s1 != chainSum || s2 != chainSum) {
		t.Errorf("chain sums %d and %d, want %d", s1, s2, chainSum)
	}
}

type abImpl struct {
	name string
	run  func()
}

// abRun times each implementation in alternating order, in the CPU time of
// the (locked) thread, which other load on a shared machine does not inflate
// the way it inflates wall time (cputime.ThreadCPU; where the system has no
// thread clock, the process's CPU time or wall time).
func abRun(t *testing.T, name string, bytes int64, rounds int, impls []abImpl) {
	if only := os.Getenv("FASTIO_AB_ONLY"); only != "" && !strings.Contains(name, only) {
		return
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := "thread CPU time"
	if runtime.GOOS != "linux" {
		clock = "cputime.ThreadCPU"
	}
	times := make([][]time.Duration, len(impls))
	for r := range rounds {
		for k := range impls {
			i := (k + r) % len(impls)
			runtime.GC() // no collection debt carried from one to the next
			cpu := cputime.ThreadCPU()
			impls[i].run()
			times[i] = append(times[i], cputime.ThreadCPU()-cpu)
		}
	}
	t.Logf("%s (%d rounds, %.1f MB, %s):", name, rounds, float64(bytes)/1e6, clock)
	for i, im := range impls {
		ratios := make([]float64, rounds)
		for r := range rounds {
			ratios[r] = float64(times[i][r]) / float64(times[0][r])
		}
		slices.Sort(ratios)
		d := slices.Clone(times[i])
		slices.Sort(d)
		med := d[len(d)/2]
		t.Logf("  %-16s median %7.1f MB/s   time vs %s: median %.2f× (range %.2f–%.2f)",
			im.name, float64(bytes)/med.Seconds()/1e6, impls[0].name, ratios[rounds/2], ratios[0], ratios[rounds-1])
	}
}

// abRunWall times each implementation in alternating order in wall time
// and in the process's CPU time, for code that runs on several
// goroutines; it reports the load average, which wall time depends on.
func abRunWall(t *testing.T, name string, bytes int64, rounds int, impls []abImpl) {
	if only := os.Getenv("FASTIO_AB_ONLY"); only != "" && !strings.Contains(name, only) {
		return
	}
	wall := make([][]time.Duration, len(impls))
	cpu := make([][]time.Duration, len(impls))
	for r := range rounds {
		for k := range impls {
			i := (k + r) % len(impls)
			runtime.GC()
			c0, w0 := cputime.ProcessCPU(), time.Now()
			impls[i].run()
			wall[i] = append(wall[i], time.Since(w0))
			cpu[i] = append(cpu[i], cputime.ProcessCPU()-c0)
		}
	}
	load, _ := os.ReadFile("/proc/loadavg")
	t.Logf("%s (%d rounds, %.1f MB, wall and process CPU time, GOMAXPROCS %d, load average %s):", name, rounds,
		float64(bytes)/1e6, runtime.GOMAXPROCS(0), strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "))
	med := func(d []time.Duration) time.Duration {
		d = slices.Clone(d)
		slices.Sort(d)
		return d[len(d)/2]
	}
	ratio := func(x [][]time.Duration, i int) float64 {
		q := make([]float64, rounds)
		for r := range rounds {
			q[r] = float64(x[0][r]) / float64(x[i][r])
		}
		slices.Sort(q)
		return q[rounds/2]
	}
	// The fastest round of each is the one least disturbed by other load:
	// its ratio is the best estimate of the speed-up on idle cores.
	best := func(i int) time.Duration { return slices.Min(wall[i]) }
	for i, im := range impls {
		t.Logf("  %-20s wall median %7.1f MB/s (speed-up %.2f×)   CPU median %7.1f MB/s (CPU ratio %.2f×)   fastest round %7.1f MB/s (speed-up %.2f×, CPU/wall %.2f)",
			im.name, float64(bytes)/med(wall[i]).Seconds()/1e6, ratio(wall, i),
			float64(bytes)/med(cpu[i]).Seconds()/1e6, ratio(cpu, i),
			float64(bytes)/best(i).Seconds()/1e6, best(0).Seconds()/best(i).Seconds(),
			cpu[i][slices.Index(wall[i], best(i))].Seconds()/best(i).Seconds())
	}
}

// abCompressParallel compresses data to gzip with n goroutines from a
// pooled Writer (made once per n, as a server would).
func abCompressParallel(data []byte, level, n int) int64 {
	key := [2]int{level, n}
	w := abWriters[key]
	var c counter
	if w == nil {
		w, _ = NewWriter(&c, Gzip, level, &WriterOptions{Concurrency: n})
		abWriters[key] = w
	}
	w.Reset(&c)
	for p := data; len(p) > 0; p = p[min(len(p), benchChunk):] {
		w.Write(p[:min(len(p), benchChunk)])
	}
	w.Close()
	return c.n
}

var abWriters = map[[2]int]*Writer{}

func abCompressFastio(data []byte, level int) int64 {
	var c counter
	w, _ := NewWriter(&c, Zlib, level, nil)
	for p := data; len(p) > 0; p = p[min(len(p), benchChunk):] {
		w.Write(p[:min(len(p), benchChunk)])
	}
	w.Close()
	return c.n
}

func abCompressK(data []byte, level int) int64 {
	var c counter
	w, _ := kzlib.NewWriterLevel(&c, level)
	for p := data; len(p) > 0; p = p[min(len(p), benchChunk):] {
		w.Write(p[:min(len(p), benchChunk)])
	}
	w.Close()
	return c.n
}

func abCompressStd(data []byte, level int) int64 {
	var c counter
	w, _ := stdzlib.NewWriterLevel(&c, level)
	for p := data; len(p) > 0; p = p[min(len(p), benchChunk):] {
		w.Write(p[:min(len(p), benchChunk)])
	}
	w.Close()
	return c.n
}

// abInflateFastio inflates stream and returns the output's Adler-32.
func abInflateFastio(stream []byte, window bool) uint32 {
	r, _ := NewReader(bytes.NewReader(stream), Zlib, &ReaderOptions{MaxSize: NoLimit})
	sum := uint32(1)
	if window {
		for {
			sum = adler32Update(sum, r.Window())
			r.Consume(r.Buffered())
			if _, err := r.Fill(); err != nil {
				break
			}
		}
		return sum
	}
	buf := make([]byte, benchChunk)
	for {
		n, err := r.Read(buf)
		sum = adler32Update(sum, buf[:n])
		if err != nil {
			return sum
		}
	}
}

// abInflateFile inflates the zlib file at path with fastio (impl 0),
// klauspost (1) or compress/zlib (2), returning the output's Adler-32.
func abInflateFile(path string, impl int) uint32 {
	f, err := os.Open(path)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	var zr io.Reader
	switch impl {
	case 0:
		zr, _ = NewReader(f, Zlib, &ReaderOptions{MaxSize: NoLimit})
	case 1:
		zr, _ = kzlib.NewReader(f)
	default:
		zr, _ = stdzlib.NewReader(f)
	}
	buf := make([]byte, benchChunk)
	sum := uint32(1)
	for {
		n, err := zr.Read(buf)
		sum = adler32Update(sum, buf[:n])
		if err != nil {
			return sum
		}
	}
}

func abInflateReader(stream []byte, klauspost bool) uint32 {
	var zr io.Reader
	if klauspost {
		zr, _ = kzlib.NewReader(bytes.NewReader(stream))
	} else {
		zr, _ = stdzlib.NewReader(bytes.NewReader(stream))
	}
	buf := make([]byte, benchChunk)
	sum := uint32(1)
	for {
		n, err := zr.Read(buf)
		sum = adler32Update(sum, buf[:n])
		if err != nil {
			return sum
		}
	}
}

// chainFastio writes chainCount integers through this package's zlib
// Writer to path and reads them back through its Reader, returning their
// sum.
func chainFastio(path string) int64 {
	f, err := os.Create(path)
	if err != nil {
		panic(err)
	}
	w, _ := NewWriter(f, Zlib, DefaultCompression, nil)
	for i := range int64(chainCount) {
		p := w.Reserve(21)
		p = strconv.AppendInt(p[:0], i, 10)
		p = append(p, '\n')
		w.Commit(len(p))
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	f.Close()

	f, _ = os.Open(path)
	defer f.Close()
	r, _ := NewReader(f, Zlib, &ReaderOptions{MaxSize: NoLimit})
	sum, v := int64(0), int64(0)
	for {
		for _, c := range r.Window() {
			if c == '\n' {
				sum, v = sum+v, 0
			} else {
				v = v*10 + int64(c-'0')
			}
		}
		r.Consume(r.Buffered())
		if _, err := r.Fill(); err != nil {
			if err != io.EOF {
				panic(err)
			}
			return sum
		}
	}
}

// chainStd is chainFastio with bufio around compress/zlib: formatting into
// bufio's AvailableBuffer, bufio between zlib and the file both ways, and
// parsing from ReadSlice.
func chainStd(path string) int64 {
	f, err := os.Create(path)
	if err != nil {
		panic(err)
	}
	fb := bufio.NewWriterSize(f, 64<<10)
	zw := stdzlib.NewWriter(fb)
	bw := bufio.NewWriterSize(zw, 64<<10)
	for i := range int64(chainCount) {
		if bw.Available() < 21 {
			bw.Flush()
		}
		p := strconv.AppendInt(bw.AvailableBuffer(), i, 10)
		p = append(p, '\n')
		bw.Write(p)
	}
	bw.Flush()
	zw.Close()
	if err := fb.Flush(); err != nil {
		panic(err)
	}
	f.Close()

	f, _ = os.Open(path)
	defer f.Close()
	zr, err := stdzlib.NewReader(bufio.NewReaderSize(f, 64<<10))
	if err != nil {
		panic(err)
	}
	br := bufio.NewReaderSize(zr, 64<<10)
	sum, v := int64(0), int64(0)
	for {
		line, err := br.ReadSlice('\n')
		for _, c := range line {
			if c == '\n' {
				sum, v = sum+v, 0
			} else {
				v = v*10 + int64(c-'0')
			}
		}
		if err != nil {
			if err != io.EOF {
				panic(err)
			}
			return sum
		}
	}
}
