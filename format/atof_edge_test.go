package format

import (
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// floatEdges are tokens at the edges of the one-pass parser and of the
// conversion: digit counts around 19, leading and trailing zeros, every
// length of a run of digits against the eight-byte loads, exponent digits
// around seven, exponents at the ends of the table and of the float range,
// subnormals, exact ties (round half to even), and the forms only strconv
// parses.
var floatEdges = []string{
	// 19 and 20 significant digits.
	"1234567890123456789", "12345678901234567890", "9999999999999999999", "10000000000000000000",
	"18446744073709551615", "18446744073709551616", "1.234567890123456789", "1.2345678901234567890",
	"0.1234567890123456789", "0.12345678901234567890", "123456789.0123456789e-5",
	// Leading and trailing zeros.
	"0000000000000000000000000001", "0.00000000000000000000001", "0.00040318824697543887",
	"-0.00010015520838029424", "000.000", "0.0", "-0.0", "00", "1.00000000000000000000",
	"100000000000000000000000", "10000000000000000000000000e-6", "0.000000000000000000000000000000000000000001e40",
	// Runs of every length around a load of eight.
	"1.2", "12.34", "1234567.1234567", "12345678.12345678", "123456789.123456789", "7.", ".7", "-.7", "+7.e1",
	"1234567", "12345678", "123456789", "1234567812345678", "0.1234567", "0.12345678", "0.123456789",
	// Exponents.
	"1e0", "1e+0", "1e-0", "1E5", "1e0000001", "1e000001", "1e9999999", "1e-9999999", "0e9999999", "1e99999999",
	"1e308", "1e309", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
	"17976931348623157e292", "1e-307", "1e-308", "2.2250738585072014e-308", "2.2250738585072011e-308",
	"2.225073858507201e-308", "1e-323", "5e-324", "4.9406564584124654e-324", "2.4703282292062327e-324",
	"2.4703282292062328e-324", "3e-324", "1e-324", "1e-342", "1e-343", "1e-400", "9e-400", "1e400",
	"9999999999999999999e-343", "9999999999999999999e-361", "1e-22", "1e22", "1e23", "9007199254740992e22",
	"9007199254740993e-22", "9007199254740993e22",
	// Subnormals.
	"4.450147717014403e-308", "1.5e-323", "2.5e-323", "1e-310", "1.23456789e-315", "-6.95e-310",
	// float32 edges.
	"3.4028235e38", "3.4028236e38", "3.4028234663852886e38", "3.40282357e38", "1.17549435e-38",
	"1.1754942e-38", "1.4e-45", "7.0064923e-46", "7.006492321624085e-46", "16777217", "16777216.5",
	// Exact ties at q >= 0 and near 0 (rounded to even), and one above.
	"9007199254740993", "9007199254740995", "9007199254740993.0", "9007199254740993.000",
	"900719925474099.3e1", "4503599627370496.5", "4503599627370497.5", "4503599627370496.50000001",
	"9223372036854775807", "9223372036854775808", "9223372036854776833", "9223372036854776832",
	"18014398509481985", "1801439850948198.5e1", "36028797018963970e1",
	// Only strconv: hex, underscores, Inf, NaN.
	"0x1p-2", "0X1P+2", "0x1.8p1", "0x.8p1", "0x1p", "0x", "1_000", "1_000.5", "0_1", "1__0", "_1", "1_",
	"inf", "+Inf", "-INF", "infinity", "-Infinity", "nan", "NaN", "infx", "nanx",
	// Not numbers.
	"", "-", "+", ".", "-.", "e5", ".e5", "1e", "1e+", "1e-", "1.2.3", "1x", "--1", "+-1", "1e5e5", "1e5.", "1..",
	"1.5x", "\x00", "1\x00", "1\xff", "٣",
}

// checkScan scans tok through a Scanner in several contexts (mid-window
// after a newline, at the end of the input, behind another token in a
// small buffer so that it meets the window's end at each of its bytes) and
// compares the result with strconv.ParseFloat, at both sizes.
func checkScan(t *testing.T, tok string) {
	t.Helper()
	if strings.ContainsAny(tok, " \t\n\v\f\r") || tok == "" {
		return
	}
	want64, err64 := strconv.ParseFloat(tok, 64)
	want32, err32 := strconv.ParseFloat(tok, 32)
	same := func(got, want float64) bool {
		return math.Float64bits(got) == math.Float64bits(want) || got != got && want != want
	}
	check := func(ctx string, in string, buf int, skip int) {
		t.Helper()
		for _, bits := range []int{64, 32} {
			r := core.NewReaderSize(strings.NewReader(in), buf)
			s := NewScanner(r)
			for range skip {
				if _, err := s.Token(); err != nil {
					t.Fatalf("%s: skip: %v", ctx, err)
				}
			}
			var got float64
			var err error
			want, wantErr := want64, err64
			if bits == 32 {
				var v float32
				v, err = ScanFloat[float32](s)
				got, want, wantErr = float64(v), want32, err32
			} else {
				got, err = s.Float64()
			}
			if (err == nil) != (wantErr == nil) || !same(got, want) {
				t.Fatalf("%s: Scanner.Float%d(%q) = %v (%#x), %v; strconv %v (%#x), %v", ctx, bits, tok,
					got, math.Float64bits(got), err, want, math.Float64bits(want), wantErr)
			}
			if wantErr != nil {
				var se *ScanError
				if !errors.As(err, &se) || se.Found != tok[:min(len(tok), maxFound)] {
					t.Fatalf("%s: error %v does not name the token %q", ctx, err, tok)
				}
				if isRange := wantErr.(*strconv.NumError).Err == strconv.ErrRange; isRange != errors.Is(err, strconv.ErrRange) {
					t.Fatalf("%s: error %v, strconv %v", ctx, err, wantErr)
				}
			}
			if next, err := s.word(); next != "end" && !strings.HasSuffix(ctx, "eof") {
				t.Fatalf("%s: after %q the next token is %q, %v", ctx, tok, next, err)
			}
		}
	}
	tail := " end" + strings.Repeat(" ", 64)
	check("mid-window", "0\n"+tok+"\n"+tail, core.DefaultBufferSize, 1)
	check("eof", "0\n"+tok, core.DefaultBufferSize, 1)
	check("first", tok+"\t"+tail, core.DefaultBufferSize, 0)
	if len(tok) < core.MinBufferSize-2 {
		// The pads that put the window's end inside the token or within a
		// load of eight after it.
		for pad := max(1, core.MinBufferSize-len(tok)-12); pad < core.MinBufferSize-1; pad++ {
			check("window end", strings.Repeat("x", pad)+"\n"+tok+"\n"+tail, core.MinBufferSize, 1)
		}
	}
}

func TestParseFloatEdges(t *testing.T) {
	for _, tok := range floatEdges {
		t.Run(tok, func(t *testing.T) {
			checkParse(t, tok)
			checkScan(t, tok)
			for _, sign := range []string{"-", "+"} {
				checkParse(t, sign+tok)
				checkScan(t, sign+tok)
			}
		})
	}
}

// TestScanFloatRandom scans random doubles of every exponent and of the
// subnormal range, in shortest, %e and %f forms of every precision, through
// the Scanner's window at every alignment, against strconv.
func TestScanFloatRandom(t *testing.T) {
	n := 2000
	if testing.Short() || raceEnabled {
		n = 300
	}
	r := rand.New(rand.NewPCG(7, 8))
	var toks []string
	for range n {
		v := math.Float64frombits(r.Uint64())
		sub := math.Float64frombits(r.Uint64() >> 12) // subnormal
		small := float64(r.Uint64()>>11) * 0x1p-53 * math.Pow(10, float64(r.IntN(40)-20))
		for _, f := range []float64{v, sub, small} {
			toks = append(toks, strconv.FormatFloat(f, 'g', -1, 64), strconv.FormatFloat(f, 'e', r.IntN(25), 64),
				strconv.FormatFloat(float64(float32(f)), 'g', -1, 32))
		}
		toks = append(toks, strconv.FormatFloat(small, 'f', r.IntN(25), 64),
			strconv.FormatUint(r.Uint64()>>r.UintN(64), 10)+"e"+strconv.Itoa(r.IntN(700)-350),
			"0."+strings.Repeat("0", r.IntN(6))+strconv.FormatUint(r.Uint64()>>r.UintN(64), 10))
	}
	var in strings.Builder
	for i, tok := range toks {
		in.WriteString(tok)
		in.WriteString([]string{"\n", " ", "\r\n", "\t \n"}[i%4])
	}
	for _, size := range []int{core.MinBufferSize, 100, 4096} {
		s := NewScanner(core.NewReaderSize(strings.NewReader(in.String()), size))
		for _, tok := range toks {
			want, wantErr := strconv.ParseFloat(tok, 64)
			got, err := s.Float64()
			if (err == nil) != (wantErr == nil) || math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("buffer %d: Scanner.Float64 of %q = %v, %v; want %v", size, tok, got, err, want)
			}
		}
		if _, err := s.Float64(); err != io.EOF {
			t.Fatalf("buffer %d: at the end: %v", size, err)
		}
	}
	for _, tok := range toks {
		checkParse(t, tok)
	}
}

