package compress

import (
	"encoding/binary"
	"fmt"
	"io"
	"unsafe"

	"github.com/fastio-go/fastio/core"
	"github.com/klauspost/compress/flate"
)

// DefaultWriterBufferSize is the size of a Writer's input buffer: the
// space Reserve lends to formatters before the bytes are handed to the
// compressor in one call.
const DefaultWriterBufferSize = 64 << 10

// Writer is a compressing output device: bytes written to it (by Write or
// in place through Reserve and Commit) leave compressed, in the Writer's
// Format, to its destination. It implements core.BufferedWriter, so it is
// one more layer in a chain of devices (formatter → Writer → file).
//
// The destination is a core.BufferedWriter: the compressor writes its
// output to it in small pieces, so a destination that is not buffered
// (an *os.File, a net.Conn) gets a core.Writer in between, which the
// Writer keeps across Reset.
//
// Flush is a sync flush (zlib's Z_SYNC_FLUSH): everything written so far
// is compressed, byte-aligned and pushed through the destination's Flush,
// so the other end of a streaming protocol can inflate it; with nothing
// new written it adds nothing. Close ends the
// stream, writes the trailer and flushes the destination; it does not
// close the destination.
//
// Errors are sticky as in core.Writer: after the first error every call
// returns it. After Close, calls return an error matching fs.ErrClosed (and
// core.ErrClosed) until Reset.
//
// A Writer is not safe for concurrent use. Reset reuses all its memory;
// WriterPool keeps Writers for reuse.
type Writer struct {
	// Header is written in front of a gzip stream; set it before the first
	// Write, Commit or Flush. Other formats ignore it. Reset clears it,
	// except for OS which becomes 255 (unknown).
	Header Header

	buf    []byte // input buffer, buf[:n] pending
	n      int
	lim    int // len(buf), or 0 after an error so that fast paths fail
	big    int // writes of at least this size skip the buffer when it is empty
	err    error
	fw     *flate.Writer
	dst    core.BufferedWriter
	own    *core.Writer // destination buffer when dst was not buffered
	format Format
	level  int
	dict   []byte
	begun  bool   // header written
	dirty  bool   // input given to the compressor since the last sync flush
	sum    uint32 // Adler-32 (zlib) or CRC-32 (gzip) of the input
	size   uint64 // input bytes
	last   []byte // the slice lent by the last slow-path Reserve
}

// NewWriter returns a Writer that compresses to dst at level (HuffmanOnly,
// DefaultCompression, or 0 to 9) in the given format. The error wraps
// ErrLevel or ErrFormat.
func NewWriter(dst io.Writer, format Format, level int) (*Writer, error) {
	return NewWriterDict(dst, format, level, nil)
}

// NewWriterDict is NewWriter with a preset dictionary: the stream is
// compressed as if dict had been written first, without writing it. Only
// Zlib (which records the dictionary's Adler-32 in its header) and
// Deflate take one; Gzip returns an error wrapping ErrDictionary. A nil
// dict means none.
func NewWriterDict(dst io.Writer, format Format, level int, dict []byte) (*Writer, error) {
	if format > Deflate {
		return nil, &Error{Format: format, Op: "new writer", Offset: -1, Err: ErrFormat}
	}
	if level < HuffmanOnly || level > BestCompression {
		return nil, &Error{Format: format, Op: "new writer", Offset: -1, Err: ErrLevel,
			Detail: fmt.Sprintf("level %d, want %d to %d", level, HuffmanOnly, BestCompression)}
	}
	if dict != nil && format == Gzip {
		return nil, &Error{Format: format, Op: "new writer", Offset: -1, Err: ErrDictionary,
			Detail: "gzip has no preset dictionary"}
	}
	w := &Writer{format: format, level: level, buf: make([]byte, DefaultWriterBufferSize)}
	if dict != nil {
		w.dict = append([]byte{}, dict...)
	}
	w.setDst(dst)
	fw, err := flate.NewWriterDict(w.dst, engineLevel(level), w.dict)
	if err != nil {
		return nil, &Error{Format: format, Op: "new writer", Offset: -1, Err: err}
	}
	w.fw = fw
	w.reset()
	return w, nil
}

