package format

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// sprintArgs formats args with PrintArgs into a fresh scratchBuf.
func sprintArgs(args ...Arg) string {
	var b scratchBuf
	PrintArgs(&b, args...)
	return b.String()
}

type myInt int

type errValue struct{ code int }

func (e errValue) Error() string {
	if e.code < 0 {
		return "negative code"
	}
	return "code"
}

// argCase is one value given to V with its static type and to Print as
// an interface.
type argCase struct {
	name string
	arg  Arg
	val  any
}

// argCases covers every kind an Arg packs, the manipulators with their
// options, and the values that are boxed (user types and parameters
// outside the packed ranges).
func argCases() []argCase {
	var x int
	ip := &x
	up := unsafe.Pointer(ip)
	ist := time.FixedZone("IST", 5*3600+30*60)
	pst := time.FixedZone("PST", -8*3600)
	lmt := time.FixedZone("LMT", 17*60+30)
	sub := time.FixedZone("", 30)
	subNeg := time.FixedZone("", -30)
	huge := time.FixedZone("", 1<<30)
	when := time.Date(2024, 2, 29, 13, 4, 5, 120000000, ist)
	de := NewLocale(",", ".", 0)
	var nilErr error
	var nilStringer fmt.Stringer
	err := errors.New("boom")
	b := []byte("bytes")
	c := func(name string, a Arg, v any) argCase { return argCase{name, a, v} }
	return []argCase{
		c("zero Arg", Arg{}, nil),
		c("nil error", V(nilErr), nilErr),
		c("nil Stringer", V(nilStringer), nilStringer),
		c("string", V("text"), "text"),
		c("empty string", V(""), ""),
		c("bytes", V(b), b),
		c("nil bytes", V([]byte(nil)), []byte(nil)),
		c("true", V(true), true),
		c("false", V(false), false),
		c("int", V(-123456789), -123456789),
		c("int min", V(math.MinInt), math.MinInt),
		c("int64", V(int64(math.MaxInt64)), int64(math.MaxInt64)),
		c("int32", V(int32(math.MinInt32)), int32(math.MinInt32)),
		c("rune", V('é'), 'é'),
		c("int16", V(int16(-300)), int16(-300)),
		c("int8", V(int8(-128)), int8(-128)),
		c("uint", V(uint(math.MaxUint)), uint(math.MaxUint)),
		c("uint64", V(uint64(1<<63)), uint64(1<<63)),
		c("uint32", V(uint32(math.MaxUint32)), uint32(math.MaxUint32)),
		c("uint16", V(uint16(65535)), uint16(65535)),
		c("uint8", V(uint8(255)), uint8(255)),
		c("uintptr", V(uintptr(0xdead)), uintptr(0xdead)),
		c("float64", V(0.1), 0.1),
		c("float64 big", V(1e21), 1e21),
		c("float64 -0", V(math.Copysign(0, -1)), math.Copysign(0, -1)),
		c("float64 NaN", V(math.NaN()), math.NaN()),
		c("float64 -Inf", V(math.Inf(-1)), math.Inf(-1)),
		c("float32", V(float32(0.1)), float32(0.1)),
		c("float32 subnormal", V(float32(1e-45)), float32(1e-45)),
		c("duration", V(90*time.Second+time.Millisecond), 90*time.Second+time.Millisecond),
		c("duration min", V(time.Duration(math.MinInt64)), time.Duration(math.MinInt64)),
		c("time IST", V(when), when),
		c("time UTC", V(when.UTC()), when.UTC()),
		c("time PST", V(when.In(pst)), when.In(pst)),
		c("time LMT", V(when.In(lmt)), when.In(lmt)),
		c("time +30s", V(when.In(sub)), when.In(sub)),
		c("time -30s", V(when.In(subNeg)), when.In(subNeg)),
		c("time huge offset", V(when.In(huge)), when.In(huge)),
		c("time local", V(when.Local()), when.Local()),
		c("time zero", V(time.Time{}), time.Time{}),
		c("time year -1", V(time.Date(-1, 1, 1, 0, 0, 0, 1, time.UTC)), time.Date(-1, 1, 1, 0, 0, 0, 1, time.UTC)),
		c("time year 12345", V(time.Date(12345, 6, 7, 8, 9, 10, 0, pst)), time.Date(12345, 6, 7, 8, 9, 10, 0, pst)),
		c("time far", V(time.Unix(math.MaxInt64/2, 5)), time.Unix(math.MaxInt64/2, 5)),
		c("time far back", V(time.Unix(math.MinInt64/2, 5).In(ist)), time.Unix(math.MinInt64/2, 5).In(ist)),
		c("unsafe.Pointer", V(up), up),
		c("nil unsafe.Pointer", V(unsafe.Pointer(nil)), unsafe.Pointer(nil)),
		c("pointer", V(ip), ip),
		c("nil pointer", V((*int)(nil)), (*int)(nil)),
		c("Arg", V(V(42)), 42),
		c("Arg in Print", V(V(Base(42, 16))), V(Base(42, 16))),
		c("Hex", V(Base(-255, 16).Prefix().Upper()), Base(-255, 16).Prefix().Upper()),
		c("Oct", V(Base(8, 8).Prefix()), Base(8, 8).Prefix()),
		c("Bin", V(Base(uint8(5), 2).Prefix().Zeros(10)), Base(uint8(5), 2).Prefix().Zeros(10)),
		c("Base 36", V(Base(int64(math.MinInt64), 36).Upper()), Base(int64(math.MinInt64), 36).Upper()),
		c("Dec", V(Base(1234567, 10).Plus().Group()), Base(1234567, 10).Plus().Group()),
		c("Dec locale", V(Base(-1234567, 10).Group().In(de)), Base(-1234567, 10).Group().In(de)),
		c("Hex group", V(Base(uint32(0xdeadbeef), 16).Group()), Base(uint32(0xdeadbeef), 16).Group()),
		c("Dec zeros 1023", V(Base(5, 10).Zeros(1023)), Base(5, 10).Zeros(1023)),
		c("Dec zeros 1024 boxed", V(Base(5, 10).Zeros(1024)), Base(5, 10).Zeros(1024)),
		c("Dec negative zeros", V(Base(5, 10).Zeros(-3)), Base(5, 10).Zeros(-3)),
		c("IntFormat zero", V(IntFormat{}), IntFormat{}),
		c("Shortest", V(General(1.0/3, -1)), General(1.0/3, -1)),
		c("Shortest float32", V(General(float32(1.0/3), -1)), General(float32(1.0/3), -1)),
		c("Fixed", V(Fixed(1234567.891, 2).Group()), Fixed(1234567.891, 2).Group()),
		c("Fixed locale", V(Fixed(1234567.891, 2).Group().In(de)), Fixed(1234567.891, 2).Group().In(de)),
		c("Fixed plus zeros", V(Fixed(2.5, 1).Plus().Zeros(8)), Fixed(2.5, 1).Plus().Zeros(8)),
		c("Fixed prec 254", V(Fixed(1.0/3, 254)), Fixed(1.0/3, 254)),
		c("Fixed prec 255 boxed", V(Fixed(1.0/3, 255)), Fixed(1.0/3, 255)),
		c("Fixed zeros 31", V(Fixed(-1.5, 0).Zeros(31)), Fixed(-1.5, 0).Zeros(31)),
		c("Fixed zeros 32 boxed", V(Fixed(-1.5, 0).Zeros(32)), Fixed(-1.5, 0).Zeros(32)),
		c("Fixed Inf zeros", V(Fixed(math.Inf(1), 2).Zeros(6).Plus()), Fixed(math.Inf(1), 2).Zeros(6).Plus()),
		c("Sci upper", V(Sci(6.02214076e23, 3).Upper()), Sci(6.02214076e23, 3).Upper()),
		c("Sci shortest", V(Sci(1e-300, -1)), Sci(1e-300, -1)),
		c("General", V(General(1e-7, 3)), General(1e-7, 3)),
		c("General upper", V(General(1e30, 4).Upper()), General(1e30, 4).Upper()),
		c("HexFloat", V(HexFloat(1.5, -1)), HexFloat(1.5, -1)),
		c("HexFloat upper float32", V(HexFloat(float32(-0.1), 3).Upper()), HexFloat(float32(-0.1), 3).Upper()),
		c("FloatFormat zero", V(FloatFormat{}), FloatFormat{}),
		c("Plain", V(Plain(b)), Plain(b)),
		c("Quote", V(Quote("a\tb\"")), Quote("a\tb\"")),
		c("Char", V(Char('ж')), Char('ж')),
		c("Char invalid", V(Char(-1)), Char(-1)),
		c("Char", V(Char('ж')), Char('ж')),
		c("Time frac 3", V(Time(when).Frac(3)), Time(when).Frac(3)),
		c("Time frac 0", V(Time(when).Frac(0)), Time(when).Frac(0)),
		c("Time frac 9", V(Time(when).Frac(9)), Time(when).Frac(9)),
		c("Dur", V(Dur(1500*time.Microsecond)), Dur(1500*time.Microsecond)),
		c("typed pointer", V(ip), ip),
		c("Pad Dec", V(Pad(Base(42, 10), 8)), Pad(Base(42, 10), 8)),
		c("Pad Hex left", V(Pad(Base(255, 16).Prefix(), 8).Left()), Pad(Base(255, 16).Prefix(), 8).Left()),
		c("Pad Hex zeros", V(Pad(Base(255, 16).Zeros(1000), 1001)), Pad(Base(255, 16).Zeros(1000), 1001)),
		c("Pad Fixed center", V(Pad(Fixed(3.14159, 2), 9).Center().Fill('*')), Pad(Fixed(3.14159, 2), 9).Center().Fill('*')),
		c("Pad Fixed boxed", V(Pad(Fixed(3.14159, 300), 9)), Pad(Fixed(3.14159, 300), 9)),
		c("Pad Text fill", V(Pad(Plain("mid"), 10).Center().Fill('ж')), Pad(Plain("mid"), 10).Center().Fill('ж')),
		c("Pad Text max fill", V(Pad(Plain("x"), 3).Fill(utf8Max)), Pad(Plain("x"), 3).Fill(utf8Max)),
		c("Pad Text invalid fill", V(Pad(Plain("x"), 3).Fill(-5)), Pad(Plain("x"), 3).Fill(-5)),
		c("Pad Text surrogate fill", V(Pad(Plain("x"), 3).Fill(0xD800)), Pad(Plain("x"), 3).Fill(0xD800)),
		c("Pad Quote", V(Pad(Quote("q"), 6).Left()), Pad(Quote("q"), 6).Left()),
		c("Pad width 2047", V(Pad(Plain("w"), 2047)), Pad(Plain("w"), 2047)),
		c("Pad width 2048 boxed", V(Pad(Plain("w"), 2048)), Pad(Plain("w"), 2048)),
		c("Pad narrower", V(Pad(Plain("wide"), 2)), Pad(Plain("wide"), 2)),
		c("Pad zero", V(Padded[StrFormat]{}), Padded[StrFormat]{}),
		c("Pad Char", V(Pad(Char('é'), 3)), Pad(Char('é'), 3)),
		c("Pad Dur", V(Pad(Dur(time.Hour), 6).Left()), Pad(Dur(time.Hour), 6).Left()),
		c("Pad Time boxed", V(Pad(Time(when), 40)), Pad(Time(when), 40)),
		c("Pad Pad boxed", V(Pad(Pad(Base(1, 10), 2), 4)), Pad(Pad(Base(1, 10), 2), 4)),
		c("error", V(err), err),
		c("error value", V(errValue{7}), errValue{7}),
		c("stringer", V(stringer{}), stringer{}),
		c("appender", V(celsius(21.5)), celsius(21.5)),
		c("large appender", V(big{100}), big{100}),
		c("text appender", V(netIP{1, 2, 3, 4}), netIP{1, 2, 3, 4}),
		c("struct", V(plain{1, 2}), plain{1, 2}),
		c("struct pointer", V(&plain{1, 2}), &plain{1, 2}),
		c("defined int", V(myInt(7)), myInt(7)),
		c("month", V(time.March), time.March),
		c("interface holding int", V(any(1234)), 1234),
		c("interface holding Hex", V(any(Base(10, 16))), Base(10, 16)),
	}
}