// TestScanFloatErrors checks what a bad float token reports: the type
// expected, the token, its offset, the kind of error; and that the scan
// after it starts after the token.
func TestScanFloatErrors(t *testing.T) {
	tests := []struct {
		in      string
		float32 bool
		wantErr error
		off     int64
		found   string
	}{
		{"1.5 2.5x 3", false, strconv.ErrSyntax, 4, "2.5x"},
		{"1.5\n-.e5 3", false, strconv.ErrSyntax, 4, "-.e5"},
		{"1.5\n1e 3", false, strconv.ErrSyntax, 4, "1e"},
		{"1.5\n1e+ 3", false, strconv.ErrSyntax, 4, "1e+"},
		{"1.5\n1..2 3", false, strconv.ErrSyntax, 4, "1..2"},
		{"1.5\n1e5e5 3", false, strconv.ErrSyntax, 4, "1e5e5"},
		{"1.5\n0x1q 3", false, strconv.ErrSyntax, 4, "0x1q"},
		{"1.5\n1__0 3", false, strconv.ErrSyntax, 4, "1__0"},
		{"1.5\n  1e309 3", false, strconv.ErrRange, 6, "1e309"},
		{"1.5\n-1e400 3", false, strconv.ErrRange, 4, "-1e400"},
		{"1.5 3.5e38 3", true, strconv.ErrRange, 4, "3.5e38"},
		{"1.5 12345678901234567890123456789012345678901234567890x 3", false, strconv.ErrSyntax, 4, "1234567890123456789012345678901234567890"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			s := NewScanner(strings.NewReader(tt.in))
			if _, err := s.Float64(); err != nil {
				t.Fatal(err)
			}
			var err error
			want := "float64"
			if tt.float32 {
				_, err = ScanFloat[float32](s)
				want = "float32"
			} else {
				_, err = s.Float64()
			}
			var se *ScanError
			if !errors.As(err, &se) || !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want a *ScanError wrapping %v", err, tt.wantErr)
			}
			if se.Expected != want || se.Offset != tt.off || se.Found != tt.found {
				t.Errorf("error %q: expected %q at %d, found %q; want %q at %d, %q", err, se.Expected, se.Offset, se.Found, want, tt.off, tt.found)
			}
			if v, err := s.Float64(); v != 3 || err != nil {
				t.Errorf("next value %v, %v; want 3", v, err)
			}
		})
	}
}

