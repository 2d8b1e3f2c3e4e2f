package compress

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/fastio-go/fastio/core"
)

// DefaultWriterBufferSize is the size of a Writer's input buffer: the
// space Reserve lends to formatters before the bytes are handed to the
// compressor in one call.
const DefaultWriterBufferSize = 64 << 10

// WriterOptions configure a Writer beyond its format and level. The zero
// value (or nil) means: no preset dictionary, compression on the caller's
// goroutine.
type WriterOptions struct {
	// Dict is a preset dictionary: the stream is compressed as if Dict had
	// been written first, without writing it. Only Zlib (which records the
	// dictionary's Adler-32 in its header) and Deflate take one. nil means
	// none.
	Dict []byte
	// Concurrency is how many goroutines compress at once. 0 and 1 compress
	// on the caller's goroutine; 2 or more cut the input into blocks of
	// BlockSize bytes, each primed with the input before it as a
	// dictionary, compress them concurrently and write them in order as
	// one standard stream (see Writer).
	Concurrency int
	// BlockSize is the input size of a block when Concurrency is 2 or
	// more: 0 means DefaultBlockSize, other values are clamped to
	// [MinBlockSize, MaxBlockSize].
	BlockSize int
	// BufferSize is the size of the buffer that gathers the input: 0
	// means DefaultWriterBufferSize; other sizes below core.MinBufferSize
	// mean core.MinBufferSize.
	BufferSize int
	// Index makes a Gzip Writer write each block (BlockSize bytes of
	// input, and the input before each Flush) as a gzip member of its own,
	// compressed without the input before it, whose header's extra field
	// holds the member's length (see Writer); a Reader with a Concurrency
	// of 2 or more then inflates the members on several goroutines
	// without guessing. Every gzip reader reads the file as concatenated
	// members, about 0.1 to 0.5% larger than without Index. Index with
	// another format is an error wrapping ErrFormat.
	Index bool
}

// Block sizes of a concurrent Writer. Each block after the first is
// primed with the 32 KiB of input before it, which at levels 2 to 5 costs
// as much as compressing 32 KiB; blocks of MaxBlockSize (the default) are
// primed with 8 KiB at those levels, which keeps priming under 1% of the
// work.
const (
	// MinBlockSize is the smallest block a concurrent Writer cuts.
	MinBlockSize = 128 << 10
	// DefaultBlockSize is the block size when WriterOptions.BlockSize is 0.
	DefaultBlockSize = 1 << 20
	// MaxBlockSize is the largest block a concurrent Writer cuts.
	MaxBlockSize = 1 << 20
)

