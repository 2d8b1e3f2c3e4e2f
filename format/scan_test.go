package format

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

func TestScanValues(t *testing.T) {
	s := NewScanner(strings.NewReader(" 42\t-7\n18446744073709551615  3.25 true F word\r\nrest of line\nlast"))
	if v, err := s.Int(); v != 42 || err != nil {
		t.Fatalf("Int = %v, %v", v, err)
	}
	if v, err := ScanInt[int64](s, 10); v != -7 || err != nil {
		t.Fatalf("Int64 = %v, %v", v, err)
	}
	if v, err := ScanInt[uint64](s, 10); v != math.MaxUint64 || err != nil {
		t.Fatalf("Uint64 = %v, %v", v, err)
	}
	if v, err := s.Float64(); v != 3.25 || err != nil {
		t.Fatalf("Float64 = %v, %v", v, err)
	}
	if v, err := s.boolean(); !v || err != nil {
		t.Fatalf("Bool = %v, %v", v, err)
	}
	if v, err := s.boolean(); v || err != nil {
		t.Fatalf("Bool = %v, %v", v, err)
	}
	if v, err := s.word(); v != "word" || err != nil {
		t.Fatalf("Word = %q, %v", v, err)
	}
	if v, err := s.Line(); string(v) != "" || err != nil {
		t.Fatalf("Line after word = %q, %v", v, err)
	}
	if v, err := s.Line(); string(v) != "rest of line" || err != nil {
		t.Fatalf("Line = %q, %v", v, err)
	}
	if v, err := s.Line(); string(v) != "last" || err != nil {
		t.Fatalf("last Line = %q, %v", v, err)
	}
	if _, err := s.Line(); err != io.EOF {
		t.Fatalf("Line at end = %v, want io.EOF", err)
	}
	if _, err := s.Int(); err != io.EOF {
		t.Fatalf("Int at end = %v, want io.EOF", err)
	}
}

func TestScanErrors(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		scan    func(*Scanner) error
		wantErr error
		off     int64
		found   string
		next    string // the token read after the error
	}{
		{"syntax", "  12ab 5", func(s *Scanner) error { _, err := s.Int(); return err }, strconv.ErrSyntax, 2, "12ab", "5"},
		{"range int8", "128 x", func(s *Scanner) error { _, err := ScanInt[int8](s, 10); return err }, strconv.ErrRange, 0, "128", "x"},
		{"range uint64", "18446744073709551616 x", func(s *Scanner) error { _, err := ScanInt[uint64](s, 10); return err }, strconv.ErrRange, 0, "18446744073709551616", "x"},
		{"negative unsigned", "-1 x", func(s *Scanner) error { _, err := ScanInt[uint64](s, 10); return err }, strconv.ErrSyntax, 0, "-1", "x"},
		{"float syntax", "1.2.3 x", func(s *Scanner) error { _, err := s.Float64(); return err }, strconv.ErrSyntax, 0, "1.2.3", "x"},
		{"float range", "1e999 x", func(s *Scanner) error { _, err := s.Float64(); return err }, strconv.ErrRange, 0, "1e999", "x"},
		{"bool", "yes x", func(s *Scanner) error { var b bool; return s.Scan(&b) }, strconv.ErrSyntax, 0, "yes", "x"},
		{"unmarshal", "1.2.3.400 x", func(s *Scanner) error { var ip ipv4; return s.Scan(&ip) }, errBadIP, 0, "1.2.3.400", "x"},
		{"scan eof mid", "1", func(s *Scanner) error { var a, b int; return s.Scan(&a, &b) }, io.ErrUnexpectedEOF, 1, "", ""},
		{"scan bad pointer", "1", func(s *Scanner) error { var a int; return s.Scan(a) }, strconv.ErrSyntax, 0, "int", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewScanner(strings.NewReader(tt.in))
			err := tt.scan(s)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			var se *ScanError
			if !errors.As(err, &se) {
				t.Fatalf("err %T is not a *ScanError", err)
			}
			if se.Offset != tt.off || se.Found != tt.found {
				t.Errorf("offset %d, found %q; want %d, %q", se.Offset, se.Found, tt.off, tt.found)
			}
			if !strings.Contains(err.Error(), "expected") {
				t.Errorf("message %q does not say what was expected", err)
			}
			next, _ := s.word()
			if next != tt.next {
				t.Errorf("next token %q, want %q", next, tt.next)
			}
		})
	}
}

