package compress

import (
	"bytes"
	"io"
	"os/exec"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/fastio-go/fastio/compress/internal/inflate"
	"github.com/fastio-go/fastio/core"
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

// BenchmarkSpeculativeText decodes the deflate data of the text corpus
// (gzip -6) from its second block on: with the window unknown, as a
// worker of the parallel Reader does before the window reaches it
// (impl=markers), and with the inflate engine (impl=engine). Their ratio
// bounds the parallel Reader's speed-up: a chunk is decoded with markers
// until the chunk before it is done.
func BenchmarkSpeculativeText(b *testing.B) {
	gz := parBenchStream(b)
	r, err := NewReader(bytes.NewReader(gz), Gzip, nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := r.Fill(); err != nil {
		b.Fatal(err)
	}
	s := gz[r.start:]
	var fd finder
	q := fd.next(s, 8, int64(len(s))*8)
	if q < 0 {
		b.Fatal("no block header found")
	}
	never := func(int64) bool { return false }
	b.Run("impl=markers", func(b *testing.B) {
		var sd specDecoder
		sd.cancel = new(atomic.Bool)
		var n int
		b.ReportAllocs()
		for b.Loop() {
			sd.reset(s, q, sd.out)
			// A cap that the whole stream fits, and on through clean
			// windows: markers to the end.
			why, err := sd.run(1<<62, never, 1<<40)
			for err == nil && why == specClean {
				why, err = sd.run(1<<62, never, 1<<40)
			}
			if err != nil || why != specFinal {
				b.Fatalf("stop %d, %v", why, err)
			}
			n = len(sd.out) - markWindow
		}
		b.SetBytes(int64(n))
	})
	b.Run("impl=engine", func(b *testing.B) {
		var d inflate.Decoder
		var n int
		b.ReportAllocs()
		for b.Loop() {
			d.ResetAt(core.NewSpanReader(s[q>>3:]), make([]byte, markWindow), uint(q&7))
			n = 0
			for {
				p, err := d.Next(1 << 20)
				n += len(p)
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		}
		b.SetBytes(int64(n))
	})
}
