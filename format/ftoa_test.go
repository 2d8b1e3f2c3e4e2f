package format

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// checkShortest64 compares the shortest forms of v in modes 'g', 'e' and
// 'f' with strconv's.
// checkShortest64 compares the shortest forms of v in every mode with
// strconv's, both through the general path (appendShortestMode) and
// through the hot path of 'g' and 'e' (appendShortest64: its own decode,
// integer check and dispatch), which Float, FloatLn, AppendFloat and
// Sci(v, -1) take.
func checkShortest64(t *testing.T, v float64) {
	t.Helper()
	for _, mode := range []byte{'g', 'e', 'f'} {
		want := strconv.FormatFloat(v, mode, -1, 64)
		if got := string(appendShortestMode(nil, v, 64, mode)); got != want {
			t.Fatalf("%#016x %c: got %q, want %q", math.Float64bits(v), mode, got, want)
		}
		if mode == 'f' {
			continue
		}
		if got := string(appendShortest64(nil, v, mode == 'e')); got != want {
			t.Fatalf("%#016x %c, hot path: got %q, want %q", math.Float64bits(v), mode, got, want)
		}
	}
}

func checkShortest32(t *testing.T, v float32) {
	t.Helper()
	for _, mode := range []byte{'g', 'e', 'f'} {
		if got, want := string(appendShortestMode(nil, float64(v), 32, mode)), strconv.FormatFloat(float64(v), mode, -1, 32); got != want {
			t.Fatalf("%#08x %c: got %q, want %q", math.Float32bits(v), mode, got, want)
		}
	}
	if got, want := string(AppendFloat(nil, v)), strconv.FormatFloat(float64(v), 'g', -1, 32); got != want {
		t.Fatalf("%#08x AppendFloat: got %q, want %q", math.Float32bits(v), got, want)
	}
}

func TestShortestSpecial(t *testing.T) {
	tests := []struct {
		name string
		v    float64
		want string
	}{
		{"zero", 0, "0"},
		{"negative zero", math.Copysign(0, -1), "-0"},
		{"inf", math.Inf(1), "+Inf"},
		{"negative inf", math.Inf(-1), "-Inf"},
		{"nan", math.NaN(), "NaN"},
		{"smallest subnormal", 5e-324, "5e-324"},
		{"largest", math.MaxFloat64, "1.7976931348623157e+308"},
		{"smallest normal", 0x1p-1022, "2.2250738585072014e-308"},
		{"largest subnormal", 0x1p-1022 - 0x1p-1074, "2.225073858507201e-308"},
		{"tenth", 0.1, "0.1"},
		{"1e-5", 1e-5, "1e-05"},
		{"1e-4", 1e-4, "0.0001"},
		{"123456", 123456, "123456"},
		{"1e6", 1e6, "1e+06"},
		{"1e23", 1e23, "1e+23"},
		{"2^53", 1 << 53, "9.007199254740992e+15"},
		{"negative", -2.5, "-2.5"},
		{"100", 100, "100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(appendFloatShortest(nil, tt.v, 64)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			checkShortest64(t, tt.v)
		})
	}
	type celsius float32
	if got := string(AppendFloat([]byte("t="), celsius(21.5))); got != "t=21.5" {
		t.Errorf("AppendFloat of a named float32 = %q", got)
	}
	if got := string(AppendFloat(nil, 0.3)); got != "0.3" {
		t.Errorf("AppendFloat(0.3) = %q", got)
	}
	for _, v := range []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
		math.MaxFloat32, math.SmallestNonzeroFloat32, 0x1p-126, 0.1, 16777216, 1e10} {
		checkShortest32(t, v)
	}
}

// TestShortestClasses covers every binary exponent at its power of two and
// its neighbours, the smallest and largest subnormals, integers around
// 2^53, and decimal round numbers (often halfway between candidates).
func TestShortestClasses(t *testing.T) {
	t.Run("powers of two", func(t *testing.T) {
		for e := 1; e < 2047; e++ {
			b := uint64(e) << 52
			for _, x := range []uint64{b - 1, b, b + 1, b | (1<<52 - 1)} {
				checkShortest64(t, math.Float64frombits(x))
			}
		}
		for e := uint32(1); e < 255; e++ {
			b := e << 23
			for _, x := range []uint32{b - 1, b, b + 1} {
				checkShortest32(t, math.Float32frombits(x))
			}
		}
	})
	t.Run("subnormals", func(t *testing.T) {
		for x := uint64(1); x < 5000; x++ {
			checkShortest64(t, math.Float64frombits(x))
			checkShortest64(t, math.Float64frombits(1<<52-x))
		}
		for x := uint32(1); x < 5000; x++ {
			checkShortest32(t, math.Float32frombits(x))
			checkShortest32(t, math.Float32frombits(1<<23-x))
		}
	})
	t.Run("integers", func(t *testing.T) {
		for i := int64(-1000); i < 1000; i++ {
			checkShortest64(t, float64(i))
			checkShortest64(t, float64(1<<53+i))
			checkShortest32(t, float32(i))
			checkShortest32(t, float32(1<<24+i))
		}
		// Significands with 0 to 52 trailing zeros at every binary
		// exponent near the point: integers below 2^53 (their own
		// shortest form), and the non-integers and larger values
		// beside them.
		for tz := 0; tz <= 52; tz++ {
			for _, m := range []uint64{1<<52 | 1<<tz, 1<<53 - 1<<tz, (1<<52 | 0x5555555555555) &^ (1<<tz - 1)} {
				for sh := -60; sh <= 60; sh++ {
					v := math.Ldexp(float64(m), sh)
					checkShortest64(t, v)
					checkShortest64(t, -v)
				}
			}
		}
	})
	t.Run("decimals", func(t *testing.T) {
		for e := -330; e <= 310; e++ {
			for _, m := range []float64{1, 2, 5, 1.5, 9.5, 1.25, 3.3333333333333335, 9.999999999999999} {
				v := m * math.Pow(10, float64(e))
				checkShortest64(t, v)
				checkShortest64(t, math.Nextafter(v, 0))
				checkShortest64(t, math.Nextafter(v, math.Inf(1)))
				checkShortest32(t, float32(v))
			}
		}
	})
}