const utf8Max = '\U0010FFFF'

func TestPrintArgsMatchesPrint(t *testing.T) {
	for _, tt := range argCases() {
		t.Run(tt.name, func(t *testing.T) {
			want := sprint(tt.val)
			if tt.name == "struct pointer" {
				// Two literals, two addresses: compare the form only.
				got := sprintArgs(tt.arg)
				if !strings.HasPrefix(got, "0x") || len(got) < 3 {
					t.Errorf("got %q, want an address", got)
				}
				return
			}
			if got := sprintArgs(tt.arg); got != want {
				t.Errorf("PrintArgs: got %q, Print gives %q", got, want)
			}
		})
	}
}

// TestPrintArgsKnown pins a few outputs to fixed strings, so that
// PrintArgs and Print cannot agree on a wrong answer.
func TestPrintArgsKnown(t *testing.T) {
	when := time.Date(2024, 2, 29, 13, 4, 5, 120000000, time.FixedZone("", -(3*3600+30*60)))
	tests := []struct {
		name string
		args []Arg
		want string
	}{
		{"mixed", []Arg{V("id="), V(1234), V(" x="), V(2.5), V(" ok="), V(true)}, "id=1234 x=2.5 ok=true"},
		{"zero", []Arg{{}}, "<nil>"},
		{"none", nil, ""},
		{"time", []Arg{V(when)}, "2024-02-29T13:04:05.12-03:30"},
		{"time frac", []Arg{V(Time(when.UTC()).Frac(3))}, "2024-02-29T16:34:05.120Z"},
		{"duration", []Arg{V(-1500 * time.Millisecond)}, "-1.5s"},
		{"manipulators", []Arg{V(Base(255, 16).Prefix()), V(" "), V(Pad(Plain("x"), 3).Center().Fill('*'))}, "0xff *x*"},
		{"float32", []Arg{V(float32(16777216.0))}, "1.6777216e+07"},
		{"fixed", []Arg{V(Pad(Fixed(-3.14159, 3), 9).Fill('_'))}, "___-3.142"},
		{"rune and char", []Arg{V('A'), V(Char('A'))}, "65 A"},
		{"spaces between non-strings", []Arg{V(1), V(2.5), V(true), {}, V(-3)}, "1 2.5 true <nil> -3"},
		{"no space next to a string", []Arg{V(1), V("a"), V(2), V(""), V(3)}, "1a23"},
		{"bytes are not a string", []Arg{V(1), V([]byte("b")), V(Plain("p")), V(2)}, "1 b p 2"},
		{"defined string type", []Arg{V(1), V(label("L")), V(2)}, "1L2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sprintArgs(tt.args...); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPrintlnArgs(t *testing.T) {
	var b scratchBuf
	PrintLnArgs(&b, V("n ="), V(3))
	PrintLnArgs(&b)
	w := core.NewWriter(&b)
	PrintLnArgs(w, V(2.5), V(Base(10, 16)))
	PrintLnArgs(w)
	PrintLnArgs(w, V("a"), V("b"), V([]byte("c")))
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "n = 3\n\n2.5 a\n\na b c\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestPrintArgsShortWrites prints every case through a device that takes
// one byte per call into a minimal buffer, and through a wrapped
// bufio.Writer, and checks both against memory.
func TestPrintArgsShortWrites(t *testing.T) {
	cases := argCases()
	var args []Arg
	for _, c := range cases {
		if c.name != "struct pointer" {
			args = append(args, c.arg, V(strings.Repeat("long", 30)), V(-1234567))
		}
	}
	emit := func(w core.BufferedWriter) {
		for range 3 {
			PrintLnArgs(w, args...)
			PrintArgs(w, args...)
		}
	}
	var want scratchBuf
	emit(&want)
	dev := &coretest.Writer{Faults: coretest.Faults{Max: 1}}
	cw := core.NewWriterSize(dev, core.MinBufferSize)
	emit(cw)
	if err := cw.Flush(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dev.Bytes(), want.Bytes()) {
		t.Fatalf("short writes differ from memory output: %d vs %d bytes", len(dev.Bytes()), want.Len())
	}
	var bb bytes.Buffer
	bw := core.WrapWriter(bufio.NewWriterSize(&bb, 16))
	emit(bw)
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bb.Bytes(), want.Bytes()) {
		t.Fatal("bufio output differs from memory output")
	}
}

func TestPrintArgsErrorsSticky(t *testing.T) {
	dev := &coretest.Writer{Faults: coretest.Faults{FailAt: 2}}
	w := core.NewWriterSize(dev, core.MinBufferSize)
	for i := range 1000 {
		PrintArgs(w, V("n="), V(i), V("\n"))
	}
	if err := w.Flush(); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("Flush after a device fault = %v, want ErrFault", err)
	}
}

// TestPrintArgsAllocs checks that the values V packs cost nothing, with
// values the compiler cannot make constant, for both the concrete writer
// and another BufferedWriter.
func TestPrintArgsAllocs(t *testing.T) {
	w := core.NewWriterSize(discard{}, 4096)
	var b scratchBuf
	b.Grow(1 << 16)
	when := time.Date(2024, 2, 29, 13, 4, 5, 120000000, time.FixedZone("x", 3600))
	v := 123456789
	f := 3.14159
	s := strings.Repeat("s", 3)
	bs := []byte("bytes")
	d := time.Duration(v)
	err := errors.New("boom")
	var p *int = &v
	tests := []struct {
		name string
		fn   func(w core.BufferedWriter)
	}{
		{"ints", func(w core.BufferedWriter) {
			PrintArgs(w, V(v), V(int64(v)), V(int32(v)), V(int16(v)), V(int8(v)),
				V(uint(v)), V(uint64(v)), V(uint32(v)), V(uint16(v)), V(uint8(v)), V(uintptr(v)))
		}},
		{"floats", func(w core.BufferedWriter) { PrintArgs(w, V(f), V(float32(f))) }},
		{"strings", func(w core.BufferedWriter) { PrintArgs(w, V(s), V(bs), V(v > 0)) }},
		{"time", func(w core.BufferedWriter) { PrintArgs(w, V(when), V(d)) }},
		{"error", func(w core.BufferedWriter) { PrintArgs(w, V(err), V(error(nil))) }},
		{"pointers", func(w core.BufferedWriter) { PrintArgs(w, V(p), V(unsafe.Pointer(p))) }},
		{"int manipulators", func(w core.BufferedWriter) {
			PrintArgs(w, V(Base(v, 16).Prefix().Group()), V(Pad(Base(v, 10).Zeros(12), 20).Center()))
		}},
		{"float manipulators", func(w core.BufferedWriter) {
			PrintArgs(w, V(Fixed(f, 3).Group()), V(Sci(f, 6)), V(Pad(General(f, 4), 12).Fill('*')))
		}},
		{"text manipulators", func(w core.BufferedWriter) {
			PrintArgs(w, V(Quote(s)), V(Pad(Plain(bs), 9).Left()), V(Char(rune(v%1000))))
		}},
		{"time manipulators", func(w core.BufferedWriter) {
			PrintLnArgs(w, V(Time(when).Frac(3)), V(Dur(d)), V(Pad(Dur(d), 20)))
		}},
		{"mixed line", func(w core.BufferedWriter) {
			PrintArgs(w, V("id="), V(v), V(" x="), V(f), V(" name="), V(s), V(" ok="), V(v%3 == 0), V("\n"))
			PrintLnArgs(w, V(v), V(f), V(s), V(v%3 == 0))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, func() { tt.fn(w) }); n != 0 {
				t.Errorf("core.Writer: %v allocations, want 0", n)
			}
			if n := testing.AllocsPerRun(100, func() { tt.fn(&b); b.Reset() }); n != 0 {
				t.Errorf("scratchBuf: %v allocations, want 0", n)
			}
		})
	}
}

