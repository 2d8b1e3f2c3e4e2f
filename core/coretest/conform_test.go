package coretest_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// groupSink is a small transform for the suite: it passes on whole groups
// of 3 bytes, keeps a shorter tail, and at Close passes the tail on too.
// A '\x00' byte is bad input: the groups before it are passed on, then
// Take fails.
type groupSink struct{ dst core.BufferedWriter }

var errZero = fmt.Errorf("zero byte in input")

func (s *groupSink) Take(p []byte, final bool) (int, error) {
	n := len(p) - len(p)%3
	if final {
		n = len(p)
	}
	if i := bytes.IndexByte(p[:n], 0); i >= 0 {
		n = i - i%3
		s.dst.Write(p[:n])
		return n, errZero
	}
	m, err := s.dst.Write(p[:n])
	return m, err
}

func (s *groupSink) Flush() error { return s.dst.Flush() }

type sinkWriter struct{ *core.Writer }

func newSinkWriter(dev io.Writer) core.BufferedWriter {
	w := core.NewSinkWriter(&groupSink{dst: core.NewWriterSize(dev, 100)}, 64)
	return sinkWriter{w}
}

func text() []byte {
	var b strings.Builder
	for i := range 800 {
		fmt.Fprintf(&b, "line %d of the text\n", i)
	}
	return []byte(b.String())
}

func TestConformanceWriters(t *testing.T) {
	tests := []struct {
		name string
		c    coretest.WriterConfig
	}{
		{"Writer", coretest.WriterConfig{New: func(dev io.Writer) core.BufferedWriter { return core.NewWriter(dev) }}},
		{"Writer/64", coretest.WriterConfig{New: func(dev io.Writer) core.BufferedWriter { return core.NewWriterSize(dev, 64) }}},
		{"Writer/owning", coretest.WriterConfig{New: func(dev io.Writer) core.BufferedWriter { return core.NewOwningWriter(dev, 100) }}},
		{"Writer/gather", coretest.WriterConfig{New: func(dev io.Writer) core.BufferedWriter {
			return core.NewWriterSize(&gatherDev{dev}, 64)
		}}},
		{"Writer/sink", coretest.WriterConfig{New: newSinkWriter, Input: text(), KeepsTail: 2, Bad: []byte("abcdefgh\x00ijk"), BadAt: 6}},
		{"WrapWriter/bytes.Buffer", coretest.WriterConfig{
			New: func(io.Writer) core.BufferedWriter {
				b := new(bytes.Buffer)
				w := core.WrapWriter(b)
				memOut.Store(w, b)
				return w
			},
			Output: func(w core.BufferedWriter) []byte {
				b, _ := memOut.Load(w)
				return b.(*bytes.Buffer).Bytes()
			},
		}},
		{"WrapWriter/bufio", coretest.WriterConfig{
			New:             func(dev io.Writer) core.BufferedWriter { return core.WrapWriter(bufio.NewWriterSize(dev, 100)) },
			StickyTemporary: true,
			ShortWritesFail: true,
		}},
		{"WrapWriter/io.Writer", coretest.WriterConfig{New: func(dev io.Writer) core.BufferedWriter { return core.WrapWriter(dev) }}},
		{"Writer/text", coretest.WriterConfig{New: func(dev io.Writer) core.BufferedWriter { return core.NewWriterSize(dev, 200) }, Input: text()}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { coretest.TestBufferedWriter(t, tc.c) })
	}
}

func TestConformanceReaders(t *testing.T) {
	tests := []struct {
		name string
		c    coretest.ReaderConfig
	}{
		{"Reader", coretest.ReaderConfig{New: func(src io.Reader) core.BufferedReader { return core.NewReader(src) }}},
		{"Reader/64", coretest.ReaderConfig{New: func(src io.Reader) core.BufferedReader { return core.NewReaderSize(src, 64) }}},
		{"Reader/owning", coretest.ReaderConfig{New: func(src io.Reader) core.BufferedReader { return core.NewOwningReader(src, 100) }}},
		{"SpanReader", coretest.ReaderConfig{Fixed: func(p []byte) core.BufferedReader { return core.NewSpanReader(p) }}},
		{"WrapReader/bufio", coretest.ReaderConfig{New: func(src io.Reader) core.BufferedReader { return core.WrapReader(bufio.NewReaderSize(src, 16)) }}},
		{"WrapReader/io.Reader", coretest.ReaderConfig{New: func(src io.Reader) core.BufferedReader { return core.WrapReader(src) }}},
		{"Reader/text", coretest.ReaderConfig{New: func(src io.Reader) core.BufferedReader { return core.NewReaderSize(src, 100) }, Input: text()}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { coretest.TestBufferedReader(t, tc.c) })
	}
}

// gatherDev adds WriteBuffers to a device, so that core.Writer's gathered
// large writes are checked too.
type gatherDev struct{ w io.Writer }

func (g *gatherDev) Write(p []byte) (int, error) { return g.w.Write(p) }

func (g *gatherDev) WriteBuffers(bufs [][]byte) (int64, error) {
	var total int64
	for _, b := range bufs {
		n, err := g.w.Write(b)
		total += int64(n)
		if err != nil || n < len(b) {
			return total, err
		}
	}
	return total, nil
}

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// brokenWriter is a buffered writer with one seeded defect.
type brokenWriter struct {
	dev    io.Writer
	buf    []byte
	err    error
	defect string
}