// Writer is a compressing output device: bytes written to it (by Write or
// in place through Reserve and Commit) leave compressed, in the Writer's
// Format, to its destination. It implements core.BufferedWriter, so it is
// one more layer in a chain of devices (formatter → Writer → file). The
// buffering is core.Writer's; the Writer supplies the compression.
//
// Close ends the stream, writes the trailer and flushes the destination;
// it does not close the destination. Afterwards every call returns an
// error matching fs.ErrClosed, until Reset.
//
// The destination is a core.BufferedWriter: the compressor writes its
// output to it in small pieces, so a destination that is not buffered
// (an *os.File, a net.Conn) gets a core.Writer in between, which the
// Writer keeps across Reset.
//
// Flush is a sync flush (zlib's Z_SYNC_FLUSH): everything written so far
// is compressed, byte-aligned and pushed through the destination's Flush,
// so the other end of a streaming protocol can inflate it; with nothing
// new written it adds nothing.
//
// Errors follow core.Writer: a permanent error of the destination is
// sticky; a temporary one (a timeout, EINTR, EAGAIN) is returned and not
// kept, and the compressed bytes the destination did not take are sent
// first by the next call, so a retried Flush loses nothing.
//
// # Concurrency
//
// With WriterOptions.Concurrency n of 2 or more the input is cut into
// blocks of BlockSize bytes (and at every Flush). Each block is primed
// with the last 32 KiB of input before it as a dictionary (8 KiB at
// levels 2 to 5 with blocks of MaxBlockSize), compressed by one of at
// most n goroutines, and ends on a byte boundary (a
// sync flush marker, the last block a final block), so the concatenation
// is one standard deflate stream that any inflater reads; the checksum is
// combined from the blocks'. The output depends on the input and the
// block size only, not on n or on how the input was written. The price is
// a few bytes per block and matches that cannot reach across the 32 KiB
// dictionary. Memory: about (n+2) × 2 × BlockSize plus n compressor
// states (n blocks in compression, one ready for the next free
// compressor, one filling); the Writer waits for the oldest block rather
// than queue more.
// Flush compresses the partial block, waits for every block and writes
// them, so frequent Flushes make blocks short and serialise the work.
// No goroutine outlives the blocks in flight: a Writer that is dropped
// without Close leaves nothing running once its blocks are done.
//
// # Indexed members
//
// With WriterOptions.Index a Gzip Writer cuts the input into blocks as
// above, whatever the concurrency (with a Concurrency below 2 one
// goroutine compresses them, so the output is the same at every
// concurrency), but compresses each without the input before it and
// writes it as a complete gzip member: header, deflate data ending with a
// final block, CRC-32 and size of the block's input. The first member's
// header carries the Writer's Header; the later ones carry only the OS
// byte and the index, with no name, comment or time, so that gzip -dN
// and gzip -l take the name and time from the first member. The index is
// a subfield of the header's extra field (RFC 1952 section 2.3.1.1): the
// bytes 'F', 'I', a length of 4 and the member's total length in bytes,
// from its first header byte to the end of its trailer, little-endian.
// It is appended to Header.Extra in the first member, which must
// therefore be at most 65527 bytes; a Reader takes the last FI subfield,
// so a Header copied from another indexed file does no harm. A Reader that reads the file with a
// Concurrency of 2 or more finds each member's end from its header and
// inflates several members at once; other gzip readers read the members
// one after the other. The price is matches that cannot reach back into
// the block before and 28 bytes of header and trailer per block: with
// the default block size, about 0.4% more output on text at level 6
// (0.3% at level 1, 0.5% at level 9) and 0.1% on executables. Flush ends the current member, so that a reader can
// inflate everything written before it; with nothing written since the
// last Flush it adds nothing.
//
// A Writer is not safe for concurrent use. Reset reuses all its memory;
// WriterPool keeps Writers for reuse.
type Writer struct {
	// Header is written in front of a gzip stream; set it before the first
	// Write, Commit or Flush. Other formats ignore it. Reset clears it,
	// except for OS which becomes 255 (unknown).
	Header Header

	eng    core.Writer
	out    outlet
	own    *core.Writer // destination buffer when dst was not buffered
	fw     compressor
	par    *parallel // nil unless Concurrency >= 2
	format Format
	level  int
	dict   []byte
	index  bool   // WriterOptions.Index: each block is a gzip member
	begun  bool   // header written
	dirty  bool   // input given to the compressor since the last sync flush
	done   bool   // trailer written
	sum    uint32 // Adler-32 (zlib) or CRC-32 (gzip) of the input
	size   uint64 // input bytes given to the compressor
	hdr    []byte // scratch for headers and trailers
}

// sink is the Writer seen as the core.Sink of its engine.
type sink Writer

// NewWriter returns a Writer that compresses to dst at level (HuffmanOnly,
// DefaultCompression, or 0 to 9) in the given format. opts may be nil
// (see WriterOptions: a preset dictionary, concurrency, the buffer size).
// The error wraps ErrLevel or ErrFormat, or ErrDictionary for a
// dictionary given with Gzip.
func NewWriter(dst io.Writer, format Format, level int, opts *WriterOptions) (*Writer, error) {
	var o WriterOptions
	if opts != nil {
		o = *opts
	}
	size := o.BufferSize
	if size == 0 {
		size = DefaultWriterBufferSize
	}
	if format > Deflate {
		return nil, &Error{Format: format, Op: "new writer", Offset: -1, Err: ErrFormat}
	}
	if level < HuffmanOnly || level > BestCompression {
		return nil, &Error{Format: format, Op: "new writer", Offset: -1, Err: ErrLevel,
			Detail: fmt.Sprintf("level %d, want %d to %d", level, HuffmanOnly, BestCompression)}
	}
	if o.Dict != nil && format == Gzip {
		return nil, &Error{Format: format, Op: "new writer", Offset: -1, Err: ErrDictionary,
			Detail: "gzip has no preset dictionary"}
	}
	if o.Index && format != Gzip {
		return nil, &Error{Format: format, Op: "new writer", Offset: -1, Err: ErrFormat,
			Detail: "an indexed stream is a series of gzip members: Index needs Gzip"}
	}
	w := &Writer{format: format, level: level, index: o.Index}
	if o.Dict != nil {
		w.dict = append([]byte{}, o.Dict...)
	}
	if o.Concurrency >= 2 || o.Index {
		w.par = newParallel(w, max(o.Concurrency, 1), o.BlockSize)
	} else {
		fw, err := newCompressor(&w.out, level, w.dict)
		if err != nil {
			return nil, &Error{Format: format, Op: "new writer", Offset: -1, Err: err}
		}
		w.fw = fw
	}
	w.eng = *core.NewSinkWriter((*sink)(w), size)
	w.Reset(dst)
	return w, nil
}