// TestPrintArgsUserBox documents the cost of a user type: its own box,
// once, and nothing for the other arguments of the same call.
func TestPrintArgsUserBox(t *testing.T) {
	w := core.NewWriterSize(discard{}, 4096)
	v := 123456789
	f := 2.5
	tests := []struct {
		name string
		want float64
		fn   func()
	}{
		{"struct", 1, func() { PrintArgs(w, V(v), V(plain{v, v}), V(f)) }},
		{"defined int", 1, func() { PrintArgs(w, V(v), V(myInt(v)), V(f)) }},
		{"struct error", 1, func() { PrintArgs(w, V(v), V(errValue{v}), V(f)) }},
		{"pointer", 0, func() { PrintArgs(w, V(v), V(&v), V(f)) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tt.fn); n != tt.want {
				t.Errorf("%v allocations, want %v", n, tt.want)
			}
		})
	}
}

// TestPrintBoxedAllocs checks that Print itself allocates nothing for the
// built-in types once they are boxed: the boxing is the caller's.
func TestPrintBoxedAllocs(t *testing.T) {
	w := core.NewWriterSize(discard{}, 4096)
	when := time.Date(2024, 2, 29, 13, 4, 5, 120000000, time.FixedZone("x", 3600))
	v := 123456789
	args := []any{v, int64(v), uint8(v), 3.25, float32(1.5), "str", []byte("b"), true, nil,
		when, time.Duration(v), errors.New("e"), Base(v, 16), Pad(Fixed(2.5, 2), 8), unsafe.Pointer(&v), &v}
	if n := testing.AllocsPerRun(100, func() { PrintLn(w, args...) }); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}

