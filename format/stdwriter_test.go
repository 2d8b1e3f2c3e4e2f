package format

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// flushWriter is a Writer that is neither a core.BufferedWriter nor a
// *bufio.Writer (as *gzip.Writer or *tabwriter.Writer): it counts the
// Write calls it gets.
type flushWriter struct {
	bytes.Buffer
	writes, flushes int
}

func (f *flushWriter) Write(p []byte) (int, error) { f.writes++; return f.Buffer.Write(p) }
func (f *flushWriter) Flush() error                { f.flushes++; return nil }

// everyPrint calls each print function once.
func everyPrint(w Writer) {
	Int(w, -42)
	IntLn(w, 7)
	IntLn(w, int64(-1234567890123))
	Float(w, 2.5)
	FloatLn(w, float32(0.1))
	Str(w, "str")
	Str(w, []byte(" bytes"))
	Str(w, strconv.FormatBool(true))
	Put(w, Char('ж'))
	Str(w, "\n")
	Put(w, Base(255, 16).Prefix())
	Put(w, Pad(Plain("x"), 70)) // more than Put's first reservation
	Print(w, "print ", 1, 2.5, Base(3, 10).Zeros(3), " ", time.Duration(1500), []byte("b"), "\n")
	PrintLn(w, "println", true, nil, 7)
	PrintArgs(w, V("args "), V(5), V(Fixed(1.25, 1)), V([]byte("b")), V("\n"))
	PrintLnArgs(w, V("argsln"), V(uint8(9)), V(1))
	Ints(w, []int{1, -2, 300}, ", ")
	Ints(w, []int64{-1 << 63, 12345678, 0}, "\n")
	PrintLnArgs(w, V("line "), V(12), V(0.5), V(Quote("q\t")), V(Fixed(1.25, 1)), V(false))
}

// TestStandardWriters checks that every print function writes the same
// bytes to a *bufio.Writer and to any other Writer as to a core.Writer.
func TestStandardWriters(t *testing.T) {
	var want scratchBuf
	everyPrint(&want)
	var viaCore bytes.Buffer
	cw := core.NewWriterSize(&viaCore, 0) // the smallest buffer: every fast path falls back at times
	everyPrint(cw)
	if err := cw.Flush(); err != nil {
		t.Fatal(err)
	}
	if viaCore.String() != want.String() {
		t.Fatalf("core.Writer: %q, scratchBuf %q", viaCore.String(), want.String())
	}
	for _, size := range []int{16, 64, 4096} {
		var out bytes.Buffer
		bw := bufio.NewWriterSize(&out, size)
		everyPrint(bw)
		if err := bw.Flush(); err != nil {
			t.Fatal(err)
		}
		if out.String() != want.String() {
			t.Fatalf("bufio.Writer of %d bytes:\n%q\nwant\n%q", size, out.String(), want.String())
		}
	}
	var fw flushWriter
	everyPrint(&fw)
	if fw.String() != want.String() {
		t.Fatalf("other Writer:\n%q\nwant\n%q", fw.String(), want.String())
	}
	if fw.flushes != 0 {
		t.Fatalf("the print functions flushed the writer %d times", fw.flushes)
	}
}

// TestOneWritePerCall checks that a Writer that is neither buffered kind
// gets each call's output in one Write, however many values it holds.
func TestOneWritePerCall(t *testing.T) {
	var fw flushWriter
	PrintLn(&fw, 1, 2.5, "three", Base(4, 16))
	PrintLnArgs(&fw, V(1), V(2.5))
	IntLn(&fw, 12345)
	if fw.writes != 3 {
		t.Fatalf("%d Write calls for 3 print calls", fw.writes)
	}
	// A *bufio.Writer gets no device write before its Flush.
	var dev flushWriter
	bw := bufio.NewWriter(&dev)
	for i := range 100 {
		IntLn(bw, i)
		PrintLn(bw, i, float64(i))
	}
	if dev.writes != 0 {
		t.Fatalf("%d device writes before Flush", dev.writes)
	}
	bw.Flush()
	if dev.writes != 1 {
		t.Fatalf("%d device writes after Flush, want 1", dev.writes)
	}
}