// TestScanFloatAllocs checks that scanning floats allocates nothing, in
// the window and at its end.
func TestScanFloatAllocs(t *testing.T) {
	var in strings.Builder
	for i := range 2000 {
		in.WriteString(strconv.FormatFloat(float64(i)*1.37e-3, 'g', -1, 64))
		in.WriteByte('\n')
	}
	r := core.NewReaderSize(nil, 256)
	var sr strings.Reader
	s := NewScanner(r)
	allocs := testing.AllocsPerRun(20, func() {
		sr.Reset(in.String())
		r.Reset(&sr)
		s.Reset(r)
		for {
			if _, err := s.Float64(); err != nil {
				break
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per pass", allocs)
	}
	if a := testing.AllocsPerRun(100, func() { _, _ = ParseFloat[float64]("-1.2345678901234567e-89") }); a != 0 {
		t.Errorf("ParseFloat: %v allocations", a)
	}
}

// TestEiselLemire calls the Eisel–Lemire conversion directly, without
// Clinger's case in front of it, on random mantissas of 1 to 19 digits at
// every exponent and on exact ties, against strconv, for both sizes.
func TestEiselLemire(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	n := 200_000
	if testing.Short() || raceEnabled {
		n = 20_000
	}
	check := func(m uint64, q int) {
		t.Helper()
		s := strconv.FormatUint(m, 10) + "e" + strconv.Itoa(q)
		if b, ok := eiselLemire[float64](m, q); ok {
			want, _ := strconv.ParseFloat(s, 64)
			if b != math.Float64bits(want) {
				t.Fatalf("eiselLemire[float64](%s) = %v, strconv %v", s, math.Float64frombits(b), want)
			}
		}
		if b, ok := eiselLemire[float32](m, q); ok {
			want, _ := strconv.ParseFloat(s, 32)
			if b != uint64(math.Float32bits(float32(want))) {
				t.Fatalf("eiselLemire[float32](%s) = %v, strconv %v", s, math.Float32frombits(uint32(b)), want)
			}
		}
	}
	for range n {
		m := r.Uint64() >> r.UintN(64)
		if m == 0 || m >= 1e19 {
			continue
		}
		check(m, r.IntN(700)-350)
		check(m, r.IntN(60)-30)
	}
	// Ties: an odd number of 54 (float64) or 25 (float32) significant
	// bits, times 5^-q... written as m·10^q with q from 0 to 23 (the
	// product m·5^q odd with the tie's bit pattern), and one either side.
	for range n / 10 {
		for _, bitsN := range []uint{54, 25} {
			u := r.Uint64()>>(64-bitsN) | 1<<(bitsN-1) | 1 // odd, bitsN bits: halfway at bitsN-1 bits
			for q := 0; q <= 23; q++ {
				p5 := uint64(1)
				for range q {
					p5 *= 5
				}
				if u%p5 != 0 {
					continue
				}
				for _, d := range []uint64{0, 1, ^uint64(0)} {
					m := u/p5 + d
					if m != 0 && m < 1e19 {
						check(m, q)
					}
				}
			}
			check(u, 0)
			check(u<<(63-bitsN), 0)
		}
	}
}
