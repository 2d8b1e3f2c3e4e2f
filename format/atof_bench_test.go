package format

import (
	"bufio"
	"bytes"
	"math"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// The float-reading benchmarks use two files of shortest forms, one a
// line: "mixed" holds doubles of random 53-bit mantissas over thirty
// orders of magnitude and both signs (the shape of a file of measurements:
// 16 or 17 digits, small exponents, %g layout), "bits" random bit patterns
// of every exponent (floatVals), "short" short exact decimals (shortVals). Both are written by strconv, so that they
// do not depend on this package's printing. Each peer reads the same bytes
// in the same run.

const benchMixed = 200_000

// mixedScale spreads the mixed doubles over thirty orders of magnitude.
var mixedScale = [16]float64{1e-10, 1e-5, 1e-3, 0.01, 0.1, 1, 10, 100,
	1000, 1e4, 1e5, 1e6, 1e7, 1e9, 1e15, 1e20}

var mixedVals = sync.OnceValue(func() []float64 {
	v := make([]float64, benchMixed)
	s := uint64(1)
	for i := range v {
		// splitmix64
		s += 0x9E3779B97F4A7C15
		z := s
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		z ^= z >> 31
		f := float64(z>>11) * 0x1p-53 * mixedScale[z&15]
		if (z>>4)&1 != 0 {
			f = -f
		}
		v[i] = f
	}
	return v
})

var mixedFile = sync.OnceValue(func() []byte { return strconvLines(mixedVals()) })

var bitsFile = sync.OnceValue(func() []byte { return strconvLines(floatVals()) })

// shortVals are amounts of one to seven digits with zero to two decimals
// ("1234.5", "0.07", "42"): short exact decimals, the shape of prices.
var shortVals = sync.OnceValue(func() []float64 {
	r := rand.New(rand.NewPCG(3, 4))
	v := make([]float64, benchMixed)
	for i := range v {
		v[i] = float64(r.IntN(10_000_000)>>r.UintN(20)) / []float64{1, 10, 100}[r.IntN(3)]
	}
	return v
})

var shortFile = sync.OnceValue(func() []byte { return strconvLines(shortVals()) })

// strconvLines writes vals in shortest %g form, one a line.
func strconvLines(vals []float64) []byte {
	var b []byte
	for _, f := range vals {
		b = strconv.AppendFloat(b, f, 'g', -1, 64)
		b = append(b, '\n')
	}
	return b
}

// BenchmarkScanFloat64 reads each file with Scanner.Float64 and with
// bufio.Scanner and strconv.ParseFloat, and checks every value.
func BenchmarkScanFloat64(b *testing.B) {
	for _, data := range []struct {
		name string
		file []byte
		vals []float64
	}{
		{"mixed", mixedFile(), mixedVals()},
		{"bits", bitsFile(), floatVals()},
		{"short", shortFile(), shortVals()},
	} {
		b.Run(data.name+"/fastio", func(b *testing.B) {
			b.SetBytes(int64(len(data.file)))
			b.ReportAllocs()
			r := core.NewReader(nil)
			vals := data.vals
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				r.Reset(bytes.NewReader(data.file))
				s := NewScanner(r)
				for i := 0; ; i++ {
					v, err := s.Float64()
					if err != nil {
						if i != len(vals) {
							b.Fatalf("value %d: %v", i, err)
						}
						break
					}
					if math.Float64bits(v) != math.Float64bits(vals[i]) {
						b.Fatalf("value %d: %v, want %v", i, v, vals[i])
					}
				}
			}
			cpu.Report()
		})
		b.Run(data.name+"/bufio_strconv", func(b *testing.B) {
			b.SetBytes(int64(len(data.file)))
			b.ReportAllocs()
			vals := data.vals
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				sc := bufio.NewScanner(bytes.NewReader(data.file))
				for i := 0; sc.Scan(); i++ {
					v, err := strconv.ParseFloat(sc.Text(), 64)
					if err != nil || math.Float64bits(v) != math.Float64bits(vals[i]) {
						b.Fatalf("value %d: %v, %v", i, v, err)
					}
				}
			}
			cpu.Report()
		})
	}
}

// BenchmarkParseFloat64 parses the tokens of the mixed file one by one
// with ParseFloat and with strconv.ParseFloat.
func BenchmarkParseFloat64(b *testing.B) {
	toks := bytes.Fields(mixedFile())
	b.Run("fastio", func(b *testing.B) {
		b.SetBytes(int64(len(mixedFile())))
		b.ReportAllocs()
		var sum float64
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for _, t := range toks {
				v, _ := ParseFloat[float64](t)
				sum += v
			}
		}
		cpu.Report()
		_ = sum
	})
	b.Run("strconv", func(b *testing.B) {
		b.SetBytes(int64(len(mixedFile())))
		b.ReportAllocs()
		var sum float64
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for _, t := range toks {
				v, _ := strconv.ParseFloat(string(t), 64)
				sum += v
			}
		}
		cpu.Report()
		_ = sum
	})
}
