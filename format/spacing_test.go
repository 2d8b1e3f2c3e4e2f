package format

import (
	"errors"
	"fmt"
	"math"
	"testing"
	"time"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// fmtText stands for a byte slice or a manipulator on fmt's side of the
// comparison: fmt prints a []byte as [1 2 3] and a manipulator as a
// struct, where format writes their text, but it spaces them as any
// operand that is not a string. fmtText is a slice with a String method,
// which fmt prints by String and spaces as a non-string, like them.
type fmtText []byte

func (t fmtText) String() string { return string(t) }

// forFmt returns the operand fmt prints as format prints a.
func forFmt(a any) any {
	switch v := a.(type) {
	case []byte:
		return fmtText(v)
	case Appender:
		return fmtText(v.AppendFormat(nil))
	}
	return a
}

// spacingOperands are values fmt and format print alike (or, through
// forFmt, with the same spacing), of every kind that matters to the
// spacing rule: strings (empty, defined string types, one with a String
// method), and non-strings (numbers, bools, nil, errors, Stringers,
// pointers, byte slices, manipulators).
func spacingOperands() []any {
	x := 5
	return []any{
		0, -1, 1234567, int8(-8), int16(16), int32('A'), int64(math.MinInt64),
		uint(7), uint8(255), uint16(1 << 15), uint32(1 << 31), uint64(math.MaxUint64), uintptr(9),
		1.5, 0.1, 1e21, 5e-324, math.Inf(1), math.Inf(-1), math.NaN(), float32(0.1), float32(16777216),
		"", "a", " ", "x=", "\n", label("L"), shout("hi"),
		true, false, nil,
		errors.New("boom"), error(errValue{-1}), stringer{}, time.Duration(1500) * time.Millisecond,
		&x, unsafe.Pointer(&x),
		[]byte("raw"), []byte{},
		Base(255, 16).Prefix(), Fixed(2.5, 2), Quote("q\t"), Plain("p"), Char('é'), Pad(Plain("x"), 3),
	}
}

// TestPrintSpacingMatchesFmt compares Print, PrintLn, PrintArgs and
// PrintLnArgs with fmt.Sprint and fmt.Sprintln over every pair and many
// triples of operands.
func TestPrintSpacingMatchesFmt(t *testing.T) {
	ops := spacingOperands()
	var lists [][]any
	for _, a := range ops {
		lists = append(lists, []any{a})
		for _, b := range ops {
			lists = append(lists, []any{a, b})
		}
	}
	for i, a := range ops {
		for j := range ops {
			lists = append(lists, []any{a, ops[(i*7+j)%len(ops)], ops[j]})
		}
	}
	lists = append(lists, nil, []any{1, 2, "a", "b", 3, []byte("c"), "d", nil, 4.5, label("e"), true})
	for _, args := range lists {
		checkSpacing(t, args)
	}
}

// checkSpacing checks the four print functions on args against fmt.
func checkSpacing(t *testing.T, args []any) {
	t.Helper()
	fargs := make([]any, len(args))
	vargs := make([]Arg, len(args))
	for i, a := range args {
		fargs[i] = forFmt(a)
		vargs[i] = V(a)
	}
	var b scratchBuf
	check := func(name string, print func(), want string) {
		t.Helper()
		b.Reset()
		print()
		if b.String() != want {
			t.Fatalf("%s%s: got %q, fmt gives %q", name, fmtArgs(args), b.String(), want)
		}
	}
	sprint, sprintln := fmt.Sprint(fargs...), fmt.Sprintln(fargs...)
	check("Print", func() { Print(&b, args...) }, sprint)
	check("PrintLn", func() { PrintLn(&b, args...) }, sprintln)
	check("PrintArgs", func() { PrintArgs(&b, vargs...) }, sprint)
	check("PrintLnArgs", func() { PrintLnArgs(&b, vargs...) }, sprintln)
	// Args given to Print keep their string-ness.
	boxed := make([]any, len(vargs))
	for i := range vargs {
		boxed[i] = vargs[i]
	}
	check("Print of Args", func() { Print(&b, boxed...) }, sprint)
	// The concrete writer has its own loops.
	var out scratchBuf
	cw := core.NewWriterSize(&out, 256)
	Print(cw, args...)
	PrintLn(cw, args...)
	PrintArgs(cw, vargs...)
	PrintLnArgs(cw, vargs...)
	cw.Flush()
	if want := sprint + sprintln + sprint + sprintln; out.String() != want {
		t.Fatalf("*core.Writer%s: got %q, fmt gives %q", fmtArgs(args), out.String(), want)
	}
}

// fmtArgs shows args with their types, for a failure message.
func fmtArgs(args []any) string {
	s := "("
	for i, a := range args {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%T(%v)", a, a)
	}
	return s + ")"
}

// TestPrintSpacingAllocs checks that the spacing rule costs no allocation:
// PrintArgs and PrintLnArgs of strings, bytes and numbers, and Print of
// values already boxed.
func TestPrintSpacingAllocs(t *testing.T) {
	w := core.NewWriterSize(discard{}, 4096)
	var b scratchBuf
	b.Grow(1 << 12)
	s, bs, v, f := "str", []byte("b"), 123456789, 2.5
	boxed := []any{v, s, bs, f, label("L"), true, nil, stringer{}, Base(v, 16)}
	for name, fn := range map[string]func(){
		"PrintArgs":            func() { PrintArgs(w, V(v), V(s), V(bs), V(f), V(true), V(Fixed(f, 1))) },
		"PrintLnArgs":          func() { PrintLnArgs(w, V(v), V(s), V(bs), V(f), V(true), V(Fixed(f, 1))) },
		"Print":                func() { Print(w, boxed...) },
		"PrintLn":              func() { PrintLn(w, boxed...) },
		"PrintArgs scratchBuf": func() { PrintArgs(&b, V(v), V(bs), V(f)); b.Reset() },
	} {
		if n := testing.AllocsPerRun(100, fn); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
}

// FuzzPrintSpacing prints a sequence of operands chosen by sel and made
// of the fuzzed values with the four print functions, against fmt.
func FuzzPrintSpacing(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3}, int64(1), 2.5, "s")
	f.Add([]byte{2, 2, 0, 0, 3, 7, 8, 2}, int64(-9), math.Inf(1), "")
	f.Add([]byte{9, 10, 11, 4, 5, 6, 1, 12}, int64(math.MaxInt64), 1e-7, "x y")
	f.Fuzz(func(t *testing.T, sel []byte, i int64, fl float64, s string) {
		ops := []any{i, fl, s, []byte(s), i < 0, nil, errors.New(s), label(s), uint8(i), float32(fl),
			Base(i, 16), Quote(s), Plain(s), time.Duration(i)}
		if len(sel) > 32 {
			sel = sel[:32]
		}
		args := make([]any, len(sel))
		for k, c := range sel {
			args[k] = ops[int(c)%len(ops)]
		}
		checkSpacing(t, args)
	})
}
