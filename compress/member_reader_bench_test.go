package compress

import (
	"bytes"
	"io"
	"strconv"
	"sync"
	"testing"

	"github.com/fastio-go/fastio/core/coretest/cputime"
)

var (
	indexBenchOnce sync.Once
	indexBenchGz   []byte
)

// BenchmarkIndexedReader inflates the text corpus written by the Writer
// at level 6 with WriterOptions.Index, with 1 and 2 goroutines: wall time
// per byte, and the process's CPU time in the cpu-ns/op metric. On two
// idle cores the wall time with two approaches half of one's.
func BenchmarkIndexedReader(b *testing.B) {
	text, _ := corpora(b)
	indexBenchOnce.Do(func() {
		var out bytes.Buffer
		w, err := NewWriter(&out, Gzip, 6, &WriterOptions{Index: true, Concurrency: 2})
		if err != nil {
			b.Fatal(err)
		}
		w.Write(text)
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
		indexBenchGz = out.Bytes()
	})
	s := indexBenchGz
	for _, n := range []int{1, 2} {
		b.Run("goroutines="+strconv.Itoa(n), func(b *testing.B) {
			if n > 1 {
				twoProcs(b)
			}
			src := bytes.NewReader(s)
			r, err := NewReader(src, Gzip, &ReaderOptions{Concurrency: n, MaxSize: NoLimit})
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			cpu := cputime.ProcessCPU()
			for b.Loop() {
				src.Reset(s)
				r.Reset(src)
				if _, err := r.WriteTo(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.ProcessCPU()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
