package seamtest

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

// The buffered output file is a *core.Writer: every fast path that checks
// for one (format's print functions, record's Writer) takes it.
var _ *core.Writer = (*device.OutFile)(nil)

// outputs returns an OutFile with the buffer of the files device.Create
// opens, and a core.Writer with the same buffer; both discard what they
// are given, so that only the formatting is measured.
func outputs() (out *device.OutFile, cw *core.Writer) {
	out = core.NewOwningWriter(io.Discard, device.FileBufferSize)
	cw = core.NewWriterSize(io.Discard, device.FileBufferSize)
	return out, cw
}

func intLn(w core.BufferedWriter, n int) {
	for i := range n {
		format.IntLn(w, i&0xfffff)
	}
}

func intLnOut(out *device.OutFile, n int) {
	for i := range n {
		format.IntLn(out, i&0xfffff)
	}
}

func intLnCore(cw *core.Writer, n int) {
	for i := range n {
		format.IntLn(cw, i&0xfffff)
	}
}

const (
	idUID record.ID = 1 + iota
	idGID
	idName
)

var name = []byte("fastio.txt")

func builderOut(e *record.Writer, n int) {
	for i := range n {
		r := e.Start(32)
		r = r.Uint(idUID, uint64(i)).Uint(idGID, 100).Blob(idName, name)
		e.Finish(r)
	}
}

func TestSameBytes(t *testing.T) {
	var a, b bytes.Buffer
	out := core.NewOwningWriter(&a, 64)
	cw := core.NewWriterSize(&b, 64)
	intLnOut(out, 1000)
	intLnCore(cw, 1000)
	builderOut(record.NewWriter(out), 100)
	builderOut(record.NewWriter(cw), 100)
	if out.Flush() != nil || cw.Flush() != nil || a.String() != b.String() || a.Len() == 0 {
		t.Fatalf("OutFile and core.Writer wrote different bytes (%d, %d)", a.Len(), b.Len())
	}
}

// TestCreateIsCoreWriter checks that what device.Create returns, seen as
// the interface format takes, is a *core.Writer.
func TestCreateIsCoreWriter(t *testing.T) {
	out, err := device.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	var w core.BufferedWriter = out
	if _, ok := w.(*core.Writer); !ok {
		t.Fatalf("device.Create returned %T, which misses the *core.Writer fast paths", w)
	}
}

func BenchmarkIntLn(b *testing.B) {
	out, cw := outputs()
	b.Run("OutFile", func(b *testing.B) {
		b.SetBytes(7)
		b.ReportAllocs()
		t := cputime.StartCPU(b)
		intLnOut(out, b.N)
		t.Report()
	})
	b.Run("core.Writer", func(b *testing.B) {
		b.SetBytes(7)
		b.ReportAllocs()
		t := cputime.StartCPU(b)
		intLnCore(cw, b.N)
		t.Report()
	})
}

func BenchmarkBuilder(b *testing.B) {
	out, cw := outputs()
	eo, ec := record.NewWriter(out), record.NewWriter(cw)
	b.Run("OutFile", func(b *testing.B) {
		b.SetBytes(20)
		b.ReportAllocs()
		t := cputime.StartCPU(b)
		builderOut(eo, b.N)
		t.Report()
	})
	b.Run("core.Writer", func(b *testing.B) {
		b.SetBytes(20)
		b.ReportAllocs()
		t := cputime.StartCPU(b)
		builderOut(ec, b.N)
		t.Report()
	})
}

// TestRatios compares, in CPU time and in the same run, format.IntLn and
// record's Builder into an OutFile against the same into a core.Writer:
// the OutFile must be within 3%. It runs only with FASTIO_RATIOS=1, since
// a ratio this tight needs a quiet machine.
func TestRatios(t *testing.T) {
	if os.Getenv("FASTIO_RATIOS") == "" {
		t.Skip("set FASTIO_RATIOS=1 to measure the ratios")
	}
	out, cw := outputs()
	eo, ec := record.NewWriter(out), record.NewWriter(cw)
	const n = 2_000_000
	cases := []struct {
		name       string
		core, file func(int)
	}{
		{"format.IntLn", func(n int) { intLnCore(cw, n) }, func(n int) { intLnOut(out, n) }},
		{"format.IntLn/interface", func(n int) { intLn(cw, n) }, func(n int) { intLn(out, n) }},
		{"record.Builder", func(n int) { builderOut(ec, n) }, func(n int) { builderOut(eo, n) }},
	}
	for _, c := range cases {
		coreNS, fileNS := cputime.CompareCPU(15, n, c.core, c.file)
		ratio := fileNS / coreNS
		t.Logf("%-24s core.Writer %.2f cpu-ns/op, OutFile %.2f cpu-ns/op: OutFile/core %.3f", c.name, coreNS, fileNS, ratio)
		if ratio > 1.03 {
			t.Errorf("%s into an OutFile is %.1f%% slower than into a core.Writer", c.name, 100*(ratio-1))
		}
	}
}
