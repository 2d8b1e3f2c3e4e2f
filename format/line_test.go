package format

import (
	"bufio"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
)

// lineCase is one line, written by a LineBuilder chain and by the Print
// call it stands for.
type lineCase struct {
	name  string
	chain func(w Writer)
	print func(w Writer)
}

var lineCases = []lineCase{
	{"empty", func(w Writer) { Line(w).End() }, func(w Writer) { PrintLn(w) }},
	{"no End", func(w Writer) { Line(w).Str("a").Int(1) }, func(w Writer) { Print(w, "a", 1) }},
	{"log line", func(w Writer) {
		Line(w).Str("level=").Str("info").Str(" n=").Int(-42).Str(" x=").Fixed(math.Pi, 3).Str(" msg=").Quote("hé \"x\"\n").End()
	}, func(w Writer) {
		PrintLn(w, "level=", "info", " n=", -42, " x=", Fixed(math.Pi, 3), " msg=", Quote("hé \"x\"\n"))
	}},
	{"every kind", func(w Writer) {
		Line(w).Int64(math.MinInt64).Str(" ").Uint64(math.MaxUint64).Str(" ").Float(0.1).Str(" ").
			Bool(true).Bool(false).Bytes([]byte(" b ")).
			Time(time.Date(2026, 12, 1, 11, 22, 33, 4500, time.UTC)).Put(Hex(255).Prefix()).End()
	}, func(w Writer) {
		PrintLn(w, int64(math.MinInt64), " ", uint64(math.MaxUint64), " ", 0.1, " ", true, false, []byte(" b "),
			time.Date(2026, 12, 1, 11, 22, 33, 4500, time.UTC), Hex(255).Prefix())
	}},
	{"quote of bad UTF-8 and controls", func(w Writer) {
		Line(w).Quote("\xff\x00\a\u2028\U0001F600").End()
	}, func(w Writer) { PrintLn(w, Quote("\xff\x00\a\u2028\U0001F600")) }},
	{"quote longer than the buffer", func(w Writer) {
		Line(w).Quote(strings.Repeat("\x01", 200)).End()
	}, func(w Writer) { PrintLn(w, Quote(strings.Repeat("\x01", 200))) }},
	{"values beyond the buffer", func(w Writer) {
		l := Line(w)
		for i := range 100 {
			l = l.Int(i*1e9).Str(",").Fixed(float64(i)/7, 2).Str(";")
		}
		l.End()
	}, func(w Writer) {
		for i := range 100 {
			Print(w, i*1e9, ",", Fixed(float64(i)/7, 2), ";")
		}
		PrintLn(w)
	}},
}

func TestLine(t *testing.T) {
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
				if got := w.run(tt.chain); got != want.String() {
					t.Errorf("%s: got %q, want %q", w.name, got, want.String())
				}
			}
		})
	}
}

// TestLineConcrete checks a chain on the concrete writer types, as callers
// write it (the cases above hold the writer in an interface).
func TestLineConcrete(t *testing.T) {
	const want = "id=7 x=2.50 q=\"a\\tb\" ok=true\n"
	var sb strings.Builder
	cw := core.NewWriter(&sb)
	Line(cw).Str("id=").Int(7).Str(" x=").Fixed(2.5, 2).Str(" q=").Quote("a\tb").Str(" ok=").Bool(true).End()
	cw.Flush()
	bw := bufio.NewWriter(&sb)
	Line(bw).Str("id=").Int(7).Str(" x=").Fixed(2.5, 2).Str(" q=").Quote("a\tb").Str(" ok=").Bool(true).End()
	bw.Flush()
	if got := sb.String(); got != want+want {
		t.Errorf("got %q, want %q twice", got, want)
	}
}

func TestLineAllocs(t *testing.T) {
	cw := core.NewWriter(discard{})
	bw := bufio.NewWriter(discard{})
	var fw flushWriter
	now := time.Now()
	msg := strings.Repeat("quoted \"text\" ", 20) // longer than Put's 64-byte reservation
	for name, f := range map[string]func(){
		"*core.Writer": func() {
			Line(cw).Str("level=").Str("info").Str(" n=").Int(123456789).Str(" x=").Fixed(2.718281828, 3).
				Str(" t=").Time(now).Str(" msg=").Quote(msg).Float(1e300).Bool(true).End()
		},
		"*bufio.Writer": func() {
			Line(bw).Str("level=").Int(123456789).Fixed(2.718281828, 3).Time(now).Quote("short").Float(1e300).End()
		},
		"other Writer": func() {
			fw.Reset()
			Line(&fw).Str("level=").Int(123456789).Fixed(2.718281828, 3).Time(now).Quote("short").Float(1e300).End()
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
