package compress

import (
	"bufio"
	"bytes"
	stdgzip "compress/gzip"
	stdzlib "compress/zlib"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
	kgzip "github.com/klauspost/compress/gzip"
	kzlib "github.com/klauspost/compress/zlib"
)

// The benchmarks run over a text-like corpus and a random one, generated
// deterministically on first use (not committed, not touched by go test
// without -bench). Their size is FASTIO_CORPUS_MB megabytes, 100 unless
// set. Each benchmark has its peers beside it, to be compared in the same
// run with benchstat:
//
//	go test -run '^$' -bench 'Text|Random' -count 6 | benchstat -col /impl -
var (
	corpusOnce   sync.Once
	corpusText   []byte
	corpusRandom []byte
)

func corpora(testing.TB) (text, random []byte) {
	corpusOnce.Do(func() {
		mb := 100
		if s := os.Getenv("FASTIO_CORPUS_MB"); s != "" {
			if v, err := strconv.Atoi(s); err == nil && v > 0 {
				mb = v
			}
		}
		corpusText = textCorpus(mb<<20, 42)
		corpusRandom = randomCorpus(mb<<20, 42)
	})
	return corpusText, corpusRandom
}

// counter is a destination that only counts, so that benchmarks measure
// compression and report the compressed size.
type counter struct{ n int64 }

func (c *counter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

const benchChunk = 32 << 10 // size of the writes and reads the benchmarks make

func benchCompress(b *testing.B, data []byte, level int) {
	b.Run("impl=fastio", func(b *testing.B) {
		var c counter
		dst := core.NewWriter(&c)
		w, err := NewWriter(dst, Zlib, level, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			c.n = 0
			w.Reset(dst)
			for p := data; len(p) > 0; p = p[min(len(p), benchChunk):] {
				w.Write(p[:min(len(p), benchChunk)])
			}
			w.Close()
		}
		b.ReportMetric(float64(c.n)/float64(len(data)), "out/in")
	})
	b.Run("impl=klauspost", func(b *testing.B) {
		var c counter
		w, err := kzlib.NewWriterLevel(&c, level)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			c.n = 0
			w.Reset(&c)
			for p := data; len(p) > 0; p = p[min(len(p), benchChunk):] {
				w.Write(p[:min(len(p), benchChunk)])
			}
			w.Close()
		}
		b.ReportMetric(float64(c.n)/float64(len(data)), "out/in")
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		if level == HuffmanOnly {
			b.Skip("same constant, but compare like with like")
		}
		var c counter
		w, err := stdzlib.NewWriterLevel(&c, level)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			c.n = 0
			w.Reset(&c)
			for p := data; len(p) > 0; p = p[min(len(p), benchChunk):] {
				w.Write(p[:min(len(p), benchChunk)])
			}
			w.Close()
		}
		b.ReportMetric(float64(c.n)/float64(len(data)), "out/in")
	})
}

func BenchmarkCompressText(b *testing.B) {
	text, _ := corpora(b)
	for _, level := range []int{BestSpeed, DefaultCompression, 6, HuffmanOnly} {
		b.Run("level="+strconv.Itoa(level), func(b *testing.B) { benchCompress(b, text, level) })
	}
}

func BenchmarkCompressRandom(b *testing.B) {
	_, random := corpora(b)
	for _, level := range []int{BestSpeed, 6} {
		b.Run("level="+strconv.Itoa(level), func(b *testing.B) { benchCompress(b, random, level) })
	}
}

func benchInflate(b *testing.B, data []byte) {
	var zs bytes.Buffer
	sw, _ := stdzlib.NewWriterLevel(&zs, 6)
	sw.Write(data)
	sw.Close()
	stream := zs.Bytes()
	buf := make([]byte, benchChunk)
	b.Run("impl=fastio", func(b *testing.B) {
		src := bytes.NewReader(stream)
		r, _ := NewReader(src, Zlib, &ReaderOptions{MaxSize: NoLimit})
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			src.Reset(stream)
			r.Reset(src)
			for {
				if _, err := r.Read(buf); err != nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
			}
		}
	})
	b.Run("impl=fastio_window", func(b *testing.B) {
		src := bytes.NewReader(stream)
		r, _ := NewReader(src, Zlib, &ReaderOptions{MaxSize: NoLimit})
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			src.Reset(stream)
			r.Reset(src)
			for {
				r.Consume(r.Buffered())
				if _, err := r.Fill(); err != nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
			}
		}
	})
	b.Run("impl=klauspost", func(b *testing.B) {
		src := bytes.NewReader(stream)
		zr, err := kzlib.NewReader(src)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			src.Reset(stream)
			zr.(kzlib.Resetter).Reset(src, nil)
			for {
				if _, err := zr.Read(buf); err != nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
			}
		}
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		src := bytes.NewReader(stream)
		zr, err := stdzlib.NewReader(src)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			src.Reset(stream)
			zr.(stdzlib.Resetter).Reset(src, nil)
			for {
				if _, err := zr.Read(buf); err != nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
			}
		}
	})
}

var (
	binaryOnce sync.Once
	corpusBin  []byte
)

// binaryData is the binary corpus (binaryCorpus) of FASTIO_CORPUS_MB
// megabytes, like the others.
func binaryData(tb testing.TB) []byte {
	binaryOnce.Do(func() {
		text, _ := corpora(tb)
		corpusBin = binaryCorpus(tb, len(text))
	})
	return corpusBin
}

