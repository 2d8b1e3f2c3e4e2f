package format

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// checkFixed compares Fixed(v, prec), Sci(v, prec) and General(v, prec)
// with strconv's 'f', 'e' and 'g' at both sizes (float32 when v converts
// exactly), and appendFixedExact and appendSciExact, when they take v,
// with strconv directly.
func checkFixed(t *testing.T, v float64, prec int) {
	t.Helper()
	for _, mode := range []byte{'f', 'e', 'g'} {
		want := strconv.FormatFloat(v, mode, prec, 64)
		ff, exact := Fixed(v, prec), appendFixedExact
		switch mode {
		case 'e':
			ff, exact = Sci(v, prec), appendSciExact
		case 'g':
			// General delegates to strconv: checked through the
			// manipulator only.
			ff, exact = General(v, prec), func(dst []byte, _ float64, _ int) ([]byte, bool) { return dst, false }
		}
		if got := str(ff); got != want {
			t.Fatalf("%c %v (%#016x), %d: got %q, strconv %q", mode, v, math.Float64bits(v), prec, got, want)
		}
		if got, ok := exact([]byte("x"), v, prec); ok && string(got) != "x"+want {
			t.Fatalf("exact %c %v, %d: got %q, strconv %q", mode, v, prec, got[1:], want)
		}
		if f := float32(v); float64(f) == v || v != v {
			ff = Fixed(f, prec)
			switch mode {
			case 'e':
				ff = Sci(f, prec)
			case 'g':
				ff = General(f, prec)
			}
			if got, want := str(ff), strconv.FormatFloat(float64(f), mode, prec, 32); got != want {
				t.Fatalf("%c float32 %v, %d: got %q, strconv %q", mode, f, prec, got, want)
			}
		}
		// The upper-case forms: 'E' and 'G' (Fixed has no letters).
		if mode != 'f' {
			upper := mode - ('a' - 'A')
			if got, want := str(ff.Upper()), strconv.FormatFloat(ff.v, upper, prec, int(ff.bitSize)); got != want {
				t.Fatalf("%c %v, %d: got %q, strconv %q", upper, ff.v, prec, got, want)
			}
		}
	}
}

func TestFixedCases(t *testing.T) {
	for _, c := range []struct {
		v    float64
		prec int
		want string
	}{
		{0, 0, "0"},
		{0, 2, "0.00"},
		{math.Copysign(0, -1), 2, "-0.00"},
		{-0.001, 2, "-0.00"},
		{0.5, 0, "0"},      // a tie rounds to even
		{1.5, 0, "2"},      // a tie rounds to even
		{2.5, 0, "2"},      // a tie rounds to even
		{0.125, 2, "0.12"}, // exact tie, even
		{0.375, 2, "0.38"}, // exact tie, odd: up
		{0.1, 20, "0.10000000000000000555"},
		{2.675, 2, "2.67"}, // 2.67499999… in binary
		{1.005, 2, "1.00"},
		{9.995, 2, "9.99"},
		{9.9951, 2, "10.00"},
		{123456.789, 3, "123456.789"},
		{-42, 1, "-42.0"},
		{1 << 62, 2, "4611686018427387904.00"},
		{1e20, 2, "100000000000000000000.00"},
		{math.MaxFloat64, 0, strconv.FormatFloat(math.MaxFloat64, 'f', 0, 64)},
		{5e-324, 19, "0.0000000000000000000"},
		{math.Inf(-1), 2, "-Inf"},
		{math.NaN(), 2, "NaN"},
	} {
		t.Run(strconv.FormatFloat(c.v, 'g', -1, 64)+"/"+strconv.Itoa(c.prec), func(t *testing.T) {
			if got := str(Fixed(c.v, c.prec)); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
			checkFixed(t, c.v, c.prec)
		})
	}
}

