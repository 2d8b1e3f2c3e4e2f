package format

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func checkParse(t *testing.T, s string) {
	t.Helper()
	for _, bits := range []int{64, 32} {
		want, wantErr := strconv.ParseFloat(s, bits)
		var got float64
		var err error
		if bits == 32 {
			var v float32
			v, err = ParseFloat[float32](s)
			got = float64(v)
		} else {
			got, err = ParseFloat[float64](s)
		}
		if math.Float64bits(got) != math.Float64bits(want) && !(got != got && want != want) || (err == nil) != (wantErr == nil) {
			t.Fatalf("ParseFloat(%q, %d) = %v, %v; strconv %v, %v", s, bits, got, err, want, wantErr)
		}
	}
}

func TestParseFloatCases(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"0", 0}, {"1", 1}, {"-1.5", -1.5}, {"+2.5e3", 2500}, {".25", 0.25}, {"7.", 7},
		{"1e-5", 1e-5}, {"123456789012345678", 123456789012345678}, {"1E+2", 100},
		{"0.0000000000000000000000000000001", 1e-31}, {"9007199254740993", 9007199254740992},
		{"1.7976931348623157e308", math.MaxFloat64}, {"4.9406564584124654e-324", 5e-324},
		{"2.2250738585072012e-308", 2.2250738585072014e-308}, {"Inf", math.Inf(1)}, {"0x1p-2", 0.25}, {"1_000", 1000},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseFloat[float64](tt.in)
			if err != nil || got != tt.want {
				t.Errorf("got %v, %v; want %v", got, err, tt.want)
			}
			checkParse(t, tt.in)
		})
	}
	bad := []string{"", "-", "+", ".", "e5", "1e", "1e+", "1.2.3", "1x", "--1", "1__0", "0x", "in", "1e5e5", " 1"}
	for _, s := range bad {
		t.Run("bad "+s, func(t *testing.T) {
			if _, err := ParseFloat[float64](s); err == nil {
				t.Errorf("ParseFloat(%q) succeeded", s)
			}
			checkParse(t, s)
		})
	}
	checkParse(t, "0."+strings.Repeat("0", 200000)+"1e200000")
	checkParse(t, "1"+strings.Repeat("0", 400)+"e-400")
}

// TestParseFloatRandom round-trips random bit patterns through their
// shortest, %e-with-precision and %f forms, and parses random decimals of
// up to 19 digits at every exponent, against strconv.
func TestParseFloatRandom(t *testing.T) {
	n := 10_000
	if testing.Short() || raceEnabled {
		n = 3_000
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range n {
		v := math.Float64frombits(r.Uint64())
		checkParse(t, strconv.FormatFloat(v, 'g', -1, 64))
		checkParse(t, strconv.FormatFloat(v, 'e', r.IntN(25), 64))
		f := math.Float32frombits(r.Uint32())
		checkParse(t, strconv.FormatFloat(float64(f), 'g', -1, 32))
		checkParse(t, strconv.FormatUint(r.Uint64()>>r.UintN(64), 10)+"e"+strconv.Itoa(r.IntN(700)-350))
	}
}

// TestParseFloatHalfway parses integers exactly halfway between two
// adjacent floats (and one above and below), where rounding to even
// decides, for both sizes, against strconv.
func TestParseFloatHalfway(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 20000 {
		for _, mant := range []uint{53, 24} {
			u := r.Uint64() >> r.UintN(64-mant)
			if u < 1<<mant {
				u |= 1 << mant
			}
			spacing := uint64(1) << (64 - bits.LeadingZeros64(u) - int(mant))
			mid := u&^(spacing-1) | spacing/2
			for _, v := range []uint64{mid - 1, mid, mid + 1} {
				checkParse(t, strconv.FormatUint(v, 10))
				checkParse(t, strconv.FormatUint(v, 10)+"e-3")
			}
		}
	}
}