var errBadIP = errors.New("bad ip")

type ipv4 [4]byte

func (ip *ipv4) UnmarshalText(b []byte) error {
	parts := strings.Split(string(b), ".")
	if len(parts) != 4 {
		return errBadIP
	}
	for i, p := range parts {
		v, err := ParseInt[uint8](p, 10)
		if err != nil {
			return errBadIP
		}
		ip[i] = v
	}
	return nil
}

func TestScanVariadic(t *testing.T) {
	s := NewScanner(strings.NewReader("1 -2 3 -4 5 6 7 8 9 10 11 1.5 2.5 true str bytes 10.0.0.1"))
	var (
		i    int
		i8   int8
		i16  int16
		i32  int32
		i64  int64
		u    uint
		u8   uint8
		u16  uint16
		u32  uint32
		u64  uint64
		up   uintptr
		f32  float32
		f64  float64
		b    bool
		str  string
		byts []byte
		ip   ipv4
	)
	if err := s.Scan(&i, &i8, &i16, &i32, &i64, &u, &u8, &u16, &u32, &u64, &up, &f32, &f64, &b, &str, &byts, &ip); err != nil {
		t.Fatal(err)
	}
	if i != 1 || i8 != -2 || i16 != 3 || i32 != -4 || i64 != 5 || u != 6 || u8 != 7 || u16 != 8 || u32 != 9 ||
		u64 != 10 || up != 11 || f32 != 1.5 || f64 != 2.5 || !b || str != "str" || string(byts) != "bytes" || ip != (ipv4{10, 0, 0, 1}) {
		t.Fatal("wrong values scanned")
	}
	if err := s.Scan(&i); err != io.EOF {
		t.Fatalf("Scan at end = %v, want io.EOF", err)
	}
}

// TestScanChunks reads the same input through 1-byte reads into the
// smallest buffer, through a reader that returns data with io.EOF, and
// straight from memory, and expects the same values.
func TestScanChunks(t *testing.T) {
	var b scratchBuf
	for i := -500; i < 500; i += 3 {
		Print(&b, i*7919, " ", float64(i)/7, "\t", uint8(i), "\n")
	}
	data := b.Bytes()
	read := func(s *Scanner) (out []string) {
		for {
			i, err := ScanInt[int64](s, 10)
			if err == io.EOF {
				return out
			}
			f, err2 := s.Float64()
			u, err3 := ScanInt[uint8](s, 10)
			if err != nil || err2 != nil || err3 != nil {
				t.Fatalf("scan failed: %v %v %v", err, err2, err3)
			}
			out = append(out, strconv.FormatInt(i, 10)+" "+strconv.FormatFloat(f, 'g', -1, 64)+" "+strconv.Itoa(int(u)))
		}
	}
	want := read(NewScanner(core.NewSpanReader(data)))
	if len(want) != 334 {
		t.Fatalf("read %d records from memory, want 334", len(want))
	}
	for _, r := range []io.Reader{
		core.NewReaderSize(&coretest.Reader{Data: data, Faults: coretest.Faults{Max: 1}}, core.MinBufferSize),
		core.NewReaderSize(&coretest.Reader{Data: data, EOFWithData: true, Faults: coretest.Faults{Max: 5}}, core.MinBufferSize),
		&coretest.Reader{Data: data, Faults: coretest.Faults{Max: 3}},
	} {
		got := read(NewScanner(r))
		if strings.Join(got, ";") != strings.Join(want, ";") {
			t.Fatalf("chunked read differs")
		}
	}
}

func TestScanTooLong(t *testing.T) {
	long := strings.Repeat("9", 200)
	r := core.NewReaderSize(strings.NewReader(" "+long+" 17\n"+strings.Repeat("x", 300)+"\nnext\n"), core.MinBufferSize)
	s := NewScanner(r)
	_, err := s.Int()
	if !errors.Is(err, ErrTooLong) {
		t.Fatalf("err = %v, want ErrTooLong", err)
	}
	if se := err.(*ScanError); se.Offset != 1 || len(se.Found) != maxFound {
		t.Errorf("offset %d, found %q", se.Offset, se.Found)
	}
	if v, err := s.Int(); v != 17 || err != nil {
		t.Fatalf("after a long token: %v, %v", v, err)
	}
	s.Line()
	if _, err := s.Line(); !errors.Is(err, ErrTooLong) {
		t.Fatalf("long line: %v, want ErrTooLong", err)
	}
	if l, err := s.Line(); string(l) != "next" || err != nil {
		t.Fatalf("after a long line: %q, %v", l, err)
	}
}