// TestFixedClasses (Fixed, Sci and General) covers every binary exponent the exact path can meet
// (at the boundaries of its 64-bit and 128-bit cases and beyond), decimal
// ties at each precision, and subnormals, at every precision from 0 to 20.
func TestFixedClasses(t *testing.T) {
	precs := []int{0, 1, 2, 3, 6, 9, 15, 17, 18, 19, 20}
	t.Run("exponents", func(t *testing.T) {
		for be := uint64(0); be < 1024+80; be++ {
			b := be << 52
			for _, x := range []uint64{b, b + 1, b | (1<<52 - 1), b | 1<<51} {
				for _, p := range precs {
					checkFixed(t, math.Float64frombits(x), p)
				}
			}
		}
	})
	t.Run("ties", func(t *testing.T) {
		// k + 1/2 at the last printed digit, for values that binary
		// holds exactly (odd multiples of 2^-j) and neighbours.
		for j := 1; j <= 30; j++ {
			for k := int64(0); k < 40; k++ {
				v := float64(2*k+1) / float64(int64(1)<<j)
				for _, p := range precs {
					checkFixed(t, v, p)
					checkFixed(t, -v, p)
					checkFixed(t, math.Nextafter(v, 0), p)
					checkFixed(t, math.Nextafter(v, 2), p)
				}
			}
		}
	})
	t.Run("decimals", func(t *testing.T) {
		for e := -25; e <= 25; e++ {
			for _, m := range []float64{1, 5, 9.5, 1.005, 2.675, 9.995, 0.5, 4.35} {
				v := m * math.Pow(10, float64(e))
				for _, p := range precs {
					checkFixed(t, v, p)
				}
			}
		}
	})
	t.Run("random", func(t *testing.T) {
		n := 50_000
		if testing.Short() || raceEnabled {
			n = 5_000
		}
		r := rand.New(rand.NewPCG(5, 6))
		for range n {
			// Magnitudes where the exact path applies, mostly.
			v := math.Ldexp(r.Float64(), r.IntN(140)-70)
			checkFixed(t, v, r.IntN(21))
			checkFixed(t, math.Float64frombits(r.Uint64()), r.IntN(21))
		}
	})
}

func TestSciCases(t *testing.T) {
	for _, c := range []struct {
		v    float64
		prec int
		want string
	}{
		{0, 0, "0e+00"},
		{0, 3, "0.000e+00"},
		{math.Copysign(0, -1), 1, "-0.0e+00"},
		{1, 0, "1e+00"},
		{2.5, 0, "2e+00"}, // a tie rounds to even
		{3.5, 0, "4e+00"}, // a tie rounds to even
		{9.5, 0, "1e+01"}, // up to the next power of ten
		{9.96, 1, "1.0e+01"},
		{123456.789, 6, "1.234568e+05"},
		{-0.000123, 2, "-1.23e-04"},
		{1e100, 2, "1.00e+100"},
		{5e-324, 3, "4.941e-324"},
		{math.MaxFloat64, 17, "1.79769313486231571e+308"},
		{1 << 63, 5, "9.22337e+18"},
		{math.Inf(1), 2, "+Inf"},
	} {
		t.Run(strconv.FormatFloat(c.v, 'g', -1, 64)+"/"+strconv.Itoa(c.prec), func(t *testing.T) {
			if got := str(Sci(c.v, c.prec)); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
			checkFixed(t, c.v, c.prec)
		})
	}
}

func TestGeneralCases(t *testing.T) {
	for _, c := range []struct {
		v    float64
		prec int
		want string
	}{
		{0, 3, "0"},
		{math.Copysign(0, -1), 3, "-0"},
		{1, 0, "1"},
		{1.5, 5, "1.5"},
		{123456, 6, "123456"},
		{1234567, 6, "1.23457e+06"},
		{100, 1, "1e+02"},
		{0.0001234, 3, "0.000123"},
		{0.00001234, 3, "1.23e-05"},
		{-2.5, 1, "-2"},
		{99.99, 3, "100"},
		{999.99, 3, "1e+03"},
		{1e20, 18, "1e+20"},
		{1.0 / 3, 18, "0.333333333333333315"},
	} {
		t.Run(strconv.FormatFloat(c.v, 'g', -1, 64)+"/"+strconv.Itoa(c.prec), func(t *testing.T) {
			if got := str(General(c.v, c.prec)); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
			checkFixed(t, c.v, c.prec)
		})
	}
}

func TestFixedAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	n := testing.AllocsPerRun(1000, func() {
		buf = Fixed(123456.789, 2).AppendFormat(buf[:0])
		buf = Sci(123456.789, 6).AppendFormat(buf[:0])
		buf = General(0.00123456789, 4).AppendFormat(buf[:0])
	})
	if n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}

// FuzzFixed compares Fixed, Sci and General with strconv's 'f', 'e' and
// 'g' for any bit pattern and precision.
func FuzzFixed(f *testing.F) {
	for _, b := range []uint64{0, 1, 0x3fb999999999999a, 0x4005666666666666, 0x43e0000000000000, 0x3fe0000000000000, 0x7ff0000000000001} {
		f.Add(b, uint8(2))
	}
	f.Fuzz(func(t *testing.T, b uint64, prec uint8) {
		checkFixed(t, math.Float64frombits(b), int(prec%24))
		checkFixed(t, float64(math.Float32frombits(uint32(b))), int(prec%24))
		// Magnitudes the exact paths take: up to 2^64, and 53-bit
		// integers scaled down by up to 2^-127.
		checkFixed(t, float64(b), int(prec%24))
		checkFixed(t, math.Ldexp(float64(b>>11), -int(b&127)), int(prec%24))
	})
}