// TestStandardWritersAllocs checks that the typed functions and
// PrintArgs allocate nothing with a *bufio.Writer or another Writer.
func TestStandardWritersAllocs(t *testing.T) {
	var sink flushWriter
	sink.Grow(1 << 20)
	bw := bufio.NewWriterSize(&sink, 1<<16)
	for _, w := range []Writer{bw, &sink} {
		name := reflect.TypeOf(w).String()
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
			{"PrintLnArgs", func() { PrintLnArgs(w, V("id"), V(12345), V(2.5)) }},
			{"PrintArgs", func() { PrintArgs(w, V("id="), V(12345), V(" x="), V(2.5), V("\n")) }},
		}
		for _, tt := range tests {
			if n := testing.AllocsPerRun(200, func() { tt.f(); sink.Reset(); bw.Reset(&sink) }); n != 0 {
				t.Errorf("%s to %s: %v allocations", tt.name, name, n)
			}
		}
	}
}

// TestUnbufferedNotAWriter documents that an *os.File (and any other
// writer without Flush) is not a Writer: it must be wrapped once.
func TestUnbufferedNotAWriter(t *testing.T) {
	wt := reflect.TypeFor[Writer]()
	if reflect.TypeFor[*os.File]().Implements(wt) {
		t.Fatal("*os.File is a Writer: printing to it would make a system call per value")
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[*bufio.Writer](), reflect.TypeFor[*core.Writer](), reflect.TypeFor[*scratchBuf]()} {
		if !typ.Implements(wt) {
			t.Fatalf("%s is not a Writer", typ)
		}
	}
}

// intLnViaBuffered is IntLn as it was when it took a core.BufferedWriter:
// the reference of TestFastPathCost.
func intLnViaBuffered(w core.BufferedWriter, v int) {
	u, neg := split(v)
	if cw, ok := w.(*core.Writer); ok && u < 1e8 && !neg {
		if p := cw.Reserve(0); len(p) >= 9 {
			n := decLen32(uint32(u))
			binary.LittleEndian.PutUint64(p, ascii8(uint32(u))>>(uint(8-n)*8)|uint64('\n')<<(uint(n)*8))
			p[8] = '\n'
			cw.Commit(n + 1)
			return
		}
	}
	p := w.Reserve(maxIntLen + 1)
	n := putIntFast(p, u, neg)
	p[n] = '\n'
	w.Commit(n + 1)
}

// TestFastPathCost compares IntLn into a *core.Writer through the Writer
// parameter with the same through a core.BufferedWriter parameter, in
// CPU time in one run (the machine may be loaded: only the ratio means
// anything). It runs only with FASTIO_RATIOS set, as the other ratio
// tests: a bound of a few percent needs a quiet machine.
func TestFastPathCost(t *testing.T) {
	if os.Getenv("FASTIO_RATIOS") == "" {
		t.Skip("set FASTIO_RATIOS=1 to measure the fast path's cost")
	}
	cw := core.NewWriterSize(io.Discard, 1<<16)
	var asBuffered core.BufferedWriter = cw
	concrete := func(n int) {
		for i := range n {
			IntLn(cw, i&0xffffff)
		}
	}
	viaInterface := func(n int) {
		for i := range n {
			IntLn(asBuffered, i&0xffffff)
		}
	}
	before := func(n int) {
		for i := range n {
			intLnViaBuffered(asBuffered, i&0xffffff)
		}
	}
	for _, c := range []struct {
		name string
		f    func(int)
	}{{"*core.Writer", concrete}, {"core.BufferedWriter", viaInterface}} {
		a, b := cputime.CompareCPU(9, 1<<20, before, c.f)
		t.Logf("IntLn given a %s / the core.BufferedWriter parameter it had = %.3f (CPU time, same run, loaded machine)", c.name, b/a)
		if b > 1.10*a {
			t.Errorf("IntLn given a %s costs %.1f%% more on the fast path", c.name, (b/a-1)*100)
		}
	}
}
