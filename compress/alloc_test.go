package compress

import (
	"bytes"
	"io"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// TestAllocs asserts that the hot paths allocate nothing once set up:
// writing (Write, Reserve/Commit, the compression they trigger, Flush),
// reading (Read, Fill/Window/Consume, whole streams after Reset) and the
// pools' Get/Put cycles.
func TestAllocs(t *testing.T) {
	data := textCorpus(256<<10, 4)
	for _, f := range formats {
		stream := compressBytes(t, f, 6, data)
		t.Run(f.String()+"/write", func(t *testing.T) {
			var out bytes.Buffer
			out.Grow(1 << 20)
			w, _ := NewWriter(&out, f, 6, nil)
			run := func() {
				out.Reset()
				w.Reset(&out)
				for p := data; len(p) > 0; p = p[min(len(p), 1000):] {
					w.Write(p[:min(len(p), 1000)])
				}
				w.Flush()
				w.Close()
			}
			run()
			if n := testing.AllocsPerRun(5, run); n != 0 {
				t.Errorf("compressing a stream with Write allocates %v times", n)
			}
		})
		t.Run(f.String()+"/write_concurrent", func(t *testing.T) {
			big := textCorpus(3<<20, 4)
			var out bytes.Buffer
			out.Grow(2 << 20)
			w, _ := NewWriter(&out, f, 1, &WriterOptions{Concurrency: 2, BlockSize: MinBlockSize})
			run := func() {
				out.Reset()
				w.Reset(&out)
				w.Write(big)
				w.Flush()
				w.Write(big[:1000])
				w.Close()
			}
			run()
			if n := testing.AllocsPerRun(3, run); n != 0 {
				t.Errorf("compressing a stream on 2 goroutines allocates %v times", n)
			}
		})
		t.Run(f.String()+"/reserve_commit", func(t *testing.T) {
			w, _ := NewWriter(core.NewWriter(io.Discard), f, 1, nil)
			v := int64(0)
			run := func() {
				for range 10000 {
					p := w.Reserve(20)
					p = strconv.AppendInt(p[:0], v, 10)
					p = append(p, '\n')
					w.Commit(len(p))
					v++
				}
			}
			run()
			if n := testing.AllocsPerRun(5, run); n != 0 {
				t.Errorf("Reserve/Commit allocates %v times per 10000", n)
			}
		})
		t.Run(f.String()+"/read", func(t *testing.T) {
			src := core.NewSpanReader(stream)
			r, _ := NewReader(src, f, nil)
			p := make([]byte, 1000)
			run := func() {
				src.Reset(stream)
				r.Reset(src)
				for {
					if _, err := r.Read(p); err != nil {
						break
					}
				}
			}
			run()
			if n := testing.AllocsPerRun(5, run); n != 0 {
				t.Errorf("inflating a stream with Read allocates %v times", n)
			}
		})
		t.Run(f.String()+"/window", func(t *testing.T) {
			br := bytes.NewReader(stream)
			r, _ := NewReader(br, f, nil)
			run := func() {
				br.Reset(stream)
				r.Reset(br)
				for {
					r.Consume(len(r.Window()))
					if _, err := r.Fill(); err != nil {
						break
					}
				}
			}
			run()
			if n := testing.AllocsPerRun(5, run); n != 0 {
				t.Errorf("inflating a stream with Fill/Consume allocates %v times", n)
			}
		})
		t.Run(f.String()+"/pools", func(t *testing.T) {
			if raceEnabled {
				t.Skip("sync.Pool drops items on purpose under -race")
			}
			wp, _ := NewWriterPool(f, 6, nil)
			rp, _ := NewReaderPool(f, nil)
			var out bytes.Buffer
			out.Grow(1 << 20)
			br := bytes.NewReader(stream)
			small := data[:10000]
			plain := &counter{} // not buffered: the Writer's own core.Writer is reused
			plainSrc := &struct{ io.Reader }{br}
			run := func() {
				out.Reset()
				w := wp.Get(&out)
				w.Write(small)
				w.Close()
				wp.Put(w)
				w = wp.Get(plain)
				w.Write(small)
				w.Close()
				wp.Put(w)
				br.Reset(stream)
				r := rp.Get(br)
				r.WriteTo(io.Discard)
				rp.Put(r)
				br.Reset(stream)
				r = rp.Get(plainSrc) // a plain io.Reader
				r.WriteTo(io.Discard)
				rp.Put(r)
			}
			run()
			if n := testing.AllocsPerRun(5, run); n != 0 {
				t.Errorf("a pooled compress and inflate allocates %v times", n)
			}
		})
	}
}
