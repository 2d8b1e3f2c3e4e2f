package unicode

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
func runEngineScript(c Converter, size int, dev *coretest.Writer, script []string, via func(i int) bool) ([]byte, string) {
	w := c.NewWriterSize(dev, size)
	var log bytes.Buffer
	for i, step := range script {
		var t coretest.ScriptWriter = w
		if via(i) && step != "close" { // an Engine cannot close its writer
			t = w.Engine()
		}
		n, err := coretest.Step(t, i, step)
		fmt.Fprintf(&log, "%d:%d %v|", i, n, err)
	}
	fmt.Fprintf(&log, "err %v pending %d", w.Err(), w.Pending())
	return dev.Bytes(), log.String()
}

// TestEngine checks that writing through Engine gives the same bytes and
// the same results as writing through the Writer: on a sound device and a
// failing one, with a sequence cut between writes, bad input under the
// Strict policy, Flush, Close and use after Close, whichever of the two
// each step goes through.
func TestEngine(t *testing.T) {
	long := string(bytes.Repeat([]byte("héllo, 世界 🚀\n"), 40))
	scripts := map[string][]string{
		"cut":   {"ab\xe4\xb8", "\x96c", "flush", "\xf0\x9f", "\x9a\x80", long, "flush", "x\xc3", "close", "y", "flush", "close"},
		"long":  {long, long[:7], long[7:], "close"},
		"bad":   {"abc", "d\xffe", "flush", "more", "close"},
		"trunc": {"abc\xe4\xb8", "close", "z"},
	}
	vias := map[string]func(int) bool{
		"writer": func(int) bool { return false },
		"engine": func(int) bool { return true },
		"odd":    func(i int) bool { return i%2 == 1 },
		"even":   func(i int) bool { return i%2 == 0 },
	}
	for _, strict := range []bool{false, true} {
		c, err := New(UTF8, UTF16LE, Options{Strict: strict})
		if err != nil {
			t.Fatal(err)
		}
		for name, script := range scripts {
			for _, f := range []coretest.Faults{{}, {Max: 3}, {FailAt: 2}, {FailAt: 1, Partial: true}} {
				for _, size := range []int{0, DefaultWriterSize} {
					wantOut, wantLog := runEngineScript(c, size, &coretest.Writer{Faults: f}, script, vias["writer"])
					for via, pick := range vias {
						out, log := runEngineScript(c, size, &coretest.Writer{Faults: f}, script, pick)
						if !bytes.Equal(out, wantOut) || log != wantLog {
							t.Errorf("strict %v, %s, faults %+v, size %d, via %s:\n got %q\n%s\nwant %q\n%s",
								strict, name, f, size, via, out, log, wantOut, wantLog)
						}
					}
				}
			}
		}
	}
}

// TestEngineConformance runs core's conformance suite on the engine of a
// Writer: it is the Writer, so it must pass as the Writer does.
func TestEngineConformance(t *testing.T) {
	text := conformanceText()
	to, _ := New(UTF8, UTF16LE, Options{Strict: true})
	back, _ := New(UTF16LE, UTF8, Options{Strict: true})
	coretest.TestBufferedWriter(t, coretest.WriterConfig{
		New:       func(dev io.Writer) core.BufferedWriter { return to.NewWriterSize(dev, 0).Engine() },
		Decode:    func(out []byte) ([]byte, error) { return back.Append(nil, out) },
		Input:     text,
		Bad:       append(append(bytes.Clone(text[:1000]), 0xFF), text[1000:]...),
		BadAt:     1000,
		KeepsTail: 3,
	})
}

// TestNoDoorPastTheConverter checks that no value reachable from a
// Writer's exported methods and fields is the *core.Writer that buffers
// its source text: that Writer's Reset would drop the conversion, and the
// bytes written after it would reach the device unconverted with a nil
// error.
func TestNoDoorPastTheConverter(t *testing.T) {
	for _, path := range coretest.Reach(reflect.TypeFor[*Writer](), "Writer", reflect.TypeFor[*core.Writer]()) {
		t.Errorf("%s is the *core.Writer behind the converter", path)
	}
}

// TestEngineKeepsTheConverter writes through Engine and checks that every
// byte was converted.
func TestEngineKeepsTheConverter(t *testing.T) {
	c, err := New(UTF8, UTF16LE, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := c.NewWriter(&out)
	e := w.Engine()
	e.WriteString("hé")
	e.Commit(copy(e.Reserve(2), "l!"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if want := "h\x00\xe9\x00l\x00!\x00"; out.String() != want {
		t.Errorf("device has %q, want %q", out.String(), want)
	}
}
