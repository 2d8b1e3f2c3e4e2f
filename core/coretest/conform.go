package coretest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// WriterConfig describes a buffered writer to TestBufferedWriter.
type WriterConfig struct {
	// New returns a fresh writer whose output goes to dev, a device the
	// suite controls (it may accept short writes or fail). A writer that
	// is its own device (a memory buffer, a hash) ignores dev and sets
	// Output.
	New func(dev io.Writer) core.BufferedWriter
	// Output, if set, returns what the writer produced (its bytes, a
	// digest) instead of what reached dev; the device fault checks are
	// skipped then.
	Output func(w core.BufferedWriter) []byte
	// Decode maps output back to the bytes written (the decoder of a
	// transform); nil means the output is the bytes written. Given
	// truncated output it returns what it could decode and an error. With
	// Output set and no Decode, outputs are only compared with each other
	// ("the same output whatever the chunking").
	Decode func(out []byte) ([]byte, error)
	// Input is valid input for the writer (UTF-8 text for a transcoder);
	// nil means bytes of the suite's own.
	Input []byte
	// Cut, if set, returns where a prefix of input may end that the
	// writer converts whole: the largest such offset not above n (a
	// character boundary for a transcoder from UTF-16 or UTF-32, whose
	// units are cut by a byte offset). The suite ends there the writes
	// that it closes and expects back whole; it still cuts chunks
	// anywhere, as the writer must gather them. nil means any offset.
	Cut func(input []byte, n int) int
	// Bad, if set, is input the writer rejects; BadAt is the offset of
	// the fault: after Close the bytes before it must have reached the
	// device, and Close must report an error.
	Bad   []byte
	BadAt int
	// StickyTemporary says the writer keeps temporary device errors too
	// (an adapter over *bufio.Writer does, as bufio does); the suite then
	// does not ask for them to be retried.
	StickyTemporary bool
	// ShortWritesFail says the writer reports io.ErrShortWrite when the
	// device accepts part of a write without an error, instead of calling
	// it again with the rest (an adapter over *bufio.Writer does, as bufio
	// does); the suite then checks that error instead of the output.
	ShortWritesFail bool
	// KeepsTail is how many acknowledged bytes a Flush may keep back (an
	// incomplete multi-byte sequence a transcoder cannot convert yet);
	// Close must still deliver them.
	KeepsTail int
}

// prefix returns the longest prefix of the input, at most n bytes long,
// that the writer converts whole (see Cut).
func (c *WriterConfig) prefix(n int) []byte {
	n = min(max(n, 0), len(c.Input))
	if c.Cut != nil {
		if k := c.Cut(c.Input, n); k >= 0 && k <= n {
			n = k
		}
	}
	return c.Input[:n]
}

// max returns n, or 0 (no short writes) for a writer that fails them.
func (c *WriterConfig) max(n int) int {
	if c.ShortWritesFail {
		return 0
	}
	return n
}

// ReaderConfig describes a buffered reader to TestBufferedReader.
type ReaderConfig struct {
	// New returns a fresh reader over src, a source the suite controls
	// (short reads, errors) that yields Encode(Input).
	New func(src io.Reader) core.BufferedReader
	// Fixed, set instead of New, returns a reader over data held in
	// memory (a span, a mapped file); the source fault checks are skipped.
	Fixed func(data []byte) core.BufferedReader
	// Encode maps the bytes a reader must yield to what its source must
	// hold (the encoder of a decoding reader); nil means identity.
	Encode func(data []byte) []byte
	// Input is what the reader must yield; nil means bytes of the suite's
	// own.
	Input []byte
}

// defaultInput is deterministic text with runs and every byte value, 10 KiB.
func defaultInput() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	p := make([]byte, 10<<10)
	for i := range p {
		switch {
		case i%1000 < 200:
			p[i] = byte(i)
		case i%1000 < 300:
			p[i] = 'a'
		default:
			p[i] = " etaoinshrdlu\n"[r.IntN(14)]
		}
	}
	return p
}

