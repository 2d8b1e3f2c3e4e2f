package compress

import (
	"bytes"
	"io"
	"os/exec"
	"sync"
	"testing"
)

var (
	parBenchOnce sync.Once
	parBenchGz   []byte
)

// parBenchStream is the text corpus compressed by gzip -6 when the gzip
// command is there, else by the Writer at level 6.
func parBenchStream(b *testing.B) []byte {
	parBenchOnce.Do(func() {
		text, _ := corpora(b)
		cmd := exec.Command("gzip", "-6", "-c")
		cmd.Stdin = bytes.NewReader(text)
		if out, err := cmd.Output(); err == nil {
			parBenchGz = out
			return
		}
		parBenchGz = compressBytes(b, Gzip, 6, text)
	})
	return parBenchGz
}

// BenchmarkParallelReaderText inflates the text corpus, compressed by
// gzip -6, with 1 and 2 goroutines: wall time per byte; the CPU time is
// in the cpu-ns/op metric.
func BenchmarkParallelReaderText(b *testing.B) {
	s := parBenchStream(b)
	text, _ := corpora(b)
	for _, n := range []int{1, 2} {
		b.Run("goroutines="+string(rune('0'+n)), func(b *testing.B) {
			r, err := NewReader(bytes.NewReader(s), Gzip, &ReaderOptions{Concurrency: n, MaxSize: NoLimit})
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				r.Reset(bytes.NewReader(s))
				if _, err := r.WriteTo(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