func TestShortestRandom(t *testing.T) {
	n := 200_000
	if testing.Short() || raceEnabled {
		n = 10_000
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range n {
		checkShortest64(t, math.Float64frombits(r.Uint64()))
		checkShortest32(t, math.Float32frombits(r.Uint32()))
	}
}

func FuzzShortest(f *testing.F) {
	for _, b := range []uint64{0, 1, 0x7ff0000000000000, 0x7fefffffffffffff, 0x0010000000000000, 0x3fb999999999999a, 0x44b52d02c7e14af6} {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b uint64) {
		checkShortest64(t, math.Float64frombits(b))
		v := math.Float64frombits(b)
		if got, want := str(General(v, -1).Upper()), strconv.FormatFloat(v, 'G', -1, 64); got != want {
			t.Fatalf("G %v: got %q, strconv %q", v, got, want)
		}
		if got, want := str(Sci(v, -1).Upper()), strconv.FormatFloat(v, 'E', -1, 64); got != want {
			t.Fatalf("E %v: got %q, strconv %q", v, got, want)
		}
		checkShortest32(t, math.Float32frombits(uint32(b)))
		checkShortest32(t, math.Float32frombits(uint32(b>>32)))
	})
}

// TestShortestLayouts covers every layout of 'g' and 'e': one to 17
// significant digits (with and without trailing zeros at full length)
// around each decimal exponent where %g changes layout, and the doubles
// of the benchmarks.
func TestShortestLayouts(t *testing.T) {
	const digits = "12345678901234567"
	for n := 1; n <= 17; n++ {
		for _, last := range []byte{'1', '5', '9'} {
			m := []byte(digits[:n])
			m[n-1] = last
			for x := -12; x <= 24; x++ {
				v, err := strconv.ParseFloat(string(m[:1])+"."+string(m[1:])+"e"+strconv.Itoa(x), 64)
				if err != nil {
					t.Fatal(err)
				}
				checkShortest64(t, v)
				checkShortest64(t, -v)
				checkShortest32(t, float32(v))
			}
		}
	}
	for _, v := range doubleVals()[:20000] {
		checkShortest64(t, v)
	}
	for _, v := range []float64{1e-4, 1e-5, 9.999999999999999e-5, 123456, 999999, 1e6, 999999.9999999999, 1e16, 1e17, 1 << 60, 0x1p-1074, 0x1p-1022, math.MaxFloat64, 1e22, 1e23, 5e-324, 1e-323, 1e308, 1e-308} {
		checkShortest64(t, v)
		checkShortest64(t, math.Nextafter(v, 0))
		checkShortest64(t, math.Nextafter(v, math.Inf(1)))
	}
}

// TestShortestExponents covers every binary exponent with significands
// next to 0 and to 2^52 and with random ones of every bit length (the
// exact-product and boundary cases of Dragonbox), and decimals of few
// digits at every decimal exponent with their neighbours (ties).
func TestShortestExponents(t *testing.T) {
	per, dmax := uint64(300), 1000
	if testing.Short() || raceEnabled {
		per, dmax = 30, 200
	}
	r := rand.New(rand.NewPCG(13, 14))
	for e := uint64(0); e < 2047; e++ {
		for j := range per {
			var m uint64
			switch j % 3 {
			case 0:
				m = j / 3
			case 1:
				m = 1<<52 - 1 - j/3
			default:
				m = r.Uint64() & (1<<52 - 1) &^ (1<<r.IntN(52) - 1)
			}
			checkShortest64(t, math.Float64frombits(e<<52|m))
		}
	}
	for d := 1; d < dmax; d++ {
		for x := -330; x < 310; x++ {
			v, _ := strconv.ParseFloat(strconv.Itoa(d)+"e"+strconv.Itoa(x), 64)
			checkShortest64(t, v)
			checkShortest64(t, math.Nextafter(v, 0))
			checkShortest64(t, math.Nextafter(v, math.Inf(1)))
		}
	}
}