func (b *brokenWriter) Write(p []byte) (int, error) {
	if b.err != nil && b.defect != "forgets errors" {
		return 0, b.err
	}
	if b.defect == "duplicates" && len(p) > 100 {
		b.buf = append(b.buf, p[:1]...)
	}
	b.buf = append(b.buf, p...)
	if len(b.buf) >= 256 {
		return len(p), b.flush()
	}
	return len(p), nil
}

func (b *brokenWriter) Reserve(n int) []byte {
	if len(b.buf)+n > cap(b.buf) {
		nb := make([]byte, len(b.buf), len(b.buf)+max(n, 256))
		copy(nb, b.buf)
		b.buf = nb
	}
	return b.buf[len(b.buf):cap(b.buf)]
}

func (b *brokenWriter) Commit(n int) {
	if b.defect == "unchecked commit" {
		n = max(0, min(n, cap(b.buf)-len(b.buf)))
	} else if n < 0 || n > cap(b.buf)-len(b.buf) {
		b.err = core.ErrInvalidCount
		return
	}
	b.buf = b.buf[:len(b.buf)+n]
}

func (b *brokenWriter) flush() error {
	n, err := b.dev.Write(b.buf)
	if b.defect != "drops short writes" && err == nil && n < len(b.buf) {
		b.buf = b.buf[:copy(b.buf, b.buf[n:])]
		return b.flush()
	}
	b.buf = b.buf[:0]
	if err != nil && b.defect != "forgets errors" {
		b.err = err
	}
	return err
}

func (b *brokenWriter) Flush() error {
	if b.err != nil && b.defect != "forgets errors" {
		return b.err
	}
	if len(b.buf) == 0 {
		return nil
	}
	return b.flush()
}

// TestConformanceCatchesDefects runs the suite over writers with one defect
// each, through a recording testing.TB: each must be reported. The same
// writer without a defect passes.
func TestConformanceCatchesDefects(t *testing.T) {
	for _, defect := range []string{"", "drops short writes", "unchecked commit", "forgets errors", "duplicates"} {
		t.Run(defect, func(t *testing.T) {
			rec := &recorder{TB: t}
			coretest.TestBufferedWriter(rec, coretest.WriterConfig{
				New:             func(dev io.Writer) core.BufferedWriter { return &brokenWriter{dev: dev, defect: defect} },
				StickyTemporary: true,
			})
			if defect == "" && len(rec.errs) > 0 {
				t.Fatalf("a correct writer failed the suite: %d reports, first: %s", len(rec.errs), rec.errs[0])
			}
			if defect != "" && len(rec.errs) == 0 {
				t.Fatalf("the suite did not notice a writer that %s", defect)
			}
			if len(rec.errs) > 0 {
				t.Logf("%d reports, first: %s", len(rec.errs), rec.errs[0])
			}
		})
	}
	// A reader that loses a byte at every fill.
	rec := &recorder{TB: t}
	coretest.TestBufferedReader(rec, coretest.ReaderConfig{New: func(src io.Reader) core.BufferedReader {
		return core.NewReaderSize(&lossy{src}, 64)
	}})
	if len(rec.errs) == 0 {
		t.Fatal("the suite did not notice a reader that loses bytes")
	}
}

type lossy struct{ r io.Reader }

func (l *lossy) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	if n > 1 {
		copy(p, p[1:n])
		n--
	}
	return n, err
}

// unitSink passes on whole 4-byte units of its input, as a transcoder
// from UTF-32 does, and at Close reports a partial unit as truncated
// input. off counts the bytes passed on.
type unitSink struct {
	dst core.BufferedWriter
	off int
}

var errPartialUnit = fmt.Errorf("input ends inside a 4-byte unit: %w", io.ErrUnexpectedEOF)

func (s *unitSink) Take(p []byte, final bool) (int, error) {
	n := max((s.off+len(p))&^3-s.off, 0)
	m, err := s.dst.Write(p[:n])
	s.off += m
	if err == nil && final && n < len(p) {
		err = errPartialUnit
	}
	return m, err
}

func (s *unitSink) Flush() error { return s.dst.Flush() }

// TestConformanceCut checks WriterConfig.Cut: a writer whose input comes
// in 4-byte units passes the suite when Cut keeps the prefixes it closes
// whole, and fails it without.
func TestConformanceCut(t *testing.T) {
	c := coretest.WriterConfig{
		New: func(dev io.Writer) core.BufferedWriter {
			return sinkWriter{core.NewSinkWriter(&unitSink{dst: core.NewWriterSize(dev, 100)}, 64)}
		},
		Input:     text()[:len(text())&^3],
		KeepsTail: 3,
	}
	rec := &recorder{TB: t}
	coretest.TestBufferedWriter(rec, c)
	if len(rec.errs) == 0 {
		t.Fatal("without Cut, the suite did not notice prefixes that end inside a unit")
	}
	c.Cut = func(_ []byte, n int) int { return n &^ 3 }
	rec = &recorder{TB: t}
	coretest.TestBufferedWriter(rec, c)
	if len(rec.errs) > 0 {
		t.Fatalf("with Cut, a writer of 4-byte units failed the suite: %d reports, first: %s", len(rec.errs), rec.errs[0])
	}
}

// memOut maps each bytes.Buffer adapter under test to its Buffer.
var memOut sync.Map