func FuzzPrintArgs(f *testing.F) {
	f.Add(int64(0), uint64(0), 0.0, "", true, int64(0), int64(0), 0, 0, 0)
	f.Add(int64(-1234567), uint64(1<<63), 0.1, "héllo", false, int64(1709211845), int64(120000000), 19800, 2, 12)
	f.Add(int64(math.MinInt64), uint64(math.MaxUint64), math.Inf(-1), "\xff\t", true, int64(math.MinInt64), int64(-1), -30, 300, 3000)
	f.Add(int64(255), uint64(256), 5e-324, "x", false, int64(math.MaxInt64), int64(999999999), 1<<30, -1, -5)
	f.Fuzz(func(t *testing.T, i int64, u uint64, fl float64, s string, b bool, sec, nsec int64, off, prec, width int) {
		tm := time.Unix(sec, nsec).In(time.FixedZone("", off))
		base := int(u%40) - 2
		args := []Arg{V(i), V(u), V(fl), V(float32(fl)), V(s), V([]byte(s)), V(b), V(tm), V(time.Duration(i)),
			V(Base(i, base).Prefix().Zeros(width % 2000)), V(Pad(Base(u, 16).Upper().Group(), width%3000).Left()),
			V(Fixed(fl, prec%400)), V(Sci(fl, prec%300).Plus()), V(General(fl, prec%300).Zeros(width % 40)),
			V(Pad(HexFloat(fl, prec%20), width%3000).Center().Fill(rune(u))), V(Pad(Quote(s), width%30)),
			V(Char(rune(i))), V(Time(tm).Frac(prec)), V(Pad(Dur(time.Duration(u)), width))}
		vals := []any{i, u, fl, float32(fl), s, []byte(s), b, tm, time.Duration(i),
			Base(i, base).Prefix().Zeros(width % 2000), Pad(Base(u, 16).Upper().Group(), width%3000).Left(),
			Fixed(fl, prec%400), Sci(fl, prec%300).Plus(), General(fl, prec%300).Zeros(width % 40),
			Pad(HexFloat(fl, prec%20), width%3000).Center().Fill(rune(u)), Pad(Quote(s), width%30),
			Char(rune(i)), Time(tm).Frac(prec), Pad(Dur(time.Duration(u)), width)}
		var got, want scratchBuf
		for k := range args {
			got.Reset()
			want.Reset()
			PrintArgs(&got, args[k])
			Print(&want, vals[k])
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("argument %d (%T): PrintArgs %q, Print %q", k, vals[k], got.Bytes(), want.Bytes())
			}
			// V of the same value held in an interface packs it the same.
			got.Reset()
			PrintArgs(&got, V(vals[k]))
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("argument %d (%T) through any: %q, Print %q", k, vals[k], got.Bytes(), want.Bytes())
			}
		}
		// Differential against the standard library where it defines the
		// same output: plain values, with fmt's spacing.
		var line scratchBuf
		PrintLnArgs(&line, V(i), V(u), V(fl), V(s), V(b), V(time.Duration(i)), V(s))
		wantLine := fmt.Sprintln(i, u, fl, s, b, time.Duration(i), s)
		if line.String() != wantLine {
			t.Fatalf("PrintLnArgs %q, fmt.Sprintln gives %q", line.String(), wantLine)
		}
		line.Reset()
		PrintArgs(&line, V(i), V(u), V(fl), V(s), V(b), V(time.Duration(i)), V(s), V(s), V(fl))
		if want := fmt.Sprint(i, u, fl, s, b, time.Duration(i), s, s, fl); line.String() != want {
			t.Fatalf("PrintArgs %q, fmt.Sprint gives %q", line.String(), want)
		}
		if y := tm.Year(); y >= 0 && y <= 9999 {
			if got, want := sprintArgs(V(tm)), tm.Format(time.RFC3339Nano); got != want {
				t.Fatalf("time: got %q, time.Format gives %q", got, want)
			}
		}
	})
}
