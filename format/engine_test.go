package format

import (
	"bytes"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// upperSink is the transform behind an engineWriter: it upper-cases the
// ASCII letters it takes into out, so that output which reaches it without
// going through the engine shows.
type upperSink struct{ out bytes.Buffer }

func (s *upperSink) Take(p []byte, final bool) (int, error) {
	for _, c := range p {
		s.out.WriteByte(upper(c))
	}
	return len(p), nil
}

// upper upper-cases an ASCII letter and returns any other byte as it is.
func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		c -= 'a' - 'A'
	}
	return c
}

// asciiUpper returns b with its ASCII letters upper-cased, as upperSink
// writes it.
func asciiUpper(b []byte) string {
	out := make([]byte, len(b))
	for i, c := range b {
		out[i] = upper(c)
	}
	return string(out)
}

func (s *upperSink) Flush() error { return nil }

// engineWriter hands out its core.Engine as a transcoder, a compressor or a
// hash is one: a transform behind a *core.Writer that Engine returns. It
// counts the calls of its own buffered methods, which the print functions
// should not make: they write into the engine.
type engineWriter struct {
	e     *core.Writer
	calls int
}

func newEngineWriter(size int) (*engineWriter, *upperSink) {
	s := new(upperSink)
	return &engineWriter{e: core.NewSinkWriter(s, size)}, s
}

func (w *engineWriter) Engine() core.Engine { return w.e.Engine() }

func (w *engineWriter) Write(p []byte) (int, error) { w.calls++; return w.e.Write(p) }
func (w *engineWriter) Reserve(n int) []byte        { w.calls++; return w.e.Reserve(n) }
func (w *engineWriter) Commit(n int)                { w.calls++; w.e.Commit(n) }
func (w *engineWriter) Flush() error                { return w.e.Flush() }

var _ interface {
	core.BufferedWriter
	Engine() core.Engine
} = (*engineWriter)(nil)

// TestEngineWriter checks that every print function writes to a writer
// with an Engine method through its engine, never through the writer's
// own Reserve, Commit or Write, and that the bytes are those written to a
// scratchBuf, with the engine's buffer large and as small as it gets.
func TestEngineWriter(t *testing.T) {
	var want scratchBuf
	everyPrint(&want)
	for _, size := range []int{0, 16, 4096} {
		w, sink := newEngineWriter(size)
		everyPrint(w)
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if got, want := sink.out.String(), asciiUpper(want.Bytes()); got != want {
			t.Fatalf("engine of %d bytes:\n%q\nwant\n%q", size, got, want)
		}
		if w.calls != 0 {
			t.Errorf("engine of %d bytes: %d calls of the engine writer's own Reserve, Commit or Write", size, w.calls)
		}
	}
}

// TestEngineWriterInterface checks the same through a core.BufferedWriter
// interface value holding the engine writer, the type a caller that is
// given "some buffered writer" holds.
func TestEngineWriterInterface(t *testing.T) {
	var want scratchBuf
	everyPrint(&want)
	ew, sink := newEngineWriter(64)
	var w core.BufferedWriter = ew
	everyPrint(w)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, want := sink.out.String(), asciiUpper(want.Bytes()); got != want {
		t.Fatalf("got\n%q\nwant\n%q", got, want)
	}
	if ew.calls != 0 {
		t.Errorf("%d calls of the engine writer's own Reserve, Commit or Write", ew.calls)
	}
}

// TestEngineWriterAllocs checks that the typed functions and PrintArgs
// allocate nothing with a writer that hands out its Engine.
func TestEngineWriterAllocs(t *testing.T) {
	w, sink := newEngineWriter(1 << 16)
	xs := []int{1, -2, 300}
	tests := []struct {
		name string
		f    func()
	}{
		{"Int", func() { Int(w, 123456789) }},
		{"IntLn", func() { IntLn(w, -123456789) }},
		{"Float", func() { Float(w, 3.25) }},
		{"FloatLn", func() { FloatLn(w, 1e300) }},
		{"Str", func() { Str(w, "abc") }},
		{"Put", func() { Put(w, Base(0xbeef, 16).Prefix()) }},
		{"Ints", func() { Ints(w, xs, ",") }},
		{"PrintLnArgs", func() { PrintLnArgs(w, V("id"), V(12345), V(2.5)) }},
		{"PrintArgs", func() { PrintArgs(w, V("id="), V(12345), V(" x="), V(2.5), V("\n")) }},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(200, func() { tt.f(); w.Flush(); sink.out.Reset() }); n != 0 {
			t.Errorf("%s: %v allocations", tt.name, n)
		}
	}
}

// bufferedOnly hides a writer's Engine method: the print functions see a
// plain core.BufferedWriter.
type bufferedOnly struct{ *engineWriter }

func (bufferedOnly) Engine() {}

// BenchmarkEngineWriter writes the integers of BenchmarkWriteInts and the
// floats of BenchmarkWriteFloats, one per line, to a transform behind a
// *core.Writer: through its engine (engine) and through the writer's own
// Reserve and Commit (buffered), as before writers had an Engine.
func BenchmarkEngineWriter(b *testing.B) {
	discard := func() *engineWriter {
		return &engineWriter{e: core.NewWriter(io.Discard)}
	}
	for _, kind := range []struct {
		name string
		w    core.BufferedWriter
	}{{"engine", discard()}, {"buffered", bufferedOnly{discard()}}} {
		w := kind.w
		b.Run("ints/via="+kind.name, func(b *testing.B) {
			b.SetBytes(int64(len(intFile())))
			b.ReportAllocs()
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				for i := range benchInts {
					IntLn(w, i)
				}
				w.Flush()
			}
			cpu.Report()
		})
		b.Run("floats/via="+kind.name, func(b *testing.B) {
			b.SetBytes(int64(len(floatFile())))
			b.ReportAllocs()
			vals := floatVals()
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				for _, f := range vals {
					FloatLn(w, f)
				}
				w.Flush()
			}
			cpu.Report()
		})
	}
}
