package format

import (
	"bufio"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
)

// lineCase is one line, written by PrintLnArgs (or PrintArgs) and by the
// PrintLn (or Print) call of the same values.
type lineCase struct {
	name  string
	args  func(w Writer)
	print func(w Writer)
}

var lineCases = []lineCase{
	{"empty", func(w Writer) { PrintLnArgs(w) }, func(w Writer) { PrintLn(w) }},
	{"no newline", func(w Writer) { PrintArgs(w, V("a"), V(1), V(2)) }, func(w Writer) { Print(w, "a", 1, 2) }},
	{"log line", func(w Writer) {
		PrintArgs(w, V("level="), V("info"), V(" n="), V(-42), V(" x="), V(Fixed(math.Pi, 3)), V(" msg="), V(Quote("hé \"x\"\n")), V("\n"))
	}, func(w Writer) {
		Print(w, "level=", "info", " n=", -42, " x=", Fixed(math.Pi, 3), " msg=", Quote("hé \"x\"\n"), "\n")
	}},
	{"every kind", func(w Writer) {
		PrintLnArgs(w, V(int64(math.MinInt64)), V(uint64(math.MaxUint64)), V(0.1), V("s"),
			V(true), V(false), V([]byte(" b ")),
			V(time.Date(2026, 12, 1, 11, 22, 33, 4500, time.UTC)), V(Base(255, 16).Prefix()))
	}, func(w Writer) {
		PrintLn(w, int64(math.MinInt64), uint64(math.MaxUint64), 0.1, "s", true, false, []byte(" b "),
			time.Date(2026, 12, 1, 11, 22, 33, 4500, time.UTC), Base(255, 16).Prefix())
	}},
	{"every kind, Print's spacing", func(w Writer) {
		PrintArgs(w, V(int64(math.MinInt64)), V(uint64(math.MaxUint64)), V(0.1), V("s"),
			V(true), V(false), V([]byte(" b ")), V(label("L")), V(errValue{1}),
			V(time.Date(2026, 12, 1, 11, 22, 33, 4500, time.UTC)), V(Base(255, 16).Prefix()), Arg{})
	}, func(w Writer) {
		Print(w, int64(math.MinInt64), uint64(math.MaxUint64), 0.1, "s", true, false, []byte(" b "), label("L"), errValue{1},
			time.Date(2026, 12, 1, 11, 22, 33, 4500, time.UTC), Base(255, 16).Prefix(), nil)
	}},
	{"quote of bad UTF-8 and controls", func(w Writer) {
		PrintLnArgs(w, V(Quote("\xff\x00\a\u2028\U0001F600")))
	}, func(w Writer) { PrintLn(w, Quote("\xff\x00\a\u2028\U0001F600")) }},
	{"quote longer than the buffer", func(w Writer) {
		PrintLnArgs(w, V(Quote(strings.Repeat("\x01", 200))))
	}, func(w Writer) { PrintLn(w, Quote(strings.Repeat("\x01", 200))) }},
	{"values beyond the buffer", func(w Writer) {
		for i := range 100 {
			PrintArgs(w, V(i*1e9), V(","), V(Fixed(float64(i)/7, 2)), V(";"))
		}
		PrintLnArgs(w)
	}, func(w Writer) {
		for i := range 100 {
			Print(w, i*1e9, ",", Fixed(float64(i)/7, 2), ";")
		}
		PrintLn(w)
	}},
}

// TestPrintLnArgsWriters checks PrintLnArgs against PrintLn on each kind
// of writer.
func TestPrintLnArgsWriters(t *testing.T) {
	writers := []struct {
		name string
		run  func(f func(Writer)) string
	}{
		{"*core.Writer", func(f func(Writer)) string {
			var b strings.Builder
			w := core.NewWriterSize(&b, 128) // small: the 200-byte quote exceeds it
			f(w)
			w.Flush()
			return b.String()
		}},
		{"*scratchBuf", func(f func(Writer)) string {
			var b scratchBuf
			f(&b)
			return b.String()
		}},
		{"*bufio.Writer", func(f func(Writer)) string {
			var b strings.Builder
			w := bufio.NewWriterSize(&b, 16)
			f(w)
			w.Flush()
			return b.String()
		}},
		{"other Writer", func(f func(Writer)) string {
			var fw flushWriter
			f(&fw)
			return fw.String()
		}},
	}
	for _, tt := range lineCases {
		t.Run(tt.name, func(t *testing.T) {
			var want scratchBuf
			tt.print(&want)
			for _, w := range writers {
				if got := w.run(tt.args); got != want.String() {
					t.Errorf("%s: got %q, want %q", w.name, got, want.String())
				}
			}
		})
	}
}

// TestPrintLnArgsConcrete checks PrintArgs and PrintLnArgs on the
// concrete writer types, as callers hold them (the cases above hold the
// writer in an interface).
func TestPrintLnArgsConcrete(t *testing.T) {
	const want = "id=7 x=2.50 q=\"a\\tb\" ok=true\n" + "7 2.50 \"a\\tb\" true 8 9\n"
	var sb strings.Builder
	cw := core.NewWriter(&sb)
	PrintArgs(cw, V("id="), V(7), V(" x="), V(Fixed(2.5, 2)), V(" q="), V(Quote("a\tb")), V(" ok="), V(true), V("\n"))
	PrintLnArgs(cw, V(7), V(Fixed(2.5, 2)), V(Quote("a\tb")), V(true), V(8), V(9))
	cw.Flush()
	bw := bufio.NewWriter(&sb)
	PrintArgs(bw, V("id="), V(7), V(" x="), V(Fixed(2.5, 2)), V(" q="), V(Quote("a\tb")), V(" ok="), V(true), V("\n"))
	PrintLnArgs(bw, V(7), V(Fixed(2.5, 2)), V(Quote("a\tb")), V(true), V(8), V(9))
	bw.Flush()
	if got := sb.String(); got != want+want {
		t.Errorf("got %q, want %q twice", got, want)
	}
}

// TestPrintLnArgsQuoteAllocs checks that a quoted string longer than the
// first reservation of a manipulator is quoted in place, without
// allocating, on a writer whose buffer holds it.
func TestPrintLnArgsQuoteAllocs(t *testing.T) {
	cw := core.NewWriter(discard{})
	bw := bufio.NewWriter(discard{})
	var fw flushWriter
	now := time.Now()
	msg := strings.Repeat("quoted \"text\" ", 20) // longer than Put's 64-byte reservation
	for name, f := range map[string]func(){
		"*core.Writer": func() {
			PrintArgs(cw, V("level="), V("info"), V(" n="), V(123456789), V(" x="), V(Fixed(2.718281828, 3)),
				V(" t="), V(now), V(" msg="), V(Quote(msg)), V(1e300), V(true), V("\n"))
		},
		"*bufio.Writer": func() {
			PrintLnArgs(bw, V("level"), V(123456789), V(Fixed(2.718281828, 3)), V(now), V(Quote("short")), V(1e300))
		},
		"other Writer": func() {
			fw.Reset()
			PrintLnArgs(&fw, V("level"), V(123456789), V(Fixed(2.718281828, 3)), V(now), V(Quote("short")), V(1e300))
		},
	} {
		f()
		if name == "other Writer" && raceEnabled {
			// Its buffer comes from a sync.Pool, which drops items at
			// random under the race detector.
			continue
		}
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations per line, want 0", name, n)
		}
	}
}
