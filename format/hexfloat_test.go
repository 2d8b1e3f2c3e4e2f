package format

import (
	"math"
	"strconv"
	"testing"
)

// hexFloatVals covers every class of float64: zeros, subnormals (the
// smallest, the largest, one with a single bit), powers of two, values
// whose rounding to a few hex digits carries into the leading digit,
// halfway cases both ways, the largest finite value, Inf and NaN.
var hexFloatVals = []float64{
	0, math.Copysign(0, -1), 1, -1, 0.1, 1.0 / 3, 2.5, 1e23, 5e-324, 1e-320,
	math.Float64frombits(1<<51 | 1), 0x1p-1022, 0x1.fffffffffffffp-1023, 0x1p-1074,
	0x1.fffffffffffffp+1023, 0x1.fp0, 0x1.ffp0, 0x1.8p0, 0x1.88p0, 0x1.98p0, 0x1.08p0, 0x1.0000000000008p0,
	0x1.0000000000018p0, 0x1.7ffffffffffffp0, 0x1p1000, 0x1p-1000, 123456789.125, -0x1.abcdef0123456p+100,
	math.Inf(1), math.Inf(-1), math.NaN(),
}

func TestHexFloatMatchesStrconv(t *testing.T) {
	for _, v := range hexFloatVals {
		for prec := -1; prec <= 20; prec++ {
			for _, mode := range []byte{'x', 'X'} {
				want := strconv.FormatFloat(v, mode, prec, 64)
				if got := string(appendHexFloat(nil, v, prec, mode == 'X')); got != want {
					t.Errorf("%v %c %d: got %q, want %q", v, mode, prec, got, want)
				}
			}
			// Through the manipulator, float32 included.
			f32 := float32(v)
			want := strconv.FormatFloat(float64(f32), 'x', prec, 32)
			if got := string(HexFloat(f32, prec).AppendFormat(nil)); got != want {
				t.Errorf("float32 %v %d: got %q, want %q", f32, prec, got, want)
			}
		}
	}
}

func TestHexFloatForms(t *testing.T) {
	tests := []struct {
		name string
		a    FloatFormat
		want string
	}{
		{"shortest", HexFloat(1.5, -1), "0x1.8p+00"},
		{"zero", HexFloat(0.0, -1), "0x0p+00"},
		{"zero prec", HexFloat(0.0, 3), "0x0.000p+00"},
		{"negative zero", HexFloat(math.Copysign(0, -1), -1), "-0x0p+00"},
		{"carry", HexFloat(0x1.fp0, 0), "0x1p+01"},
		{"half to even down", HexFloat(0x1.08p0, 1), "0x1.0p+00"},
		{"half to even up", HexFloat(0x1.18p0, 1), "0x1.2p+00"},
		{"upper", HexFloat(-0x1.abcp-5, -1).Upper(), "-0X1.ABCP-05"},
		{"smallest subnormal", HexFloat(5e-324, -1), "0x1p-1074"},
		{"plus", HexFloat(1.0, 2).Plus(), "+0x1.00p+00"},
		{"plus inf", HexFloat(math.Inf(1), 2).Plus(), "+Inf"},
		{"float32", HexFloat(float32(0.1), -1), "0x1.99999ap-04"},
		{"wide", HexFloat(1.0, 16), "0x1.0000000000000000p+00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(tt.a.AppendFormat(nil)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestHexFloatAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	v := 0x1.abcdef0123456p+100
	if n := testing.AllocsPerRun(100, func() { buf = appendHexFloat(buf[:0], v, -1, false) }); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}

func FuzzHexFloat(f *testing.F) {
	for _, v := range hexFloatVals {
		f.Add(math.Float64bits(v), -1)
		f.Add(math.Float64bits(v), 2)
	}
	f.Fuzz(func(t *testing.T, bits uint64, prec int) {
		v := math.Float64frombits(bits)
		prec = prec%40 - 1 // -1 to 38 and some negatives below
		for _, mode := range []byte{'x', 'X'} {
			want := strconv.FormatFloat(v, mode, prec, 64)
			if got := string(appendHexFloat(nil, v, prec, mode == 'X')); got != want {
				t.Fatalf("%x %c %d: got %q, want %q", bits, mode, prec, got, want)
			}
		}
		f32 := math.Float32frombits(uint32(bits))
		want := strconv.FormatFloat(float64(f32), 'x', prec, 32)
		if got := string(HexFloat(f32, prec).AppendFormat(nil)); got != want {
			t.Fatalf("float32 %x %d: got %q, want %q", uint32(bits), prec, got, want)
		}
	})
}