// Reset discards the Writer's state and makes it compress to dst with the
// same format, level, dictionary and concurrency, reusing its memory. The
// blocks of a concurrent Writer still being compressed are waited for and
// dropped.
func (w *Writer) Reset(dst io.Writer) {
	if bw, ok := dst.(core.BufferedWriter); ok && dst != nil {
		w.out.reset(bw)
	} else {
		if w.own == nil {
			w.own = core.NewWriter(dst)
		} else {
			w.own.Reset(dst)
		}
		w.out.reset(w.own)
	}
	if w.par != nil {
		w.par.reset()
	} else {
		w.fw.ResetDict(&w.out, w.dict)
	}
	w.eng.ResetSink((*sink)(w))
	w.begun, w.dirty, w.done, w.size = false, false, false, 0
	w.Header = Header{OS: osUnknown}
	w.sum = 1
	if w.format == Gzip {
		w.sum = 0
	}
}

// Format returns the Writer's format.
func (w *Writer) Format() Format { return w.format }

// Level returns the Writer's compression level.
func (w *Writer) Level() int { return w.level }

// Concurrency returns how many goroutines compress at once: 1 unless the
// Writer was made with a WriterOptions.Concurrency of 2 or more.
func (w *Writer) Concurrency() int {
	if w.par != nil {
		return w.par.n
	}
	return 1
}

// Size returns the size of the input buffer in bytes.
func (w *Writer) Size() int { return w.eng.Size() }

// Buffered returns the bytes written but not yet given to the compressor.
func (w *Writer) Buffered() int { return w.eng.Buffered() }

// Available returns the free space of the input buffer.
func (w *Writer) Available() int { return w.eng.Available() }

// InputSize returns the number of bytes written to the Writer so far.
func (w *Writer) InputSize() int64 {
	return int64(w.size) + int64(w.eng.Buffered())
}

// Err returns the sticky error, or nil.
func (w *Writer) Err() error { return w.eng.Err() }

// Write buffers p, compressing the buffer whenever it fills; a write at
// least as large as the buffer, when nothing is buffered, goes to the
// compressor without a copy (the compressor keeps its own window, so the
// output does not depend on how the input was split).
func (w *Writer) Write(p []byte) (int, error) { return w.eng.Write(p) }

// WriteString is Write for a string.
func (w *Writer) WriteString(s string) (int, error) { return w.eng.WriteString(s) }

// WriteByte writes one byte.
func (w *Writer) WriteByte(c byte) error { return w.eng.WriteByte(c) }

// Reserve returns the free space of the input buffer, at least n bytes,
// compressing the buffered bytes or growing the buffer when needed. See
// core.BufferedWriter for the contract.
func (w *Writer) Reserve(n int) []byte { return w.eng.Reserve(n) }

// Commit adds the first n bytes of the last reserved slice to the input.
// A count outside that slice writes nothing and records
// core.ErrInvalidCount.
func (w *Writer) Commit(n int) { w.eng.Commit(n) }

// ReadFrom compresses everything r yields until io.EOF, reading straight
// into the input buffer (with a Concurrency of 2 or more, straight into
// the blocks).
func (w *Writer) ReadFrom(r io.Reader) (int64, error) {
	if w.par == nil || w.eng.Err() != nil || w.eng.Buffered() > 0 || !w.headerOK() ||
		w.out.err != nil || len(w.out.kept) > 0 {
		// Errors to report, bytes to send first or buffered input: the
		// engine's way.
		return w.eng.ReadFrom(r)
	}
	if !w.begun {
		w.writeHeader() // the header was checked above
	}
	n, err := w.par.readFrom(r)
	if err == errDest {
		// The engine's Flush returns the outlet's error (keeping it if it
		// is permanent) before it would cut a block.
		err = w.eng.Flush()
	}
	return n, err
}

// Flush compresses the buffered input, ends the current deflate block
// with a sync marker (zlib's Z_SYNC_FLUSH) so that a reader can inflate
// everything written so far, and flushes the destination. As the
// core.BufferedWriter contract asks, a Flush with nothing written since
// the last one adds no bytes (it still flushes the destination).
func (w *Writer) Flush() error { return w.eng.Flush() }

// Close compresses the buffered input, ends the stream with its trailer
// and flushes the destination. It does not close the destination. Later
// calls return an error matching fs.ErrClosed.
func (w *Writer) Close() error { return w.eng.Close() }

// Take compresses p; with final it ends the stream and writes the trailer.
func (s *sink) Take(p []byte, final bool) (int, error) {
	w := (*Writer)(s)
	if err := w.out.retry(); err != nil {
		return 0, err
	}
	if !w.begun {
		if err := w.writeHeader(); err != nil {
			return 0, err
		}
	}
	if len(p) > 0 {
		w.size += uint64(len(p))
		if w.par != nil {
			w.par.write(p)
		} else {
			switch w.format {
			case Zlib:
				w.sum = adler32Update(w.sum, p)
			case Gzip:
				w.sum = crc32Update(w.sum, p)
			}
			w.dirty = true
			if _, err := w.fw.Write(p); err != nil {
				return 0, w.fail(err, "write")
			}
		}
	}
	if final && !w.done {
		if w.par != nil {
			w.sum = w.par.finish()
		} else if err := w.fw.Close(); err != nil {
			return len(p), w.fail(err, "close")
		}
		w.dirty, w.done = false, true
		if !w.index {
			w.writeTrailer()
		}
	}
	return len(p), w.out.take()
}

