package format

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// sprint formats args with Print into a fresh scratchBuf.
func sprint(args ...any) string {
	var b scratchBuf
	Print(&b, args...)
	return b.String()
}

type celsius float64

func (c celsius) AppendFormat(dst []byte) []byte {
	return append(General(float64(c), -1).AppendFormat(dst), "°C"...)
}

// big appends more than the space the print functions reserve for one
// Appender.
type big struct{ n int }

func (b big) AppendFormat(dst []byte) []byte {
	for range b.n {
		dst = append(dst, "ab"...)
	}
	return dst
}

type stringer struct{}

func (stringer) String() string { return "stringer" }

type plain struct{ A, B int }

// label is a defined string type: a string operand, as for fmt.
type label string

// shout is a defined string type with a String method: fmt takes it as a
// string operand for spacing, and prints it with String.
type shout string

func (s shout) String() string { return strings.ToUpper(string(s)) }

func TestPrint(t *testing.T) {
	var x int
	when := time.Date(2024, 2, 29, 13, 4, 5, 120000000, time.UTC)
	tests := []struct {
		name string
		args []any
		want string
	}{
		{"no space next to a string", []any{"a", 1, "b", 2, 3, "c", "d"}, "a1b2 3cd"},
		{"ints", []any{int8(-8), int16(-16), int32(-32), int64(-64), int(-1)}, "-8 -16 -32 -64 -1"},
		{"uints", []any{uint8(8), uint16(16), uint32(32), uint64(64), uint(1), uintptr(2)}, "8 16 32 64 1 2"},
		{"floats", []any{1.5, float32(0.1), 1e21, math.Inf(-1), math.NaN()}, "1.5 0.1 1e+21 -Inf NaN"},
		{"bools", []any{true, false}, "true false"},
		{"bytes are not a string", []any{1, []byte("raw"), []byte("b"), 2}, "1 raw b 2"},
		{"defined string type", []any{1, label("L"), 2}, "1L2"},
		{"stringer of kind string", []any{1, shout("hi"), 2}, "1HI2"},
		{"stringer is not a string", []any{1, stringer{}, 2}, "1 stringer 2"},
		{"error is not a string", []any{1, errors.New("e"), nil, 2}, "1 e <nil> 2"},
		{"V of a string", []any{1, V("s"), 2, V([]byte("b")), 3}, "1s2 b 3"},
		{"manipulators are not strings", []any{1, Quote("q"), Plain("p"), 2}, `1 "q" p 2`},
		{"bytes", []any{[]byte("raw")}, "raw"},
		{"nil", []any{nil}, "<nil>"},
		{"rune is a number", []any{'A'}, "65"},
		{"char", []any{Char('A'), Char('é')}, "A é"},
		{"error", []any{errors.New("boom")}, "boom"},
		{"stringer", []any{stringer{}}, "stringer"},
		{"appender", []any{celsius(21.5)}, "21.5°C"},
		{"appender", []any{big{3}}, "ababab"},
		{"large appender", []any{big{100}}, strings.Repeat("ab", 100)},
		{"duration", []any{90 * time.Second}, "1m30s"},
		{"time", []any{when}, "2024-02-29T13:04:05.12Z"},
		{"text appender", []any{netIP{1, 2, 3, 4}}, "1.2.3.4"},
		{"fallback", []any{plain{1, 2}}, "{1 2}"},
		{"pointer", []any{unsafe.Pointer(&x)}, fmt.Sprintf("%p", &x)},
		{"typed pointer", []any{&x}, fmt.Sprintf("%p", &x)},
		{"struct pointer", []any{&plain{1, 2}}, ""},
		{"nil pointer", []any{(*int)(nil)}, "0x0"},
		{"manipulators", []any{Base(255, 16).Prefix(), " ", Pad(Plain("x"), 3).Center().Fill('*')}, "0xff *x*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want == "" {
				tt.want = fmt.Sprintf("%p", tt.args[0])
			}
			if got := sprint(tt.args...); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

type netIP [4]byte

func (ip netIP) AppendText(b []byte) ([]byte, error) {
	for i, v := range ip {
		if i > 0 {
			b = append(b, '.')
		}
		b = AppendInt(b, v)
	}
	return b, nil
}

func TestPrintln(t *testing.T) {
	var b scratchBuf
	PrintLn(&b, "n =", 3)
	PrintLn(&b)
	PrintLn(&b, "a", "b", 1, 2, []byte("c"), V("d"), nil)
	if got, want := b.String(), "n = 3\n\na b 1 2 c d <nil>\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestTypedShortWrites writes through a device that takes one byte per call
// into a minimal buffer, so that every Reserve meets a flush, and checks
// the output is the same as into memory.
func TestTypedShortWrites(t *testing.T) {
	emit := func(w core.BufferedWriter) {
		for i := -300; i < 300; i += 7 {
			IntLn(w, i*1000003)
			Int(w, uint16(i))
			FloatLn(w, float64(i)/3)
			Float(w, float32(i)/7)
			Str(w, strings.Repeat("s", 100))
			Str(w, []byte("bytes"))
			Str(w, strconv.FormatBool(i%2 == 0))
			Put(w, Char('ж'))
			Put(w, Pad(Base(i, 16).Prefix(), 12).Left())
			Put(w, Pad(Plain(strings.Repeat("long", 40)), 200))
			Str(w, "\n")
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
	// The same through a wrapped *bufio.Writer (not a *core.Writer).
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

func TestPrintErrorsSticky(t *testing.T) {
	dev := &coretest.Writer{Faults: coretest.Faults{FailAt: 2}}
	w := core.NewWriterSize(dev, core.MinBufferSize)
	for i := range 1000 {
		IntLn(w, i)
	}
	if err := w.Flush(); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("Flush after a device fault = %v, want ErrFault", err)
	}
}

func TestPrintAllocs(t *testing.T) {
	w := core.NewWriterSize(discard{}, 4096)
	var b scratchBuf
	b.Grow(1 << 16)
	when := time.Date(2024, 2, 29, 13, 4, 5, 120000000, time.FixedZone("x", 3600))
	v := 123456789
	f := 3.14159
	tests := []struct {
		name string
		fn   func()
	}{
		{"Int", func() { Int(w, v) }},
		{"IntLn", func() { IntLn(w, int64(v)) }},
		{"Int generic writer", func() { IntLn(&b, v); b.Reset() }},
		{"Float", func() { FloatLn(w, f) }},
		{"Str", func() { Str(w, "hello") }},
		{"Put Hex", func() { Put(w, Base(v, 16).Prefix().Group()) }},
		{"Put Fixed", func() { Put(w, Fixed(f, 3).Group()) }},
		{"Put Pad", func() { Put(w, Pad(Base(v, 10), 20).Center()) }},
		{"Put Time", func() { Put(w, Time(when)) }},
		{"Put Dur", func() { Put(w, Dur(time.Duration(v))) }},
		{"Put Quote", func() { Put(w, Quote("a\tb")) }},
		{"Print small", func() { Print(w, "x", 7, true) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tt.fn); n != 0 {
				t.Errorf("%v allocations, want 0", n)
			}
		})
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// TestIntLnLengths writes numbers of every length through the in-place
// fast path of IntLn and Int and compares with strconv.
func TestIntLnLengths(t *testing.T) {
	var want []byte
	var b bytes.Buffer
	w := core.NewWriterSize(&b, core.MinBufferSize)
	for i := range 20 {
		for _, u := range []uint64{pow10[i] - 1, pow10[i], pow10[i] + 1} {
			IntLn(w, u)
			IntLn(w, -int64(u))
			Int(w, u)
			want = strconv.AppendUint(want, u, 10)
			want = append(want, '\n')
			want = strconv.AppendInt(want, -int64(u), 10)
			want = append(want, '\n')
			want = strconv.AppendUint(want, u, 10)
		}
	}
	w.Flush()
	if !bytes.Equal(b.Bytes(), want) {
		t.Fatalf("got\n%s\nwant\n%s", b.Bytes(), want)
	}
}
