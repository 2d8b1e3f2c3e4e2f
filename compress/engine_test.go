package compress

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// runEngineScript writes script to a fresh Writer over dev (each step a
// Write, WriteString, Reserve+Commit, Flush or Close, through the Writer
// or its engine as via says) and returns the device's bytes and the
// results of every step.
func runEngineScript(t *testing.T, f Format, conc, size int, dev *coretest.Writer, script []string, via func(i int) bool) ([]byte, string) {
	// A concurrent Writer has the default buffer size; size is for the
	// other.
	w, err := NewWriter(dev, f, 6, &WriterOptions{BufferSize: size})
	if conc > 1 {
		w, err = NewWriter(dev, f, 6, &WriterOptions{Concurrency: conc, BlockSize: MinBlockSize})
	}
	if err != nil {
		t.Fatal(err)
	}
	w.Header.Name = "engine.txt"
	var log bytes.Buffer
	for i, step := range script {
		var t coretest.ScriptWriter = w
		if via(i) && step != "close" { // an Engine cannot close its writer
			t = w.Engine()
		}
		n, err := coretest.Step(t, i, step)
		fmt.Fprintf(&log, "%d:%d %v|", i, n, err)
	}
	fmt.Fprintf(&log, "err %v buffered %d input %d", w.Err(), w.Buffered(), w.InputSize())
	return dev.Bytes(), log.String()
}

// TestEngine checks that writing through Engine gives the same stream and
// the same results as writing through the Writer, on a sound device and
// failing ones, across Flush, Close and use after Close, whichever of the
// two each step goes through; and that the stream inflates to the input.
func TestEngine(t *testing.T) {
	text := string(textCorpus(20<<10, 3))
	script := []string{"hello, ", "world\n", text[:300], "flush", text, "flush", "flush", text[:5000], "close", "after", "flush", "close"}
	vias := map[string]func(int) bool{
		"writer": func(int) bool { return false },
		"engine": func(int) bool { return true },
		"odd":    func(i int) bool { return i%2 == 1 },
		"even":   func(i int) bool { return i%2 == 0 },
	}
	want := "hello, world\n" + text[:300] + text + text[:5000]
	for _, f := range formats {
		for _, cs := range [][2]int{{1, 0}, {1, DefaultWriterBufferSize}, {2, DefaultWriterBufferSize}} {
			conc, size := cs[0], cs[1]
			for _, fl := range []coretest.Faults{{}, {Max: 100}, {FailAt: 2}, {FailAt: 1, Partial: true}, {FailAt: 2, FailFor: 1, Temporary: true}} {
				wantOut, wantLog := runEngineScript(t, f, conc, size, &coretest.Writer{Faults: fl}, script, vias["writer"])
				if fl == (coretest.Faults{}) {
					got, err := inflateAll(f, wantOut, nil)
					if err != nil || string(got) != want {
						t.Fatalf("%v: stream inflates to %d bytes, %v; want the %d bytes written", f, len(got), err, len(want))
					}
				}
				for via, pick := range vias {
					out, log := runEngineScript(t, f, conc, size, &coretest.Writer{Faults: fl}, script, pick)
					if !bytes.Equal(out, wantOut) || log != wantLog {
						t.Errorf("%v, %d goroutines, size %d, faults %+v, via %s:\n got %d bytes, %s\nwant %d bytes, %s",
							f, conc, size, fl, via, len(out), log, len(wantOut), wantLog)
					}
				}
			}
		}
	}
}

// TestEngineConformance runs core's conformance suite on the engine of a
// Writer: it is the Writer, so it must pass as the Writer does.
func TestEngineConformance(t *testing.T) {
	coretest.TestBufferedWriter(t, coretest.WriterConfig{
		New: func(dev io.Writer) core.BufferedWriter {
			w, err := NewWriter(dev, Gzip, 6, &WriterOptions{BufferSize: 0})
			if err != nil {
				t.Fatal(err)
			}
			return w.Engine()
		},
		Decode: func(out []byte) ([]byte, error) { return inflatePartial(Gzip, out) },
	})
}

// TestNoDoorPastTheCompressor checks that no value reachable from a
// Writer's exported methods and fields is the *core.Writer that buffers
// its input: that Writer's Reset would drop the compressor, and the bytes
// written after it would reach the device uncompressed with a nil error.
func TestNoDoorPastTheCompressor(t *testing.T) {
	for _, path := range coretest.Reach(reflect.TypeFor[*Writer](), "Writer", reflect.TypeFor[*core.Writer]()) {
		t.Errorf("%s is the *core.Writer behind the compressor", path)
	}
}

// TestEngineKeepsTheCompressor writes through Engine and checks that every
// byte went through the compressor.
func TestEngineKeepsTheCompressor(t *testing.T) {
	for _, f := range formats {
		var out bytes.Buffer
		zw, err := NewWriter(&out, f, 6, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := zw.Engine()
		e.WriteString("hello ")
		e.Commit(copy(e.Reserve(5), "plain"))
		if err := e.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		got, err := inflateAll(f, out.Bytes(), nil)
		if err != nil || string(got) != "hello plain" {
			t.Errorf("%v: the stream inflates to %q, %v; want \"hello plain\", nil", f, got, err)
		}
	}
}
