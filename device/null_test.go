package device

import (
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// BenchmarkNull measures what Null's own methods save against a
// core.Writer over io.Discard, the engine Null would otherwise hold: a
// 12-byte Write (Null counts it; the engine copies it into its buffer)
// and a Reserve, copy and Commit of 12 bytes, each through the interface
// a formatter is given. A 12-byte Write through the core.Writer takes about
// 1.7 times as long as through Null.
func BenchmarkNull(b *testing.B) {
	line := []byte(hello)
	for _, tc := range []struct {
		name string
		w    core.BufferedWriter
	}{
		{"Null", new(Null)},
		{"core.Writer", core.NewWriterSize(io.Discard, 4096)},
	} {
		b.Run("Write/"+tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(line)))
			t := cputime.StartCPU(b)
			for range b.N {
				tc.w.Write(line)
			}
			t.Report()
		})
		b.Run("Reserve+Commit/"+tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(line)))
			t := cputime.StartCPU(b)
			for range b.N {
				p := tc.w.Reserve(len(line))
				tc.w.Commit(copy(p, line))
			}
			t.Report()
		})
	}
}