// writerRun is one writer under test with its device and bookkeeping.
type writerRun struct {
	c   *WriterConfig
	dev *Writer
	w   core.BufferedWriter
	ack Checker
}

func (c *WriterConfig) start(f Faults) *writerRun {
	r := &writerRun{c: c, dev: &Writer{Faults: f}}
	r.w = c.New(r.dev)
	r.ack.W = r.w
	return r
}

// finish ends the output: Close if the writer has it, else Flush.
func (r *writerRun) finish() error {
	if cl, ok := r.w.(io.Closer); ok {
		return cl.Close()
	}
	return r.w.Flush()
}

func (r *writerRun) output() []byte {
	if r.c.Output != nil {
		return r.c.Output(r.w)
	}
	return r.dev.Bytes()
}

// decoded returns the output decoded.
func (r *writerRun) decoded() ([]byte, error) {
	out := r.output()
	if r.c.Decode == nil {
		return out, nil
	}
	return r.c.Decode(out)
}

// commit writes p through Reserve and Commit in one step.
func (r *writerRun) commit(p []byte) {
	b := r.w.Reserve(len(p))
	copy(b, p)
	r.w.Commit(len(p))
	r.ack.Ack(p)
}

// ways of writing a chunk.
var writeWays = []string{"Write", "WriteString", "Reserve+Commit", "mixed"}

func (r *writerRun) put(way string, i int, p []byte) error {
	switch way {
	case "WriteString":
		if sw, ok := r.w.(io.StringWriter); ok {
			n, err := sw.WriteString(string(p))
			if n >= 0 && n <= len(p) {
				r.ack.Ack(p[:n])
			}
			return err
		}
	case "Reserve+Commit":
		r.commit(p)
		return nil
	case "mixed":
		if i%2 == 1 {
			r.commit(p)
			return nil
		}
	}
	_, err := r.ack.Write(p)
	return err
}

// putWhole is put, which for a writer with a Cut, after a temporary
// error, writes the rest of p again (a few times at most), as a caller
// does: the bytes acknowledged then end where p ends, where the writer
// can convert them whole, not where the error stopped the write.
func (r *writerRun) putWhole(way string, i int, p []byte) error {
	before := len(r.ack.Acked())
	err := r.put(way, i, p)
	var te *TempError
	for try := 0; err != nil && r.c.Cut != nil && errors.As(err, &te) && try < 3; try++ {
		err = r.put("Write", i, p[len(r.ack.Acked())-before:])
	}
	return err
}