// Flush ends the current deflate block with a sync marker if anything was
// compressed since the last one, and flushes the destination.
func (s *sink) Flush() error {
	w := (*Writer)(s)
	if w.eng.Err() != nil && w.par != nil {
		// A sticky error: drop the blocks in flight, deliver what came before.
		w.par.stop()
	}
	if err := w.out.retry(); err != nil {
		return err
	}
	if w.par != nil {
		if w.eng.Err() == nil {
			w.par.flush()
		}
	} else if w.dirty {
		w.dirty = false
		if err := w.fw.Flush(); err != nil {
			return w.fail(err, "flush")
		}
	}
	if err := w.out.take(); err != nil {
		return err
	}
	return w.out.dst.Flush()
}

// headerOK reports whether the Header can be encoded: with Index, with
// room for the index subfield in its extra field.
func (w *Writer) headerOK() bool {
	n := gzipHeaderLen(&w.Header)
	return n >= 0 && (!w.index || len(w.Header.Extra) <= 0xffff-indexFieldLen)
}

func (w *Writer) writeHeader() error {
	if w.index {
		// Each member has its header, made by parallel.submit.
		if !w.headerOK() {
			return w.fail(ErrHeader, "write header")
		}
		w.begun = true
		return nil
	}
	switch w.format {
	case Zlib:
		w.hdr = appendZlibHeader(w.hdr[:0], w.level, w.dict)
		w.out.Write(w.hdr)
	case Gzip:
		n := gzipHeaderLen(&w.Header)
		if n < 0 {
			return w.fail(ErrHeader, "write header")
		}
		w.hdr = appendGzipHeader(w.hdr[:0], &w.Header, w.level)
		w.out.Write(w.hdr)
	}
	w.begun = true
	return nil
}

func (w *Writer) writeTrailer() {
	switch w.format {
	case Zlib:
		w.hdr = binary.BigEndian.AppendUint32(w.hdr[:0], w.sum)
		w.out.Write(w.hdr)
	case Gzip:
		w.hdr = binary.LittleEndian.AppendUint32(w.hdr[:0], w.sum)
		w.hdr = binary.LittleEndian.AppendUint32(w.hdr, uint32(w.size))
		w.out.Write(w.hdr)
	}
}

func (w *Writer) fail(err error, op string) error {
	e := &Error{Format: w.format, Op: op, Offset: -1, Err: err}
	if err == ErrHeader {
		e.Detail = "Name or Comment contains NUL, or Extra is longer than 65535 bytes"
		if w.index {
			e.Detail += " (65527 with Index)"
		}
	}
	return e
}

// outlet passes the compressed output to the destination. A compressor
// cannot resume after its destination fails, but a temporary error (a
// timeout, EINTR, EAGAIN) must leave the Writer usable, as core.Writer's
// rule says; so the outlet never fails the compressor: it keeps the bytes
// the destination did not take, and the Writer's engine gets the error
// (and decides whether it is sticky). The next call sends the kept bytes
// first.
type outlet struct {
	dst  core.BufferedWriter
	kept []byte // output the destination has not taken
	err  error  // the error that made the outlet keep output, not yet reported
}

func (o *outlet) reset(dst core.BufferedWriter) {
	o.dst, o.kept, o.err = dst, o.kept[:0], nil
}

// Write sends p to the destination, or keeps it behind bytes already kept.
func (o *outlet) Write(p []byte) (int, error) {
	if len(o.kept) > 0 {
		o.kept = append(o.kept, p...)
		return len(p), nil
	}
	n, err := o.dst.Write(p)
	if err != nil {
		n = min(max(n, 0), len(p))
		o.kept = append(o.kept, p[n:]...)
		if o.err == nil {
			o.err = err
		}
	}
	return len(p), nil
}

// take returns the error that made the outlet keep output, once.
func (o *outlet) take() error {
	err := o.err
	o.err = nil
	return err
}

// retry sends the kept bytes; on an error the rest stays kept.
func (o *outlet) retry() error {
	if err := o.take(); err != nil {
		return err
	}
	if len(o.kept) == 0 {
		return nil
	}
	n, err := o.dst.Write(o.kept)
	n = min(max(n, 0), len(o.kept))
	o.kept = o.kept[:copy(o.kept, o.kept[n:])]
	return err
}