// engineLevel maps a zlib level to the klauspost/compress flate level whose
// output size is nearest zlib's. They agree except at zlib's default, 6:
// on the text corpus klauspost's level 6 writes 5.1% more than zlib's
// level 6, its level 7 2.6% more (compress/README.md), so 6 and
// DefaultCompression run klauspost's level 7. The header's FLEVEL still
// says the level the caller asked for.
func engineLevel(level int) int {
	if level == 6 || level == DefaultCompression {
		return 7
	}
	return level
}

func (w *Writer) setDst(dst io.Writer) {
	if bw, ok := dst.(core.BufferedWriter); ok && dst != nil {
		w.dst = bw
		return
	}
	if w.own == nil {
		w.own = core.NewWriter(dst)
	} else {
		w.own.Reset(dst)
	}
	w.dst = w.own
}

func (w *Writer) reset() {
	w.n, w.lim, w.big, w.err, w.begun, w.dirty, w.size, w.last = 0, len(w.buf), len(w.buf)/2, nil, false, false, 0, nil
	w.Header = Header{OS: osUnknown}
	w.sum = 1
	if w.format == Gzip {
		w.sum = 0
	}
}

// Reset discards the Writer's state and makes it compress to dst with the
// same format, level and dictionary, reusing its memory.
func (w *Writer) Reset(dst io.Writer) {
	w.setDst(dst)
	w.fw.ResetDict(w.dst, w.dict)
	w.reset()
}

// Format returns the Writer's format.
func (w *Writer) Format() Format { return w.format }

// Level returns the Writer's compression level.
func (w *Writer) Level() int { return w.level }

// Size returns the size of the input buffer.
func (w *Writer) Size() int { return len(w.buf) }

// Buffered returns the bytes written but not yet given to the compressor.
func (w *Writer) Buffered() int { return w.n }

// InputSize returns the number of bytes written to the Writer so far.
func (w *Writer) InputSize() int64 { return int64(w.size) + int64(w.n) }

// Write buffers p, compressing the buffer whenever it fills; a write of at
// least half the buffer's size, when nothing is buffered, goes to the
// compressor without a copy (the compressor keeps its own window, so the
// output does not depend on how the input was split).
func (w *Writer) Write(p []byte) (int, error) {
	if len(p) <= w.lim-w.n && len(p) < w.big {
		w.n += copy(w.buf[w.n:], p)
		return len(p), nil
	}
	return w.writeSlow(p)
}

