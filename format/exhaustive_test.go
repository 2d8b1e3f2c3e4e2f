package format

import (
	"math"
	"os"
	"strconv"
	"testing"
)

// TestFloat32Exhaustive checks shortest formatting and parsing of float32
// values against strconv, every stride-th bit pattern (every one with
// stride 1, which takes a long while). It runs only when
// FASTIO_FLOAT32_STRIDE is set, so it stays out of go test ./...
func TestFloat32Exhaustive(t *testing.T) {
	env := os.Getenv("FASTIO_FLOAT32_STRIDE")
	if env == "" {
		t.Skip("set FASTIO_FLOAT32_STRIDE=1 (or more) to run")
	}
	stride, err := strconv.Atoi(env)
	if err != nil || stride < 1 {
		t.Fatalf("bad FASTIO_FLOAT32_STRIDE %q", env)
	}
	var got, want []byte
	for b := uint64(0); b < 1<<32; b += uint64(stride) {
		f := math.Float32frombits(uint32(b))
		got = appendFloatShortest(got[:0], float64(f), 32)
		want = strconv.AppendFloat(want[:0], float64(f), 'g', -1, 32)
		if string(got) != string(want) {
			t.Fatalf("%#08x: got %q, want %q", b, got, want)
		}
		if f != f {
			continue
		}
		back, err := ParseFloat[float32](got)
		if err != nil && !math.IsInf(float64(f), 0) || math.Float32bits(back) != uint32(b) {
			t.Fatalf("%#08x: %q parsed back as %#08x, %v", b, got, math.Float32bits(back), err)
		}
	}
}
