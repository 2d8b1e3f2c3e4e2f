package unicode

import (
	"bytes"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// The hot paths allocate nothing once set up: the slice forms when the
// destination has room, the streaming forms after construction; at every
// kernel level the machine has.
func TestAllocs(t *testing.T) {
	for _, level := range kernelLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLevel(level)()
			testAllocs(t)
		})
	}
}

func testAllocs(t *testing.T) {
	src := bytes.Repeat([]byte("ASCII, Latin é, CJK 世界, emoji 🚄. "), 200)
	for _, to := range natives {
		c, _ := New(UTF8, to, Options{})
		n, _ := c.Count(src)
		dst := make([]byte, 0, n)
		in, _ := c.Append(nil, src)
		back, _ := New(to, UTF8, Options{})
		bdst := make([]byte, 0, len(src))
		w := c.NewWriter(core.NewWriter(io.Discard))
		span := core.NewSpanReader(in)
		r := back.NewReader(span)
		rbuf := make([]byte, 4096)
		tests := []struct {
			name string
			f    func()
		}{
			{"Append", func() { c.Append(dst[:0], src) }},
			{"AppendBack", func() { back.Append(bdst[:0], in) }},
			{"Count", func() { c.Count(src) }},
			{"Valid", func() { Valid(to, in) }},
			{"WriterWrite", func() {
				for i := 0; i < len(src); i += 333 {
					w.Write(src[i:min(i+333, len(src))])
				}
				w.Flush()
			}},
			{"ReaderRead", func() {
				span.Reset(in)
				r.Reset(span)
				for {
					if _, err := r.Read(rbuf); err != nil {
						break
					}
				}
			}},
		}
		for _, tc := range tests {
			t.Run(to.String()+"/"+tc.name, func(t *testing.T) {
				if a := testing.AllocsPerRun(20, tc.f); a != 0 {
					t.Fatalf("%v allocations per run, want 0", a)
				}
			})
		}
	}
}
