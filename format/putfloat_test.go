package format

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// TestPutFloatFormatMatchesStrconv checks Put of a FloatFormat into a
// *core.Writer, whose shortest forms take their own route, against
// strconv for both sizes, the modes of that route and ones beside it, and a
// buffer small enough that values land on its end, written to the Writer
// and to its Engine.
func TestPutFloatFormatMatchesStrconv(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e21, 1e-7, 123456789, math.MaxFloat64,
		math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, 0x1p-1022}
	r := rand.New(rand.NewPCG(29, 7))
	for range 20000 {
		if v := math.Float64frombits(r.Uint64()); !math.IsNaN(v) {
			vals = append(vals, v)
		}
	}
	forms := []struct {
		name string
		make func(v float64) FloatFormat
		want func(dst []byte, v float64) []byte
	}{
		{"Sci64", func(v float64) FloatFormat { return Sci(v, -1) },
			func(d []byte, v float64) []byte { return strconv.AppendFloat(d, v, 'e', -1, 64) }},
		{"General64", func(v float64) FloatFormat { return General(v, -1) },
			func(d []byte, v float64) []byte { return strconv.AppendFloat(d, v, 'g', -1, 64) }},
		{"Sci32", func(v float64) FloatFormat { return Sci(float32(v), -1) },
			func(d []byte, v float64) []byte { return strconv.AppendFloat(d, float64(float32(v)), 'e', -1, 32) }},
		{"General32", func(v float64) FloatFormat { return General(float32(v), -1) },
			func(d []byte, v float64) []byte { return strconv.AppendFloat(d, float64(float32(v)), 'g', -1, 32) }},
		{"SciUpper", func(v float64) FloatFormat { return Sci(v, -1).Upper() },
			func(d []byte, v float64) []byte { return strconv.AppendFloat(d, v, 'E', -1, 64) }},
		{"Sci6", func(v float64) FloatFormat { return Sci(v, 6) },
			func(d []byte, v float64) []byte { return strconv.AppendFloat(d, v, 'e', 6, 64) }},
	}
	for _, f := range forms {
		for _, viaEngine := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/engine=%v", f.name, viaEngine), func(t *testing.T) {
				var out bytes.Buffer
				w := core.NewWriterSize(&out, core.MinBufferSize)
				var want []byte
				for _, v := range vals {
					if viaEngine {
						Put(w.Engine(), f.make(v))
					} else {
						Put(w, f.make(v))
					}
					w.PutByte('\n')
					want = append(f.want(want, v), '\n')
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				if got := out.Bytes(); !bytes.Equal(got, want) {
					i := 0
					for i < len(got) && i < len(want) && got[i] == want[i] {
						i++
					}
					t.Fatalf("output differs from strconv at byte %d: got %.40q, want %.40q", i, got[i:], want[i:])
				}
			})
		}
	}
}

// TestPutShortestAllocs budgets the shortest route at no allocation.
func TestPutShortestAllocs(t *testing.T) {
	w := core.NewWriter(discardWriter{})
	v := 1.2345678901234567e-89
	if n := testing.AllocsPerRun(100, func() {
		Put(w, Sci(v, -1))
		Put(w, General(float32(v), -1))
		Put(w.Engine(), Sci(v, -1))
	}); n != 0 {
		t.Errorf("Put of a shortest FloatFormat: %v allocations, want 0", n)
	}
}

type discardWriter struct{}

func (discardWriter) Write(p []byte) (int, error) { return len(p), nil }