func TestScanDeviceError(t *testing.T) {
	dev := &coretest.Reader{Data: []byte("12 34 56"), Faults: coretest.Faults{Max: 3, FailAt: 2, FailFor: 1}}
	s := NewScanner(core.NewReaderSize(dev, core.MinBufferSize))
	if v, err := s.Int(); v != 12 || err != nil {
		t.Fatalf("first: %v, %v", v, err)
	}
	_, err := s.Int()
	if !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("err = %v, want ErrFault", err)
	}
	// The fault was temporary (FailFor 1): the scan can be retried.
	if v, err := s.Int(); v != 34 || err != nil {
		t.Fatalf("retry: %v, %v", v, err)
	}
	if v, err := s.Int(); v != 56 || err != nil {
		t.Fatalf("last: %v, %v", v, err)
	}
}

func TestScanAllocs(t *testing.T) {
	var b scratchBuf
	for i := range 5000 {
		PrintLn(&b, i, float64(i)*1.1, -i)
	}
	data := b.Bytes()
	s := NewScanner(core.NewSpanReader(data))
	n := testing.AllocsPerRun(1000, func() {
		if _, err := s.Int(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Float64(); err != nil {
			t.Fatal(err)
		}
		if _, err := ScanInt[int32](s, 10); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Errorf("%v allocations per scan, want 0", n)
	}
}

// FuzzScanInt compares integer scanning with strconv for every width and
// base, and checks that the token is consumed whatever the outcome.
func FuzzScanInt(f *testing.F) {
	for _, s := range []string{"0", "-0", "+5", "127", "-128", "255", "9223372036854775807", "-9223372036854775808",
		"18446744073709551615", "18446744073709551616", "00000000000000000000001", "0x1F", "0b101", "0o17", "1_000", "z", "-", ""} {
		f.Add(s, 10)
	}
	f.Add("7fffffffffffffff", 16)
	f.Add("zzzzzzzzzzzzz", 36)
	f.Add("0x_1f", 0)
	f.Fuzz(func(t *testing.T, tok string, base int) {
		if strings.ContainsAny(tok, " \t\n\v\f\r") || base < 0 || base > 36 || base == 1 {
			return
		}
		check := func(name string, got uint64, gotErr error, want uint64, wantErr error) {
			t.Helper()
			if (gotErr == nil) != (wantErr == nil) || got != want {
				t.Fatalf("%s(%q, %d) = %d, %v; strconv: %d, %v", name, tok, base, got, gotErr, want, wantErr)
			}
			if wantErr != nil {
				ne := wantErr.(*strconv.NumError)
				if ne.Err == strconv.ErrRange != errors.Is(gotErr, strconv.ErrRange) {
					t.Fatalf("%s(%q): error kind %v, strconv %v", name, tok, gotErr, wantErr)
				}
			}
		}
		for _, bits := range []int{8, 16, 32, 64} {
			want, wantErr := strconv.ParseInt(tok, base, bits)
			var got int64
			var err error
			switch bits {
			case 8:
				var v int8
				v, err = ParseInt[int8](tok, base)
				got = int64(v)
			case 16:
				var v int16
				v, err = ParseInt[int16](tok, base)
				got = int64(v)
			case 32:
				var v int32
				v, err = ParseInt[int32]([]byte(tok), base)
				got = int64(v)
			default:
				got, err = ParseInt[int64](tok, base)
			}
			check("ParseInt"+strconv.Itoa(bits), uint64(got), err, uint64(want), wantErr)
			wantU, wantUErr := strconv.ParseUint(tok, base, bits)
			var gotU uint64
			switch bits {
			case 8:
				var v uint8
				v, err = ParseInt[uint8](tok, base)
				gotU = uint64(v)
			case 16:
				var v uint16
				v, err = ParseInt[uint16](tok, base)
				gotU = uint64(v)
			case 32:
				var v uint32
				v, err = ParseInt[uint32](tok, base)
				gotU = uint64(v)
			default:
				gotU, err = ParseInt[uint64](tok, base)
			}
			check("ParseUint"+strconv.Itoa(bits), gotU, err, wantU, wantUErr)
		}
		// Through a Scanner: same value, and the token is consumed.
		s := NewScanner(strings.NewReader(" " + tok + " end"))
		want, wantErr := strconv.ParseInt(tok, base, 64)
		if tok == "" {
			return // the scanner would read "end"
		}
		got, err := ScanInt[int64](s, base)
		check("ScanInt", uint64(got), err, uint64(want), wantErr)
		if w, _ := s.word(); w != "end" {
			t.Fatalf("after %q the next token is %q", tok, w)
		}
		if base == 10 {
			// After a newline and before a long rest of input, as in a
			// file of numbers: the Scanner's one-load path.
			checkDecWidths(t, tok)
		}
	})
}

// FuzzScanFloat compares float scanning with strconv.ParseFloat, bit for
// bit, at both sizes.
func FuzzScanFloat(f *testing.F) {
	for _, s := range []string{"0", "-0", "1", "0.1", "1e23", "8.988465674311579e+307", "1.7976931348623157e308",
		"1.7976931348623159e308", "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308",
		"9007199254740993", "1.00000000000000011102230246251565404236316680908203125", "123456789012345678901234567890e-10",
		".5", "5.", "+.5e+1", "inf", "-Infinity", "nan", "0x1p-2", "0x1.8p1", "1_0", "1e", "e1", ".", "-", "1e400", "1e-400",
		"3.4028235e38", "3.4028236e38", "1.17549435e-38", "7.0064923e-46", "0.000000000000000000000000000001"} {
		f.Add(s)
	}
	for _, s := range floatEdges {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tok string) {
		for _, bits := range []int{32, 64} {
			want, wantErr := strconv.ParseFloat(tok, bits)
			var got float64
			var err error
			if bits == 32 {
				var v float32
				v, err = ParseFloat[float32](tok)
				got = float64(v)
			} else {
				got, err = ParseFloat[float64]([]byte(tok))
			}
			same := math.Float64bits(got) == math.Float64bits(want) || (got != got && want != want)
			if (err == nil) != (wantErr == nil) || !same {
				t.Fatalf("ParseFloat(%q, %d) = %v (%#x), %v; strconv: %v (%#x), %v", tok, bits,
					got, math.Float64bits(got), err, want, math.Float64bits(want), wantErr)
			}
			if wantErr != nil && (wantErr.(*strconv.NumError).Err == strconv.ErrRange) != errors.Is(err, strconv.ErrRange) {
				t.Fatalf("ParseFloat(%q, %d): error kind %v, strconv %v", tok, bits, err, wantErr)
			}
		}
		// Through a Scanner, whose hot path parses from the window: in its
		// middle, at the end of the input and across the window's end.
		checkScan(t, tok)
	})
}

// TestScanDecLengths scans numbers of every length from 1 to 21 digits,
// with and without sign, followed by every kind of byte, after every kind
// of leading white space and before a short or long rest of input, so that
// the one-load path, the eight-byte loop and the byte loop each meet every
// boundary.
func TestScanDecLengths(t *testing.T) {
	r := core.NewReaderSize(nil, core.MinBufferSize)
	for n := 1; n <= 21; n++ {
		digits := strings.Repeat("9876543210", 3)[:n]
		for _, sign := range []string{"", "-", "+"} {
			for _, attached := range []string{"", "x", "\xff", "/", ":", "\xb0", "\xaf", "\xb9", "\xba", "\x7f", "\x80", "\x00"} {
				// The scanner reads a first line or number through the
				// general path; the window is then loaded and the number
				// under test starts at the line's start or after the
				// first number's separators.
				for _, lead := range []string{"line\n", "0 ", "0\n", "0\r\n"} {
					for _, sep := range []string{" ", "\n", "\t\r\n"} {
						for _, tail := range []string{"tail", "tail of some length"} {
							tok := sign + digits + attached
							in := lead + tok + sep + tail
							r.Reset(strings.NewReader(in))
							s := NewScanner(r)
							if lead == "line\n" {
								_, err := s.Line()
								if err != nil {
									t.Fatal(err)
								}
							} else if _, err := ScanInt[int64](s, 10); err != nil {
								t.Fatal(err)
							}
							got, err := ScanInt[int64](s, 10)
							want, wantErr := strconv.ParseInt(tok, 10, 64)
							if got != want || (err == nil) != (wantErr == nil) {
								t.Fatalf("%q: got %d, %v; want %d, %v", in, got, err, want, wantErr)
							}
							if w, _ := s.word(); w != tail[:4] {
								t.Fatalf("%q: after the number: %q", in, w)
							}
						}
					}
				}
			}
		}
	}
}

// TestScanDecWidths checks the decimal scan of every integer width
// against strconv at the edges of each range, where the one-load path
// must hand values that do not fit to the checked path.
func TestScanDecWidths(t *testing.T) {
	var toks []string
	for _, v := range []int64{0, 1, 99, 127, 128, 129, 255, 256, 32767, 32768, 65535, 65536, 9999999, 10000000, 2147483647, 2147483648} {
		toks = append(toks, strconv.FormatInt(v, 10), strconv.FormatInt(-v, 10), strconv.FormatInt(v-1, 10))
	}
	toks = append(toks, "0000127", "-0000128", "00000255", "-", "--1", "1-", "-+1")
	for _, tok := range toks {
		t.Run(tok, func(t *testing.T) {
			checkDecWidths(t, tok)
		})
	}
}

// checkDecWidths scans tok as every integer type and compares with
// strconv. tok is the second line of the input, after a first number, and
// a long rest follows: the shape of a file of numbers, which the
// Scanner's one-load path reads.
func checkDecWidths(t *testing.T, tok string) {
	t.Helper()
	in := "1\n" + tok + "\nand the rest of the input"
	for _, bits := range []int{8, 16, 32, 64} {
		s := func() *Scanner {
			s := NewScanner(core.NewSpanReader([]byte(in)))
			if v, err := ScanInt[uint8](s, 10); v != 1 || err != nil {
				t.Fatalf("first number of %q: %d, %v", in, v, err)
			}
			return s
		}
		var got, gotU uint64
		var err, errU error
		switch bits {
		case 8:
			var v int8
			var u uint8
			v, err = ScanInt[int8](s(), 10)
			u, errU = ScanInt[uint8](s(), 10)
			got, gotU = uint64(v), uint64(u)
		case 16:
			var v int16
			var u uint16
			v, err = ScanInt[int16](s(), 10)
			u, errU = ScanInt[uint16](s(), 10)
			got, gotU = uint64(v), uint64(u)
		case 32:
			var v int32
			var u uint32
			v, err = ScanInt[int32](s(), 10)
			u, errU = ScanInt[uint32](s(), 10)
			got, gotU = uint64(v), uint64(u)
		default:
			var v int64
			v, err = ScanInt[int64](s(), 10)
			gotU, errU = ScanInt[uint64](s(), 10)
			got = uint64(v)
		}
		want, wantErr := strconv.ParseInt(tok, 10, bits)
		if got != uint64(want) || (err == nil) != (wantErr == nil) {
			t.Fatalf("int%d from %q: %d, %v; strconv: %d, %v", bits, in, int64(got), err, want, wantErr)
		}
		wantU, wantUErr := strconv.ParseUint(tok, 10, bits)
		if gotU != wantU || (errU == nil) != (wantUErr == nil) {
			t.Fatalf("uint%d from %q: %d, %v; strconv: %d, %v", bits, in, gotU, errU, wantU, wantUErr)
		}
		for _, e := range []error{err, errU} {
			var se *ScanError
			if e != nil && (!errors.As(e, &se) || se.Offset != 2) {
				t.Fatalf("from %q: error %v, want a *ScanError at offset 2", in, e)
			}
		}
	}
}

// TestScanReaderHandOff reads the reader directly between scans through
// Reader, which must hand it over with the scanned bytes consumed.
func TestScanReaderHandOff(t *testing.T) {
	r := core.NewReaderSize(&coretest.Reader{Data: []byte("12 abc 34\n56"), Faults: coretest.Faults{Max: 4}}, core.MinBufferSize)
	s := NewScanner(r)
	if v, err := s.Int(); v != 12 || err != nil {
		t.Fatalf("Int = %v, %v", v, err)
	}
	var buf [4]byte
	if _, err := io.ReadFull(s.Reader(), buf[:]); err != nil || string(buf[:]) != " abc" {
		t.Fatalf("direct read = %q, %v", buf, err)
	}
	if v, err := s.Int(); v != 34 || err != nil {
		t.Fatalf("Int after hand-off = %v, %v", v, err)
	}
	if s.Offset() != 5 {
		t.Errorf("Offset = %d, want 5 (bytes consumed through the Scanner)", s.Offset())
	}
	rest, err := io.ReadAll(s.Reader())
	if err != nil || string(rest) != "\n56" {
		t.Fatalf("rest = %q, %v", rest, err)
	}
	if _, err := s.Int(); err != io.EOF {
		t.Fatalf("Int at end = %v", err)
	}
}

// FuzzScanner runs a sequence of scans, chosen by ops, over arbitrary
// input, through a span (the whole input in one window) and through
// 1-byte reads into the smallest buffer, and requires the same results and
// errors: the outcome must not depend on chunk boundaries. Tokens longer
// than the small buffer are excluded from the comparison by construction
// (both scanners get the same buffer limit).
func FuzzScanner(f *testing.F) {
	f.Add([]byte("12 -3 4.5 true word\nline\n"), []byte{0, 1, 2, 3, 4, 5, 6})
	f.Add([]byte("\t\r\n 0x1F 1e400 nan 18446744073709551616 ff"), []byte{0, 7, 2, 2, 1, 8})
	f.Add([]byte("  "), []byte{5, 5, 0})
	f.Fuzz(func(t *testing.T, in, ops []byte) {
		if len(ops) > 64 {
			ops = ops[:64]
		}
		run := func(s *Scanner) string {
			var out []byte
			for _, op := range ops {
				var v any
				var err error
				switch op % 9 {
				case 0:
					v, err = s.Int()
				case 1:
					v, err = ScanInt[uint64](s, 10)
				case 2:
					v, err = s.Float64()
				case 3:
					v, err = s.boolean()
				case 4:
					v, err = s.word()
				case 5:
					var l []byte
					l, err = s.Line()
					v = string(l)
				case 6:
					v, err = ScanInt[int8](s, 16)
				case 7:
					v, err = ScanInt[int32](s, 0)
				case 8:
					v, err = ScanFloat[float32](s)
				}
				out = fmt.Appendf(out, "%d:%v:%v:%d|", op%9, v, err, s.Offset())
			}
			return string(out)
		}
		// Both scanners read through a core.Reader of the same size, so
		// both share the token length limit.
		whole := run(NewScanner(core.NewReaderSize(bytes.NewReader(in), core.MinBufferSize)))
		bytewise := run(NewScanner(core.NewReaderSize(&coretest.Reader{Data: in, Faults: coretest.Faults{Max: 1}}, core.MinBufferSize)))
		if whole != bytewise {
			t.Fatalf("1-byte reads differ:\n%s\n%s", whole, bytewise)
		}
	})
}

func TestScanNilReader(t *testing.T) {
	s := NewScanner(nil)
	if _, err := s.Int(); err == nil || err == io.EOF {
		t.Fatalf("Int from a nil reader = %v, want a device error", err)
	}
	if _, err := s.Line(); err == nil || err == io.EOF {
		t.Fatalf("Line from a nil reader = %v, want a device error", err)
	}
}

// TestScanLongTokenLinear reads a token of almost the whole default buffer
// one byte per read: the scan must not rescan the token on every fill
// (which would take seconds), and must return it whole.
func TestScanLongTokenLinear(t *testing.T) {
	tok := strings.Repeat("7", core.DefaultBufferSize-16)
	s := NewScanner(&coretest.Reader{Data: []byte("  " + tok + " 5"), Faults: coretest.Faults{Max: 1}})
	got, err := s.Token()
	if err != nil || string(got) != tok {
		t.Fatalf("Token: %d bytes, %v", len(got), err)
	}
	if v, err := s.Int(); v != 5 || err != nil {
		t.Fatalf("Int after the long token: %v, %v", v, err)
	}
}

// TestScanTokenLimit pins the limit: a token one byte shorter than the
// buffer is read whole, mid-stream and at the end; one as long is not.
func TestScanTokenLimit(t *testing.T) {
	fits := strings.Repeat("a", core.MinBufferSize-1)
	long := strings.Repeat("b", core.MinBufferSize)
	for _, in := range []string{"  " + fits + " x", "  " + fits} {
		r := core.NewReaderSize(&coretest.Reader{Data: []byte(in), Faults: coretest.Faults{Max: 1}}, core.MinBufferSize)
		if w, err := NewScanner(r).word(); w != fits || err != nil {
			t.Errorf("%d-byte token: %d bytes, %v", len(fits), len(w), err)
		}
	}
	r := core.NewReaderSize(strings.NewReader(long+" x"), core.MinBufferSize)
	s := NewScanner(r)
	if _, err := s.word(); !errors.Is(err, ErrTooLong) {
		t.Errorf("%d-byte token: %v, want ErrTooLong", len(long), err)
	}
	if w, err := s.word(); w != "x" || err != nil {
		t.Errorf("after the long token: %q, %v", w, err)
	}
}
