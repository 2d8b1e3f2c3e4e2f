package core_test

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// TestHotPathAllocs budgets the hot paths at zero allocations.
func TestHotPathAllocs(t *testing.T) {
	w := core.NewWriterSize(io.Discard, 4096)
	gw := core.NewWriterSize(&gatherDev{}, 256)
	big := make([]byte, 1000)
	src := strings.NewReader(strings.Repeat("x", 1<<16))
	r := core.NewReaderSize(src, 4096)
	p := make([]byte, 100)
	var mem bytes.Buffer
	mem.Grow(1 << 20)
	bw := core.WrapWriter(&mem)
	tests := []struct {
		name string
		f    func()
	}{
		{"Writer.WriteString", func() { w.WriteString("Hello World\n") }},
		{"Writer.Write", func() { w.Write(big[:12]) }},
		{"Writer.WriteByte", func() { w.WriteByte('\n') }},
		{"Writer.Reserve+Commit", func() {
			q := w.Reserve(20)
			w.Commit(len(strconv.AppendInt(q[:0], 1234567, 10)))
		}},
		{"Writer large bypass", func() { w.Write(big) }},
		{"Writer gathered write", func() { gw.WriteString("pending"); gw.Write(big) }},
		{"Writer.Flush", func() { w.WriteByte('x'); w.Flush() }},
		{"Reader.Read", func() {
			if _, err := r.Read(p); err == io.EOF {
				src.Reset(strings.Repeat("x", 1<<16))
				r.Reset(src)
			}
		}},
		{"Reader.Fill+Consume", func() {
			if _, err := r.Fill(); err != nil {
				src.Seek(0, io.SeekStart)
				r.Reset(src)
			}
			r.Consume(len(r.Window()))
		}},
		{"WrapWriter(*bytes.Buffer) Reserve+Commit", func() {
			if mem.Len() > 1<<19 {
				mem.Reset()
			}
			q := bw.Reserve(20)
			bw.Commit(len(strconv.AppendInt(q[:0], 1234567, 10)))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(1000, tc.f); n != 0 {
				t.Errorf("%v allocations per run, want 0", n)
			}
		})
	}
}