// TestBufferedWriter checks that the writers c.New makes keep every clause
// of the core.BufferedWriter contract, and that no acknowledged byte is
// lost, duplicated or invented, whatever the chunking and the device
// faults. Call it from a test; it reports through t and never stops the
// test early, so one run lists every broken clause.
func TestBufferedWriter(t testing.TB, c WriterConfig) {
	t.Helper()
	if c.Input == nil {
		c.Input = defaultInput()
	}
	data := c.Input
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("TestBufferedWriter: "+format, args...)
	}

	// Same bytes, and the same output, whatever the chunking.
	ref := c.start(Faults{})
	ref.put("Write", 0, data)
	if err := ref.finish(); err != nil {
		fail("one Write of %d bytes and Close/Flush: %v", len(data), err)
	}
	refOut := bytes.Clone(ref.output())
	checkDecoded := func(r *writerRun, what string) {
		t.Helper()
		got, err := r.decoded()
		if err != nil {
			fail("%s: decoding the output: %v", what, err)
			return
		}
		if c.Decode != nil || c.Output == nil {
			if !bytes.Equal(got, r.ack.Acked()) {
				fail("%s: %s", what, describe(got, r.ack.Acked()))
			}
		}
	}
	checkDecoded(ref, "one Write")
	for _, way := range writeWays {
		for _, size := range []int{1, 2, 3, 7, 64, 100, 1000, 4096, 5000, len(data)} {
			r := c.start(Faults{})
			for i, off := 0, 0; off < len(data); i++ {
				end := min(len(data), off+size)
				if err := r.put(way, i, data[off:end]); err != nil {
					fail("%s of %d-byte chunks: chunk %d: %v", way, size, i, err)
					break
				}
				off = end
			}
			if err := r.finish(); err != nil {
				fail("%s of %d-byte chunks: Close/Flush: %v", way, size, err)
				continue
			}
			what := fmt.Sprintf("%s of %d-byte chunks", way, size)
			checkDecoded(r, what)
			if out := r.output(); !bytes.Equal(out, refOut) {
				fail("%s: output differs from one Write's: %s", what, describe(out, refOut))
			}
		}
	}

	// Reserve returns at least n bytes; Commit ranges.
	for _, n := range []int{-1, 0, 1, 5, 64, 1000, 100_000} {
		r := c.start(Faults{})
		p := r.w.Reserve(n)
		if len(p) < n {
			fail("Reserve(%d) returned %d bytes", n, len(p))
			continue
		}
		head := c.prefix(min(len(p), max(n, 0)))
		k := copy(p, head)
		r.w.Commit(k)
		r.ack.Ack(head)
		if err := r.finish(); err != nil {
			fail("Reserve(%d), Commit(%d): %v", n, k, err)
			continue
		}
		checkDecoded(r, fmt.Sprintf("Reserve(%d), Commit(%d)", n, k))
	}
	for _, bad := range []string{"-1", "len+1"} {
		r := c.start(Faults{})
		r.put("Write", 0, c.prefix(10))
		p := r.w.Reserve(16)
		k := -1
		if bad == "len+1" {
			k = len(p) + 1
		}
		copy(p, "XXXXXXXXXXXXXXXX")
		r.w.Commit(k)
		if err := r.w.Flush(); !errors.Is(err, core.ErrInvalidCount) {
			fail("Commit(%s) then Flush = %v, want core.ErrInvalidCount", bad, err)
		}
		if got, _ := r.decoded(); bytes.Contains(got, []byte("XXXX")) {
			fail("Commit(%s) wrote the reserved bytes", bad)
		}
	}

	// Zero-length calls.
	{
		r := c.start(Faults{})
		if n, err := r.w.Write(nil); n != 0 || err != nil {
			fail("Write(nil) = %d, %v; want 0, nil", n, err)
		}
		if n, err := r.w.Write([]byte{}); n != 0 || err != nil {
			fail("Write of an empty slice = %d, %v; want 0, nil", n, err)
		}
		r.w.Reserve(0)
		r.w.Commit(0)
		if err := r.w.Flush(); err != nil {
			fail("Flush with nothing written: %v", err)
		}
		r.put("Write", 0, c.prefix(100))
		if err := r.w.Flush(); err != nil {
			fail("Flush: %v", err)
		}
		calls, size := r.dev.Calls, len(r.output())
		if err := r.w.Flush(); err != nil {
			fail("second Flush: %v", err)
		}
		if r.dev.Calls != calls || len(r.output()) != size {
			fail("a Flush with nothing buffered wrote to the device")
		}
	}

	// Close: use after close.
	if _, ok := c.New(io.Discard).(io.Closer); ok {
		r := c.start(Faults{})
		r.put("Write", 0, c.prefix(100))
		if err := r.finish(); err != nil {
			fail("Close: %v", err)
		}
		cl := r.w.(io.Closer)
		if err := cl.Close(); !errors.Is(err, fs.ErrClosed) {
			fail("second Close = %v, want an error wrapping fs.ErrClosed", err)
		}
		if _, err := r.w.Write([]byte("x")); !errors.Is(err, fs.ErrClosed) {
			fail("Write after Close = %v, want an error wrapping fs.ErrClosed", err)
		}
		if err := r.w.Flush(); !errors.Is(err, fs.ErrClosed) && err != nil {
			fail("Flush after Close = %v, want nil or an error wrapping fs.ErrClosed", err)
		}
		p := r.w.Reserve(10) // must not panic
		r.w.Commit(min(len(p), 10))
	}

	// Transform faults: the bytes before the fault arrive.
	if c.Bad != nil {
		for _, size := range []int{1, 3, len(c.Bad)} {
			r := c.start(Faults{})
			var werr error
			for off := 0; off < len(c.Bad) && werr == nil; off += size {
				_, werr = r.ack.Write(c.Bad[off:min(len(c.Bad), off+size)])
			}
			ferr := r.w.Flush()
			cerr := r.finish()
			if werr == nil && ferr == nil && cerr == nil {
				fail("bad input in %d-byte chunks: no error from Write, Flush or Close", size)
			}
			got, _ := r.decoded()
			if want := c.Bad[:c.BadAt]; !bytes.Equal(got, want) {
				fail("bad input in %d-byte chunks: the bytes before the fault did not all arrive: %s", size, describe(got, want))
			}
		}
	}

	if c.Output != nil {
		return // the writer is its own device
	}

	// Short writes and 1-byte devices.
	for _, max := range []int{1, 3, 100} {
		r := c.start(Faults{Max: max})
		for off := 0; off < len(data); off += 777 {
			r.put("mixed", off/777, data[off:min(len(data), off+777)])
		}
		if c.ShortWritesFail {
			if err := r.w.Flush(); err != nil && !errors.Is(err, io.ErrShortWrite) {
				fail("device taking %d bytes per call: Flush = %v, want nil or io.ErrShortWrite", max, err)
			}
			r.verifyPrefix(fail, fmt.Sprintf("device taking %d bytes per call", max))
			continue
		}
		if err := r.finish(); err != nil {
			fail("device taking %d bytes per call: %v", max, err)
			continue
		}
		checkDecoded(r, fmt.Sprintf("device taking %d bytes per call", max))
	}

	// Errors at every call number. A clean run counts the device calls.
	schedule := func(r *writerRun) error {
		for off, i := 0, 0; off < len(data); i++ {
			end := min(len(data), off+[]int{5, 300, 40, 2000}[i%4])
			if err := r.putWhole("mixed", i, data[off:end]); err != nil {
				return err
			}
			off = end
		}
		return nil
	}
	clean := c.start(Faults{Max: c.max(512)})
	schedule(clean)
	clean.finish()
	calls := clean.dev.Calls
	for k := 1; k <= calls+1; k++ {
		for _, partial := range []bool{false, true} {
			what := fmt.Sprintf("permanent error at device call %d (partial %v)", k, partial)
			r := c.start(Faults{Max: c.max(512), FailAt: k, Partial: partial})
			werr := schedule(r)
			ferr := r.w.Flush()
			if k <= calls && werr == nil && ferr == nil {
				if err := r.finish(); err == nil {
					fail("%s: no error reported by Write, Flush or Close", what)
				}
			}
			if werr != nil && !errors.Is(werr, ErrFault) {
				fail("%s: Write returned %v, which does not wrap the device's error", what, werr)
			}
			if ferr != nil {
				if !errors.Is(ferr, ErrFault) {
					fail("%s: Flush returned %v, which does not wrap the device's error", what, ferr)
				}
				if _, err := r.w.Write([]byte("more")); err == nil {
					fail("%s: Write after Flush reported the error succeeded: errors must be sticky", what)
				}
				if err := r.w.Flush(); err == nil {
					fail("%s: second Flush succeeded: errors must be sticky", what)
				}
			}
			r.finish()
			r.verifyPrefix(fail, what)
		}
		if c.StickyTemporary {
			continue
		}
		what := fmt.Sprintf("temporary error at device call %d", k)
		r := c.start(Faults{Max: c.max(512), FailAt: k, FailFor: 1, Temporary: true})
		err := schedule(r)
		for try := 0; try < 3 && err != nil; try++ {
			err = r.w.Flush()
		}
		if err == nil {
			err = r.finish()
			for try := 0; try < 3 && err != nil; try++ {
				err = r.finish()
			}
		}
		if err != nil {
			fail("%s: not retried: %v", what, err)
			continue
		}
		checkDecoded(r, what)
	}

	// Property: any acknowledged byte reaches the device after Flush.
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 7))
		f := Faults{Max: c.max(1 + rng.IntN(600))}
		mode := rng.IntN(3) // 0 clean, 1 temporary, 2 permanent
		if mode == 1 && c.StickyTemporary {
			mode = 2
		}
		if mode > 0 {
			f.FailAt = 1 + rng.IntN(8)
			f.Partial = rng.IntN(2) == 0
		}
		if mode == 1 || rng.IntN(2) == 0 {
			f.FailFor, f.Temporary = 1, mode == 1
		}
		r := c.start(f)
		var firstErr error
		for off, i := 0, 0; off < len(data); i++ {
			end := min(len(data), off+rng.IntN(1500)+1)
			way := writeWays[rng.IntN(len(writeWays))]
			if err := r.putWhole(way, i, data[off:end]); err != nil && firstErr == nil {
				firstErr = err
			}
			if rng.IntN(10) == 0 {
				if err := r.w.Flush(); err != nil && firstErr == nil {
					firstErr = err
				}
			}
			off = end
			if mode == 2 && firstErr != nil {
				break
			}
		}
		what := fmt.Sprintf("property run %d (faults %+v)", seed, f)
		if mode == 2 {
			r.w.Flush()
			r.finish()
			r.verifyPrefix(fail, what)
			continue
		}
		err := r.w.Flush()
		for try := 0; try < 3 && err != nil; try++ {
			err = r.w.Flush()
		}
		if err != nil {
			fail("%s: Flush: %v", what, err)
			continue
		}
		if c.Decode == nil {
			// Everything acknowledged is on the device after Flush (but
			// for a tail the writer may keep).
			got := r.dev.Bytes()
			if e := r.ack.Verify(got, -1); e != nil {
				fail("%s: after Flush: %v", what, e)
			} else if lost := len(r.ack.Acked()) - len(got); lost > c.KeepsTail {
				fail("%s: after Flush %d acknowledged bytes have not reached the device (at most %d may stay)", what, lost, c.KeepsTail)
			}
		}
		if err := r.finish(); err != nil {
			fail("%s: Close: %v", what, err)
			continue
		}
		checkDecoded(r, what)
	}
}

