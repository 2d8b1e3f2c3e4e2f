package record

import (
	"bytes"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// engineFront is a transform writer as fastio's transcoders and
// compressors are: its buffered methods are those of the *core.Writer it
// holds, which Engine returns. It counts the calls that reach it through
// the interface, to tell which path the record Writer took.
type engineFront struct {
	eng              *core.Writer
	reserves, commit int
}

func (f *engineFront) Write(p []byte) (int, error) { return f.eng.Write(p) }
func (f *engineFront) Reserve(n int) []byte        { f.reserves++; return f.eng.Reserve(n) }
func (f *engineFront) Commit(n int)                { f.commit++; f.eng.Commit(n) }
func (f *engineFront) Flush() error                { return f.eng.Flush() }
func (f *engineFront) Engine() core.Engine         { return f.eng.Engine() }

var _ interface {
	core.BufferedWriter
	Engine() core.Engine
} = (*engineFront)(nil)

// The commit tests run over a writer with an Engine method too.
func init() {
	commitDevices = append(commitDevices, struct {
		name string
		make func() commitDevice
	}{"Engine method", func() commitDevice {
		var out bytes.Buffer
		f := &engineFront{eng: core.NewWriterSize(&out, 64)}
		return commitDevice{f, f.Flush, out.Bytes}
	}})
}

// TestEngineDispatch checks that a Writer over a writer with an Engine
// method commits
// through the engine's inlined *core.Writer methods, not through the
// interface, and that the bytes are those written through a *core.Writer.
func TestEngineDispatch(t *testing.T) {
	var want, got bytes.Buffer
	ref := NewWriter(core.NewWriterSize(&want, 64))
	f := &engineFront{eng: core.NewWriterSize(&got, 64)}
	e := NewWriter(f)
	for i := range 200 {
		ops := commitOps(i)
		for _, w := range []*Writer{ref, e} {
			if i%2 == 0 {
				r, _ := applyBuilder(w.Start(bodySize(ops)), ops)
				if err := w.Finish(r); err != nil {
					t.Fatalf("record %d: Finish: %v", i, err)
				}
			} else {
				applyWriter(w, ops)
				if err := w.EndRecord(); err != nil {
					t.Fatalf("record %d: EndRecord: %v", i, err)
				}
			}
		}
	}
	if err := ref.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := e.Flush(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("through the engine: %d bytes, want %d", got.Len(), want.Len())
	}
	if f.commit != 0 {
		t.Errorf("%d Commits went through the interface, want 0 (the engine's inlined Commit)", f.commit)
	}
	if e.Err() != nil {
		t.Errorf("Err = %v", e.Err())
	}
}