// WriteString is Write for a string.
func (w *Writer) WriteString(s string) (int, error) {
	if len(s) <= w.lim-w.n && len(s) < w.big {
		w.n += copy(w.buf[w.n:], s)
		return len(s), nil
	}
	return w.writeSlow(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// WriteByte writes one byte.
func (w *Writer) WriteByte(c byte) error {
	if w.n < w.lim {
		w.buf[w.n] = c
		w.n++
		return nil
	}
	var b [1]byte
	b[0] = c
	_, err := w.writeSlow(b[:])
	return err
}

func (w *Writer) writeSlow(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	done := 0
	if w.n > 0 {
		if len(p) <= len(w.buf)-w.n {
			w.n += copy(w.buf[w.n:], p)
			return len(p), nil
		}
		done = copy(w.buf[w.n:], p)
		w.n += done
		if err := w.drain(); err != nil {
			return 0, err
		}
	}
	rest := p[done:]
	if len(rest) >= w.big {
		if err := w.compress(rest); err != nil {
			return done, err
		}
		return len(p), nil
	}
	w.n = copy(w.buf, rest)
	return len(p), nil
}

// Reserve returns the free space of the input buffer, at least n bytes,
// compressing the buffered bytes or growing the buffer when needed. See
// core.BufferedWriter for the contract.
func (w *Writer) Reserve(n int) []byte {
	if n <= w.lim-w.n {
		return w.buf[w.n:w.lim]
	}
	return w.reserveSlow(n)
}

func (w *Writer) reserveSlow(n int) []byte {
	if w.err == nil {
		if w.n > 0 {
			w.drain()
		}
		if w.err == nil {
			if n > len(w.buf) {
				w.buf = make([]byte, n)
				w.lim, w.big = n, n/2
			}
			return w.buf[w.n:w.lim]
		}
	}
	// After an error the bytes can go nowhere: lend scratch space.
	if cap(w.last) < n {
		w.last = make([]byte, n)
	}
	return w.last[:cap(w.last)]
}

// Commit adds the first n bytes of the last reserved slice to the input.
// A count outside that slice writes nothing and records
// core.ErrCommitRange.
func (w *Writer) Commit(n int) {
	if uint(n) <= uint(w.lim-w.n) {
		w.n += n
		return
	}
	if w.err == nil {
		w.fail(core.ErrCommitRange, "commit")
	}
}

// ReadFrom compresses everything r yields until io.EOF, reading straight
// into the input buffer.
func (w *Writer) ReadFrom(r io.Reader) (int64, error) {
	var total int64
	empty := 0
	for {
		if w.err != nil {
			return total, w.err
		}
		if w.n == len(w.buf) {
			if err := w.drain(); err != nil {
				return total, err
			}
		}
		m, err := r.Read(w.buf[w.n:])
		if m < 0 || m > len(w.buf)-w.n {
			return total, core.ErrInvalidCount
		}
		w.n += m
		total += int64(m)
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
		if m == 0 {
			if empty++; empty >= 100 {
				return total, errNoProgress
			}
		} else {
			empty = 0
		}
	}
}

// Flush compresses the buffered input, ends the current deflate block
// with a sync marker (zlib's Z_SYNC_FLUSH) so that a reader can inflate
// everything written so far, and flushes the destination. As the
// core.BufferedWriter contract asks, a Flush with nothing written since
// the last one adds no bytes (it still flushes the destination).
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	if w.n > 0 {
		if err := w.drain(); err != nil {
			return err
		}
	}
	if w.dirty {
		if err := w.fw.Flush(); err != nil {
			return w.fail(err, "flush")
		}
		w.dirty = false
	}
	if err := w.dst.Flush(); err != nil {
		return w.fail(err, "flush")
	}
	return nil
}

// Close compresses the buffered input, ends the stream with its trailer
// and flushes the destination, which it does not close. Later calls
// return an error matching fs.ErrClosed.
func (w *Writer) Close() error {
	if err := w.drain(); err != nil {
		return err
	}
	if err := w.fw.Close(); err != nil {
		return w.fail(err, "close")
	}
	switch w.format {
	case Zlib:
		p := w.dst.Reserve(4)
		binary.BigEndian.PutUint32(p, w.sum)
		w.dst.Commit(4)
	case Gzip:
		p := w.dst.Reserve(8)
		binary.LittleEndian.PutUint32(p, w.sum)
		binary.LittleEndian.PutUint32(p[4:], uint32(w.size))
		w.dst.Commit(8)
	}
	if err := w.dst.Flush(); err != nil {
		return w.fail(err, "close")
	}
	w.err, w.lim = errClosed, 0
	return nil
}

// drain hands the buffered input to the compressor.
func (w *Writer) drain() error {
	if w.err != nil {
		return w.err
	}
	if w.n == 0 && w.begun {
		return nil
	}
	err := w.compress(w.buf[:w.n])
	w.n = 0
	return err
}

// compress writes the header if due, sums p and gives it to the compressor.
func (w *Writer) compress(p []byte) error {
	if !w.begun {
		if err := w.writeHeader(); err != nil {
			return err
		}
	}
	if len(p) == 0 {
		return nil
	}
	switch w.format {
	case Zlib:
		w.sum = adler32Update(w.sum, p)
	case Gzip:
		w.sum = crc32Update(w.sum, p)
	}
	w.size += uint64(len(p))
	w.dirty = true
	if _, err := w.fw.Write(p); err != nil {
		return w.fail(err, "write")
	}
	return nil
}

func (w *Writer) writeHeader() error {
	w.begun = true
	switch w.format {
	case Zlib:
		p := w.dst.Reserve(6)
		w.dst.Commit(len(appendZlibHeader(p[:0], w.level, w.dict)))
	case Gzip:
		n := gzipHeaderLen(&w.Header)
		if n < 0 {
			return w.fail(ErrHeader, "write header")
		}
		p := w.dst.Reserve(n)
		w.dst.Commit(len(appendGzipHeader(p[:0], &w.Header, w.level)))
	}
	return nil
}

func (w *Writer) fail(err error, op string) error {
	e := &Error{Format: w.format, Op: op, Offset: -1, Err: err}
	if err == ErrHeader {
		e.Detail = "Name or Comment contains NUL, or Extra is longer than 65535 bytes"
	}
	w.err, w.lim = e, 0
	return e
}