// verifyPrefix checks that what reached the device is a prefix of the
// acknowledged bytes: nothing duplicated, changed or invented.
func (r *writerRun) verifyPrefix(fail func(string, ...any), what string) {
	got, _ := r.decoded()
	if len(got) > len(r.ack.Acked()) || !bytes.Equal(got, r.ack.Acked()[:len(got)]) {
		fail("%s: the device holds bytes that were not acknowledged in that order: %s", what, describe(got, r.ack.Acked()))
	}
}

// describe says how got differs from want, briefly.
func describe(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	if i == len(got) && i == len(want) {
		return "equal"
	}
	return fmt.Sprintf("got %d bytes, want %d; first difference at offset %d: got %q, want %q",
		len(got), len(want), i, excerpt(got, min(i, len(got))), excerpt(want, min(i, len(want))))
}

// TestBufferedReader checks that the readers c.New (or c.Fixed) makes keep
// every clause of the core.BufferedReader contract and yield the same bytes
// whatever the read sizes, the source's chunking and its errors. It reports
// through t and never stops the test early.
func TestBufferedReader(t testing.TB, c ReaderConfig) {
	t.Helper()
	if c.Input == nil {
		c.Input = defaultInput()
	}
	data := c.Input
	src := data
	if c.Encode != nil {
		src = c.Encode(data)
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("TestBufferedReader: "+format, args...)
	}
	open := func(f Faults, eofWithData bool) core.BufferedReader {
		if c.Fixed != nil {
			return c.Fixed(bytes.Clone(src))
		}
		return c.New(&Reader{Data: src, Faults: f, EOFWithData: eofWithData})
	}

	// Read of every size.
	for _, size := range []int{1, 3, 64, 1000, 4096, len(data) + 10, 1 << 20} {
		r := open(Faults{}, false)
		got, err := readAll(r, size)
		if err != nil {
			fail("Read of %d bytes: %v", size, err)
		}
		if !bytes.Equal(got, data) {
			fail("Read of %d bytes: %s", size, describe(got, data))
		}
		for range 2 {
			if n, err := r.Read(make([]byte, 10)); n != 0 || err != io.EOF {
				fail("Read at the end = %d, %v; want 0, io.EOF (kept)", n, err)
			}
		}
	}

	// Window, Fill and Consume.
	for _, step := range []int{1, 7, 500, 1 << 30} {
		r := open(Faults{}, false)
		var got []byte
		for guard := 0; guard < 10*len(src)+100; guard++ {
			w := r.Window()
			k := min(step, len(w))
			got = append(got, w[:k]...)
			r.Consume(k)
			if len(r.Window()) != len(w)-k {
				fail("Consume(%d) of a %d-byte window left %d bytes", k, len(w), len(r.Window()))
				break
			}
			if len(r.Window()) > 0 {
				continue
			}
			before := len(r.Window())
			n, err := r.Fill()
			if (n > 0) != (err == nil) {
				fail("Fill = %d, %v: n must be positive exactly when err is nil", n, err)
				break
			}
			if len(r.Window()) != before+n {
				fail("Fill reported %d bytes but the window grew by %d", n, len(r.Window())-before)
				break
			}
			if err == io.EOF {
				if n, err := r.Fill(); n != 0 || err != io.EOF {
					fail("Fill after io.EOF = %d, %v; want 0, io.EOF", n, err)
				}
				break
			}
			if err != nil {
				fail("Fill: %v", err)
				break
			}
		}
		if !bytes.Equal(got, data) {
			fail("Window/Consume walk in steps of %d: %s", step, describe(got, data))
		}
	}

	// Fill without consuming stops at ErrBufferFull (or the end).
	{
		r := open(Faults{}, false)
		var err error
		for guard := 0; guard < len(src)+10; guard++ {
			if _, err = r.Fill(); err != nil {
				break
			}
		}
		switch {
		case errors.Is(err, core.ErrBufferFull):
			w := len(r.Window())
			if n, err := r.Fill(); n != 0 || !errors.Is(err, core.ErrBufferFull) || len(r.Window()) != w {
				fail("Fill on a full buffer again = %d, %v", n, err)
			}
			if !bytes.HasPrefix(data, r.Window()) {
				fail("full window is not the start of the input")
			}
		case err == io.EOF:
			if !bytes.Equal(r.Window(), data) {
				fail("Fill to the end without consuming: %s", describe(r.Window(), data))
			}
		default:
			fail("Fill without consuming ended with %v, want core.ErrBufferFull or io.EOF", err)
		}
		// Consume is clamped.
		w := len(r.Window())
		r.Consume(-1)
		if len(r.Window()) != w {
			fail("Consume(-1) changed the window")
		}
		r.Consume(w + 5)
		if len(r.Window()) != 0 {
			fail("Consume past the window left %d bytes", len(r.Window()))
		}
	}

	// Zero-length Read.
	if n, err := open(Faults{}, false).Read(nil); n != 0 || err != nil {
		fail("Read(nil) before the end = %d, %v; want 0, nil", n, err)
	}

	// Optional methods.
	if _, ok := open(Faults{}, false).(io.ByteReader); ok {
		br := open(Faults{}, false).(io.ByteReader)
		var got []byte
		for {
			b, err := br.ReadByte()
			if err != nil {
				if err != io.EOF {
					fail("ReadByte: %v", err)
				}
				break
			}
			got = append(got, b)
		}
		if !bytes.Equal(got, data) {
			fail("ReadByte: %s", describe(got, data))
		}
	}
	if _, ok := open(Faults{}, false).(io.WriterTo); ok {
		var got bytes.Buffer
		n, err := open(Faults{}, false).(io.WriterTo).WriteTo(&got)
		if err != nil || n != int64(len(data)) || !bytes.Equal(got.Bytes(), data) {
			fail("WriteTo = %d, %v: %s", n, err, describe(got.Bytes(), data))
		}
	}
	type peeker interface {
		Peek(int) ([]byte, error)
		Discard(int) (int, error)
	}
	if _, ok := open(Faults{}, false).(peeker); ok {
		r := open(Faults{}, false)
		p := r.(peeker)
		k := min(len(data), 16)
		if b, err := p.Peek(k); err != nil || !bytes.Equal(b, data[:k]) {
			fail("Peek(%d) = %q, %v", k, b, err)
		}
		if n, err := p.Discard(k); n != k || err != nil {
			fail("Discard(%d) = %d, %v", k, n, err)
		}
		rest, err := readAll(r, 333)
		if err != nil || !bytes.Equal(rest, data[k:]) {
			fail("Read after Discard(%d): %v: %s", k, err, describe(rest, data[k:]))
		}
		if n, err := p.Discard(1); n != 0 || err != io.EOF {
			fail("Discard at the end = %d, %v; want 0, io.EOF", n, err)
		}
	}

	// Close.
	if _, ok := open(Faults{}, false).(io.Closer); ok {
		r := open(Faults{}, false)
		cl := r.(io.Closer)
		r.Fill()
		if err := cl.Close(); err != nil {
			fail("Close: %v", err)
		}
		if _, err := r.Read(make([]byte, 10)); !errors.Is(err, fs.ErrClosed) {
			fail("Read after Close = %v, want an error wrapping fs.ErrClosed", err)
		}
		if _, err := r.Fill(); !errors.Is(err, fs.ErrClosed) {
			fail("Fill after Close = %v, want an error wrapping fs.ErrClosed", err)
		}
		if err := cl.Close(); !errors.Is(err, fs.ErrClosed) {
			fail("second Close = %v, want an error wrapping fs.ErrClosed", err)
		}
	}

	if c.Fixed != nil {
		return
	}

	// Short reads, data with io.EOF, and errors at every call number.
	for _, max := range []int{1, 2, 5, 333} {
		for _, eof := range []bool{false, true} {
			got, err := readAll(open(Faults{Max: max}, eof), 100)
			if err != nil || !bytes.Equal(got, data) {
				fail("source of %d-byte reads (EOF with data %v): %v: %s", max, eof, err, describe(got, data))
			}
		}
	}
	probe := &Reader{Data: src, Faults: Faults{Max: 700}}
	readAll(c.New(probe), 1000)
	for k := 1; k <= probe.Calls+1; k++ {
		for _, partial := range []bool{false, true} {
			r := open(Faults{Max: 700, FailAt: k, FailFor: 1, Partial: partial}, false)
			var got []byte
			p := make([]byte, 1000)
			sawErr, ended := false, false
			for guard := 0; guard < 100_000; guard++ {
				n, err := r.Read(p)
				got = append(got, p[:n]...)
				if err == io.EOF {
					ended = true
					break
				}
				if err != nil {
					if !errors.Is(err, ErrFault) {
						fail("source error at call %d: Read returned %v, which does not wrap it", k, err)
					}
					if sawErr {
						break // the reader keeps its error: a prefix is all there is
					}
					sawErr = true
				}
			}
			if len(got) > len(data) || !bytes.Equal(got, data[:len(got)]) {
				fail("source error at call %d (partial %v): bytes lost, duplicated or changed: %s", k, partial, describe(got, data))
			}
			if ended && !bytes.Equal(got, data) {
				fail("source error at call %d (partial %v): io.EOF before the end: %s", k, partial, describe(got, data))
			}
		}
	}
}

// readAll reads r to io.EOF with reads of size bytes.
func readAll(r io.Reader, size int) ([]byte, error) {
	var got []byte
	p := make([]byte, size)
	for guard := 0; guard < 1<<22; guard++ {
		n, err := r.Read(p)
		got = append(got, p[:n]...)
		if err == io.EOF {
			return got, nil
		}
		if err != nil {
			return got, err
		}
	}
	return got, io.ErrNoProgress
}