func BenchmarkCompressBinary(b *testing.B) {
	data := binaryData(b)
	for _, level := range []int{BestSpeed, 6} {
		b.Run("level="+strconv.Itoa(level), func(b *testing.B) { benchCompress(b, data, level) })
	}
}

func BenchmarkInflateBinary(b *testing.B) {
	benchInflate(b, binaryData(b))
}

// BenchmarkCompressParallel compresses gzip with one goroutine and with
// two beside compress/gzip and klauspost's gzip, reporting wall time
// (ns/op) and the process's CPU time (cpu-ns/op): on two idle cores the
// concurrent Writer's wall time approaches half of one goroutine's.
func BenchmarkCompressParallel(b *testing.B) {
	text, _ := corpora(b)
	for _, c := range []struct {
		name string
		data []byte
	}{{"text", text}, {"binary", binaryData(b)}} {
		for _, level := range []int{BestSpeed, 6} {
			b.Run("corpus="+c.name+"/level="+strconv.Itoa(level), func(b *testing.B) {
				for _, n := range []int{1, 2} {
					b.Run("impl=fastio_goroutines"+strconv.Itoa(n), func(b *testing.B) {
						var cnt counter
						dst := core.NewWriter(&cnt)
						w, err := NewWriter(dst, Gzip, level, &WriterOptions{Concurrency: n})
						if err != nil {
							b.Fatal(err)
						}
						benchCPU(b, c.data, &cnt, func() {
							w.Reset(dst)
							for p := c.data; len(p) > 0; p = p[min(len(p), benchChunk):] {
								w.Write(p[:min(len(p), benchChunk)])
							}
							w.Close()
						})
					})
				}
				b.Run("impl=klauspost_gzip", func(b *testing.B) {
					var cnt counter
					w, _ := kgzip.NewWriterLevel(&cnt, level)
					benchCPU(b, c.data, &cnt, func() {
						w.Reset(&cnt)
						for p := c.data; len(p) > 0; p = p[min(len(p), benchChunk):] {
							w.Write(p[:min(len(p), benchChunk)])
						}
						w.Close()
					})
				})
				b.Run("impl=stdlib_gzip", func(b *testing.B) {
					var cnt counter
					w, _ := stdgzip.NewWriterLevel(&cnt, level)
					benchCPU(b, c.data, &cnt, func() {
						w.Reset(&cnt)
						for p := c.data; len(p) > 0; p = p[min(len(p), benchChunk):] {
							w.Write(p[:min(len(p), benchChunk)])
						}
						w.Close()
					})
				})
			})
		}
	}
}

// benchCPU runs one compression per iteration and reports throughput,
// the output ratio and the process's CPU time per operation.
func benchCPU(b *testing.B, data []byte, cnt *counter, run func()) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := cputime.ProcessCPU()
	for b.Loop() {
		cnt.n = 0
		run()
	}
	b.ReportMetric(float64(cputime.ProcessCPU()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(cnt.n)/float64(len(data)), "out/in")
}

func BenchmarkInflateText(b *testing.B) {
	text, _ := corpora(b)
	benchInflate(b, text)
}

func BenchmarkInflateRandom(b *testing.B) {
	_, random := corpora(b)
	benchInflate(b, random)
}

// chainCount is the number of integers of the chain benchmark, as in
// fast_io's "I/O 10M integers".
const chainCount = 10_000_000

// chainSum is the sum the read side must find: 0 + 1 + … + chainCount-1.
const chainSum int64 = chainCount * (chainCount - 1) / 2

// BenchmarkChain10MInts writes 10M integers, formatted in place, through
// zlib to a file, then reads the file back through inflate, parsing and
// summing: with this package's devices, and with bufio around
// compress/zlib.
func BenchmarkChain10MInts(b *testing.B) {
	text := 0
	for i := range chainCount {
		text += len(strconv.Itoa(i)) + 1
	}
	path := filepath.Join(b.TempDir(), "ints.zz")
	b.Run("impl=fastio", func(b *testing.B) {
		b.SetBytes(int64(text))
		b.ReportAllocs()
		for b.Loop() {
			f, err := os.Create(path)
			if err != nil {
				b.Fatal(err)
			}
			w, _ := NewWriter(f, Zlib, DefaultCompression, nil)
			for i := range int64(chainCount) {
				p := w.Reserve(21)
				p = strconv.AppendInt(p[:0], i, 10)
				p = append(p, '\n')
				w.Commit(len(p))
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
			f.Close()

			f, _ = os.Open(path)
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
						b.Fatal(err)
					}
					break
				}
			}
			f.Close()
			if sum != chainSum {
				b.Fatalf("sum %d, want %d", sum, chainSum)
			}
		}
	})
	b.Run("impl=bufio_stdzlib", func(b *testing.B) {
		b.SetBytes(int64(text))
		b.ReportAllocs()
		for b.Loop() {
			f, err := os.Create(path)
			if err != nil {
				b.Fatal(err)
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
				b.Fatal(err)
			}
			f.Close()

			f, _ = os.Open(path)
			zr, err := stdzlib.NewReader(bufio.NewReaderSize(f, 64<<10))
			if err != nil {
				b.Fatal(err)
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
						b.Fatal(err)
					}
					break
				}
			}
			f.Close()
			if sum != chainSum {
				b.Fatalf("sum %d, want %d", sum, chainSum)
			}
		}
	})
}
