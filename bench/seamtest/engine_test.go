package seamtest

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
	"github.com/fastio-go/fastio/format"
	"github.com/fastio-go/fastio/unicode"
)

// engineWriter is a transform writer that hands out its core.Engine:
// format and record write into its buffer through the Engine's inlined
// paths.
type engineWriter interface {
	core.BufferedWriter
	Engine() core.Engine
}

var (
	_ engineWriter = (*unicode.Writer)(nil)
	_ engineWriter = (*compress.Writer)(nil)
)

// transforms returns the transform writers the engine benchmarks write
// to, over io.Discard: a UTF-8 validator (the cheapest transform, where
// the cost of the seam shows most), UTF-8 to UTF-16LE, and a deflate
// compressor at level 1.
func transforms(tb testing.TB) []struct {
	name string
	w    engineWriter
} {
	validate, err := unicode.New(unicode.UTF8, unicode.UTF8, unicode.Options{Strict: true})
	if err != nil {
		tb.Fatal(err)
	}
	toUTF16, err := unicode.New(unicode.UTF8, unicode.UTF16LE, unicode.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	zw, err := compress.NewWriter(io.Discard, compress.Deflate, 1, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return []struct {
		name string
		w    engineWriter
	}{
		{"unicode.UTF8-UTF8", validate.NewWriter(io.Discard)},
		{"unicode.UTF8-UTF16LE", toUTF16.NewWriter(io.Discard)},
		{"compress.Deflate1", zw},
	}
}

// intLnEngine is intLn into an Engine, as a caller that formats many
// values into a transform writer holds it.
func intLnEngine(e core.Engine, n int) {
	for i := range n {
		format.IntLn(e, i&0xfffff)
	}
}

// intLnUnicode and intLnCompress are intLn with the writer's own type, as
// a caller that made the writer holds it.
func intLnUnicode(w *unicode.Writer, n int) {
	for i := range n {
		format.IntLn(w, i&0xfffff)
	}
}

func intLnCompress(w *compress.Writer, n int) {
	for i := range n {
		format.IntLn(w, i&0xfffff)
	}
}

// intLnTyped is intLn through the writer's own type when it is one of
// those above.
func intLnTyped(w core.BufferedWriter, n int) {
	switch w := w.(type) {
	case *unicode.Writer:
		intLnUnicode(w, n)
	case *compress.Writer:
		intLnCompress(w, n)
	default:
		intLn(w, n)
	}
}

// TestEngineSameBytes checks that formatting and encoding into a transform
// writer and into its engine give the same output.
func TestEngineSameBytes(t *testing.T) {
	toUTF16, _ := unicode.New(unicode.UTF8, unicode.UTF16LE, unicode.Options{})
	var a, b bytes.Buffer
	wa, wb := toUTF16.NewWriterSize(&a, 64), toUTF16.NewWriterSize(&b, 64)
	intLn(wa, 1000)
	intLnEngine(wb.Engine(), 1000)
	builderOut(record.NewWriter(wa), 100)
	builderOut(record.NewWriter(wb.Engine()), 100)
	if wa.Close() != nil || wb.Close() != nil || a.Len() == 0 || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatalf("a unicode.Writer and its engine gave different bytes (%d, %d)", a.Len(), b.Len())
	}
}

func BenchmarkEngineIntLn(b *testing.B) {
	for _, tr := range transforms(b) {
		b.Run(tr.name+"/writer", func(b *testing.B) {
			b.SetBytes(7)
			b.ReportAllocs()
			t := cputime.StartCPU(b)
			intLn(tr.w, b.N)
			t.Report()
		})
		b.Run(tr.name+"/typed", func(b *testing.B) {
			b.SetBytes(7)
			b.ReportAllocs()
			t := cputime.StartCPU(b)
			intLnTyped(tr.w, b.N)
			t.Report()
		})
		b.Run(tr.name+"/engine", func(b *testing.B) {
			b.SetBytes(7)
			b.ReportAllocs()
			t := cputime.StartCPU(b)
			intLnEngine(tr.w.Engine(), b.N)
			t.Report()
		})
	}
}

func BenchmarkEngineBuilder(b *testing.B) {
	for _, tr := range transforms(b) {
		ew, ee := record.NewWriter(tr.w), record.NewWriter(tr.w.Engine())
		b.Run(tr.name+"/writer", func(b *testing.B) {
			b.SetBytes(20)
			b.ReportAllocs()
			t := cputime.StartCPU(b)
			builderOut(ew, b.N)
			t.Report()
		})
		b.Run(tr.name+"/engine", func(b *testing.B) {
			b.SetBytes(20)
			b.ReportAllocs()
			t := cputime.StartCPU(b)
			builderOut(ee, b.N)
			t.Report()
		})
	}
}

// TestEngineRatios compares, in CPU time and in the same run, format.IntLn
// (given the writer's own type, and the core.BufferedWriter interface) and
// record's Builder into a transform writer against the same into its
// engine. A record costs the same either way: the Builder finds the engine
// once per record and must be within 3%. IntLn pays one dynamic dispatch
// per value (the type assertion that finds the engine and the Engine
// call, about 3 ns) on a path of a few nanoseconds, so it must stay
// within 1.6x, which the writer's own Reserve and Commit through the
// interface would not (about 2x); a loop that formats many values into a
// transform writer takes the engine's cost exactly by formatting into
// w.Engine(). It runs only with FASTIO_RATIOS=1, since a ratio this tight
// needs a quiet machine.
func TestEngineRatios(t *testing.T) {
	if os.Getenv("FASTIO_RATIOS") == "" {
		t.Skip("set FASTIO_RATIOS=1 to measure the ratios")
	}
	const n = 1_000_000
	for _, tr := range transforms(t) {
		eng := tr.w.Engine()
		ew, ee := record.NewWriter(tr.w), record.NewWriter(eng)
		cases := []struct {
			name           string
			engine, writer func(int)
			bound          float64
		}{
			{"format.IntLn", func(n int) { intLnEngine(eng, n) }, func(n int) { intLnTyped(tr.w, n) }, 1.6},
			{"format.IntLn/interface", func(n int) { intLnEngine(eng, n) }, func(n int) { intLn(tr.w, n) }, 1.6},
			{"record.Builder", func(n int) { builderOut(ee, n) }, func(n int) { builderOut(ew, n) }, 1.03},
		}
		for _, c := range cases {
			engNS, wNS := cputime.CompareCPU(15, n, c.engine, c.writer)
			ratio := wNS / engNS
			t.Logf("%-22s %-16s engine %.2f cpu-ns/op, writer %.2f cpu-ns/op: writer/engine %.3f", tr.name, c.name, engNS, wNS, ratio)
			if ratio > c.bound {
				t.Errorf("%s into a %s is %.1f%% slower than into its engine (bound %.0f%%)", c.name, tr.name, 100*(ratio-1), 100*(c.bound-1))
			}
		}
	}
}
