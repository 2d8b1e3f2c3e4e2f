package compress

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/fastio-go/fastio/compress/internal/inflate"
	"github.com/fastio-go/fastio/core"
	"github.com/klauspost/compress/flate"
)

// DefaultReaderBufferSize is the size of a Reader's output window.
const DefaultReaderBufferSize = 64 << 10

// DefaultMaxSize is the inflated-size limit of a Reader whose
// ReaderOptions.MaxSize is 0: 1 GiB. A server that inflates what clients
// send should set a limit that fits its memory or disk; a tool that
// inflates trusted files can set NoLimit.
const DefaultMaxSize = 1 << 30

// NoLimit as ReaderOptions.MaxSize turns the size limit off.
const NoLimit = -1

// RatioGrace is the inflated size up to which ReaderOptions.MaxRatio is
// not checked, so that small, highly repetitive inputs (a block of zeros)
// do not trip it.
const RatioGrace = 1 << 20

// ReaderOptions configure a Reader. The zero value (or nil) means: no
// dictionary, DefaultMaxSize, no ratio limit, every gzip member, an
// error on trailing data.
type ReaderOptions struct {
	// Dict is the preset dictionary for Zlib streams that ask for one (it
	// is checked against the header's dictionary id) and for Deflate
	// streams. Gzip takes none.
	Dict []byte
	// MaxSize is the most bytes the Reader inflates, across all gzip
	// members; more gives an error wrapping core.ErrTooLarge after exactly
	// MaxSize bytes were delivered. 0 means DefaultMaxSize, NoLimit none.
	MaxSize int64
	// MaxRatio, when positive, bounds the inflated size to MaxRatio times
	// the compressed bytes read so far, once RatioGrace bytes were
	// inflated; more gives an error wrapping ErrRatio. Deflate cannot
	// exceed about 1032:1, so only smaller values have an effect.
	MaxRatio int64
	// SingleMember stops a Gzip Reader after the first member, as if the
	// input ended there; by default later members are read as part of the
	// same stream and trailing zero bytes are skipped, as gzip -d does.
	SingleMember bool
	// StopAtEnd makes the Reader stop at the end of the stream without
	// looking at what follows: a core.BufferedReader, *bytes.Reader or
	// io.Seeker source is left positioned just after the stream (for a
	// stream embedded in a larger file). By default bytes after the stream give
	// an error wrapping ErrTrailingData, after all the stream's bytes were
	// delivered.
	StopAtEnd bool
	// BufferSize is the size of the Reader's output window: 0 means
	// DefaultReaderBufferSize; other sizes below core.MinBufferSize mean
	// core.MinBufferSize.
	BufferSize int
	// Concurrency is how many goroutines inflate the deflate data of a
	// stream at once when the source is seekable input: an io.ReaderAt
	// that is an io.Seeker (an *os.File of a regular file, a
	// *bytes.Reader, a *strings.Reader, an *io.SectionReader) or a
	// *core.SpanReader. 0 and 1 inflate on the calling goroutine; so do
	// other sources, streams with less than 4 MiB of compressed data
	// left, Readers with a MaxRatio, and programs with a GOMAXPROCS of 1.
	// Gzip members whose headers record their length (written with
	// WriterOptions.Index, or BGZF's, by bgzip) are inflated each on a
	// goroutine, however short the stream, unless SingleMember. See Reader for
	// the method.
	Concurrency int

	// chunkSize overrides the parallel Reader's chunk size, for tests.
	chunkSize int64
	// waitChunks makes the parallel Reader wait for a chunk's worker to
	// stop instead of taking what it decoded so far, so that tests count
	// the workers' chunks whatever the machine's load.
	waitChunks bool
	// workersOnly makes the Reader take every indexed member it can
	// from a worker rather than inflate those no worker has started
	// itself, for tests.
	workersOnly bool

	// klauspost makes the Reader inflate with klauspost/compress's
	// inflater instead of the package's engine: the reference the
	// differential tests compare the engine with.
	klauspost bool
}

type readState uint8

const (
	stHeader  readState = iota // expecting a stream header (first member)
	stBody                     // inflating
	stTrailer                  // deflate data ended, trailer due
	stNext                     // gzip member ended, another may follow
	stEnd                      // stream ended, check what follows
)

// Reader is an inflating input device: it reads a compressed stream in its
// Format from a source and serves the inflated bytes. It implements
// core.BufferedReader: Window hands out the inflated bytes in place, so a
// scanner parses them with no copy beyond the inflater's own. The
// buffering (Window, Fill, Consume, Read, ReadByte, Peek, Discard,
// WriteTo) is core.Reader's; the Reader supplies the inflating.
//
// Close releases the source; it does not close it.
//
// From a core.BufferedReader source (a *bufio.Reader is adapted with
// core.WrapReader, which allocates a small adapter on each Reset) or a
// *bytes.Reader the Reader consumes exactly the bytes of the stream, so with
// ReaderOptions.StopAtEnd the source can go on being read after it. A
// plain io.Reader (a file, a connection) is read ahead in 4 KiB blocks.
//
// With ReaderOptions.Concurrency n of 2 or more and a source that can be
// read at offsets, the deflate data of each stream is inflated by up to n
// goroutines: chunks of the compressed data are decoded speculatively
// from the first block header found in each, before the bytes they refer
// back to are known, and checked in order against where the chunk before
// ended; where a guess was wrong the Reader inflates that part itself.
// The output and the errors are those of one goroutine. Close and Reset
// stop the goroutines.
//
// Gzip members whose header records the member's length (the subfield FI
// that WriterOptions.Index writes, or BGZF's BC) need no guessing: the
// Reader follows the lengths from header to header and has the members
// ahead of the one it delivers inflated by other goroutines, at most n+1
// of them at once, each into a buffer of its own, inflating members
// itself as well. A member whose length, deflate data, CRC-32 or size do
// not agree, or that the size limit would cut, is inflated again by the
// Reader from its start, so here too output and errors are those of one
// goroutine. Members of more than 4 MiB, compressed or not, are inflated
// by the Reader alone.
//
// Limits: inflating stops with an error at ReaderOptions.MaxSize bytes
// (DefaultMaxSize unless set) and, if set, beyond MaxRatio times the input;
// no allocation depends on the input except gzip header names and
// comments, bounded by MaxHeaderField.
//
// Errors are *Error values wrapping a sentinel (ErrCorrupt, ErrTruncated,
// ErrChecksum, ErrHeader, ErrTrailingData, ErrDictionary, core.ErrTooLarge,
// ErrRatio) or the source's error, with the offset in the compressed input.
// They are sticky: an inflater cannot resume after one. Bytes inflated
// before an error are delivered first. At the end of the stream Fill and
// Read return io.EOF.
//
// A Reader is not safe for concurrent use. ReaderPool keeps Readers for
// reuse.
type Reader struct {
	// Header is the header of the gzip member being read, valid once the
	// first Fill or Read has returned.
	Header Header

	eng    core.Reader
	err    error // the stream's sticky error, or io.EOF
	s      source
	fr     io.ReadCloser       // klauspost's inflater, for the differential tests
	dec    *inflate.Decoder    // the engine, without
	in     core.BufferedReader // the engine's view of s.br (core.WrapReader)
	format Format
	opts   ReaderOptions
	max    int64
	state  readState
	sum    uint32
	msize  uint64   // bytes inflated in the current member
	out    int64    // bytes inflated in total
	start  int64    // input offset where the deflate data of the member starts
	field  []byte   // scratch for gzip name and comment
	tmp    [16]byte // scratch for headers and trailers (a local array would escape)
	closed bool
	// direct: the engine parses the window of s.src itself in this
	// member, with s.br empty; s.done does not count what it consumes
	// until the member's deflate data ends.
	direct bool
	// parOn: par inflates this member's deflate data, read at parAt
	// in the source.
	parOn bool
	par   *parInflater
	parAt int64
	// memOn: mi delivers this member's output, inflated by a worker
	// (member_reader.go); hdrAt is the input offset where the member's
	// header began.
	memOn bool
	mi    *memberInflater
	hdrAt int64
}

// inflater is the Reader seen as the device of its engine: reading it
// inflates.
type inflater Reader

func (d *inflater) Read(p []byte) (int, error) { return (*Reader)(d).inflate(p) }

// NewReader returns a Reader that inflates the stream in format read from
// src. opts may be nil (see ReaderOptions). The error wraps ErrFormat, or
// ErrDictionary for a dictionary given with Gzip.
func NewReader(src io.Reader, format Format, opts *ReaderOptions) (*Reader, error) {
	r := &Reader{format: format}
	if opts != nil {
		r.opts = *opts
	}
	size := r.opts.BufferSize
	if size == 0 {
		size = DefaultReaderBufferSize
	}
	if format > Deflate {
		return nil, &Error{Format: format, Op: "new reader", Offset: -1, Err: ErrFormat}
	}
	if r.opts.Dict != nil && format == Gzip {
		return nil, &Error{Format: format, Op: "new reader", Offset: -1, Err: ErrDictionary,
			Detail: "gzip has no preset dictionary"}
	}
	r.max = r.opts.MaxSize
	switch {
	case r.max == 0:
		r.max = DefaultMaxSize
	case r.max < 0:
		r.max = math.MaxInt64
	}
	r.eng = *core.NewReaderSize((*inflater)(r), size)
	r.s.br = bufio.NewReaderSize(&r.s, sourceBufferSize)
	r.in = core.WrapReader(r.s.br)
	if r.opts.klauspost {
		r.fr = flate.NewReader(r.s.br)
	} else {
		r.dec = new(inflate.Decoder)
		r.s.viaBuf = true
	}
	r.Reset(src)
	return r, nil
}

// Reset discards the Reader's state and makes it inflate from src with the
// same format and options, reusing its memory.
func (r *Reader) Reset(src io.Reader) {
	r.s.src, r.s.plain, r.s.mem, r.s.span = nil, nil, nil, nil
	switch v := src.(type) {
	case nil:
	case *bytes.Reader:
		r.s.setMem(v)
	case *core.SpanReader:
		r.s.span = v
		r.s.memr.Reset(v.Window())
		r.s.setMem(&r.s.memr)
	case core.BufferedReader:
		r.s.src = v
	case *bufio.Reader:
		r.s.src = core.WrapReader(v)
	default:
		r.s.plain = src
	}
	r.s.br.Reset(&r.s)
	r.s.lent, r.s.done = 0, 0
	r.s.seekBack = r.opts.StopAtEnd
	r.stopParallel()
	r.forgetIndexed()
	r.parOn = false
	r.err, r.closed, r.direct = nil, false, false
	r.state, r.out, r.msize, r.start = stHeader, 0, 0, 0
	r.Header = Header{}
	r.eng.Reset((*inflater)(r))
	if src == nil {
		r.err = &Error{Format: r.format, Op: "read", Offset: 0, Err: core.ErrNilDevice}
	}
}

// Format returns the Reader's format.
func (r *Reader) Format() Format { return r.format }

// Size returns the size of the output window's buffer in bytes.
func (r *Reader) Size() int { return r.eng.Size() }

// Buffered returns the length of the window.
func (r *Reader) Buffered() int { return len(r.eng.Window()) }

// InputOffset returns how many compressed bytes the Reader has consumed.
func (r *Reader) InputOffset() int64 { return r.inOffset() }

// inOffset returns how many compressed bytes have been used: inside the
// deflate data the engine's count, since it consumes its input window
// only as it needs more.
func (r *Reader) inOffset() int64 {
	if r.memOn && r.state == stBody {
		// The member's output comes from its whole deflate data.
		return r.start + int64(r.mi.cur.size-r.mi.cur.hlen-8)
	}
	if r.parOn && r.state == stBody {
		return r.start + r.par.inputOffset()
	}
	if r.dec != nil && r.state == stBody {
		return r.start + r.dec.InputOffset()
	}
	return r.s.offset()
}

// OutputSize returns how many bytes the Reader has inflated so far.
func (r *Reader) OutputSize() int64 { return r.out }

// Window returns the inflated bytes not yet consumed.
func (r *Reader) Window() []byte { return r.eng.Window() }

// Consume drops the first n bytes of the window; n is clamped to
// [0, Buffered()].
func (r *Reader) Consume(n int) { r.eng.Consume(n) }

// Fill inflates more bytes into the window, moving it to the start of the
// buffer first. See core.BufferedReader for the contract.
func (r *Reader) Fill() (int, error) { return r.eng.Fill() }

// Read reads inflated bytes into p: from the window first, else straight
// from the inflater when p is at least directRead bytes long.
func (r *Reader) Read(p []byte) (int, error) {
	if len(p) < directRead || r.dec == nil || len(r.eng.Window()) > 0 || r.closed {
		return r.eng.Read(p)
	}
	return r.inflate(p)
}

// directRead is the least length of a Read that the engine inflates
// into straight, rather than through the window: a copy fewer, for a
// state machine step and a checksum call on each piece, which a read this
// large makes cheap.
const directRead = 4 << 10

// ReadByte reads one inflated byte.
func (r *Reader) ReadByte() (byte, error) { return r.eng.ReadByte() }

// Peek returns the next n inflated bytes without consuming them, filling
// as needed. It returns fewer bytes and an error when the stream ends
// first (io.EOF), fails, or n exceeds the buffer size (core.ErrBufferFull).
func (r *Reader) Peek(n int) ([]byte, error) { return r.eng.Peek(n) }

// Discard skips the next n inflated bytes and returns how many were
// skipped; fewer than n only with an error.
func (r *Reader) Discard(n int) (int, error) { return r.eng.Discard(n) }

// WriteTo writes the inflated stream to w: the window first, then, with
// the package's engine, each piece straight from the engine's own buffer
// (no copy into the window).
func (r *Reader) WriteTo(w io.Writer) (int64, error) {
	if r.dec == nil || r.closed {
		return r.eng.WriteTo(w)
	}
	var total int64
	for q := r.eng.Window(); ; {
		if len(q) > 0 {
			m, err := w.Write(q)
			if m < 0 || m > len(q) {
				return total, core.ErrInvalidCount
			}
			total += int64(m)
			if len(r.eng.Window()) > 0 {
				r.eng.Consume(m)
			}
			if err != nil {
				return total, err
			}
			if m < len(q) {
				return total, io.ErrShortWrite
			}
		}
		var err error
		if q, err = r.inflateNext(math.MaxInt); err != nil {
			if err == io.EOF {
				err = nil
			}
			return total, err
		}
	}
}

// Close releases the source, positioned after the bytes consumed; it does
// not close it. Later calls return an error matching fs.ErrClosed, a
// second Close too. It returns nil otherwise: problems of the stream are
// reported by Read and Fill.
func (r *Reader) Close() error {
	if err := r.eng.Close(); err != nil {
		return err
	}
	r.closed = true
	r.stopParallel()
	r.forgetIndexed()
	if r.s.src != nil || r.s.plain != nil || r.s.mem != nil {
		r.s.release()
	}
	return nil
}

// inflate runs the stream's state machine until it produces bytes into p
// (returned with a nil error; an error met meanwhile is kept for the next
// call) or meets the end or an error (returned with 0, and kept).
func (r *Reader) inflate(p []byte) (int, error) {
	for {
		if r.err != nil {
			return 0, r.err
		}
		if r.state != stBody {
			r.step()
		} else if n := r.body(p); n > 0 {
			return n, nil
		}
	}
}

// inflateNext is inflate without the copy, for the engine: it returns
// up to n bytes in the engine's buffer, valid until the next call.
func (r *Reader) inflateNext(n int) ([]byte, error) {
	for {
		if r.err != nil {
			return nil, r.err
		}
		if r.state != stBody {
			r.step()
			continue
		}
		var q []byte
		var err error
		if r.memOn {
			q, err = r.mi.Next(r.limit(n))
		} else if r.parOn {
			q, err = r.par.Next(r.limit(n))
		} else {
			q, err = r.dec.Next(r.limit(n))
		}
		if k := r.account(q, err); k > 0 {
			return q[:k], nil
		}
	}
}

// step runs the state machine outside the deflate data.
func (r *Reader) step() {
	switch r.state {
	case stHeader:
		r.beginMember(false)
	case stTrailer:
		r.trailer()
	case stNext:
		r.next()
	case stEnd:
		r.end()
	}
}

// limit returns n cut to one byte more than the size limit leaves, so
// that going over it is seen.
func (r *Reader) limit(n int) int {
	if rem := r.max - r.out; int64(n) > rem {
		return int(rem + 1)
	}
	return n
}

// body inflates into p, up to the size limit.
func (r *Reader) body(p []byte) int {
	p = p[:r.limit(len(p))]
	var n int
	var err error
	if r.memOn {
		var q []byte
		q, err = r.mi.Next(len(p))
		n = copy(p, q)
	} else if r.parOn {
		var q []byte
		q, err = r.par.Next(len(p))
		n = copy(p, q)
	} else if r.dec != nil {
		n, err = r.dec.Read(p)
	} else {
		n, err = r.fr.Read(p)
	}
	return r.account(p[:n], err)
}

// account takes note of the bytes q the inflater delivered and of its
// error: the size and ratio limits, the checksum, the end of the deflate
// data. It returns how many of the bytes are to be delivered.
func (r *Reader) account(q []byte, err error) int {
	n := len(q)
	if r.out+int64(n) > r.max {
		n = int(r.max - r.out)
		r.fail("inflate", r.inOffset(), errTooLarge, fmt.Sprintf("limit %d bytes", r.max))
	}
	if n > 0 {
		switch {
		case r.memOn:
			// The worker computed the member's CRC-32 (endIndexed).
		case r.format == Zlib:
			r.sum = adler32Update(r.sum, q[:n])
		case r.format == Gzip:
			r.sum = crc32Update(r.sum, q[:n])
		}
		r.out += int64(n)
		r.msize += uint64(n)
		// The engine's count of bytes inflated, delivered or not, grows
		// in steps of the stream, so the check trips at the same point
		// whatever the sizes of the reads.
		out := r.out
		if r.dec != nil {
			out += r.dec.Produced() - int64(r.msize)
		}
		if r.opts.MaxRatio > 0 && out > RatioGrace && r.err == nil {
			if in := r.inOffset(); out/r.opts.MaxRatio > in {
				r.fail("inflate", in, ErrRatio, fmt.Sprintf("%d bytes from %d, limit %d:1", out, in, r.opts.MaxRatio))
			}
		}
	}
	if r.err != nil {
		return n
	}
	switch {
	case err == nil:
	case err == io.EOF:
		r.endBody()
		r.state = stTrailer
	case err == io.ErrUnexpectedEOF:
		r.fail("inflate", r.inOffset(), ErrTruncated, "input ends inside the deflate data")
	case errors.Is(err, inflate.ErrCorrupt):
		r.fail("inflate", r.inOffset(), ErrCorrupt, "")
	default:
		var ce flate.CorruptInputError
		if errors.As(err, &ce) {
			r.fail("inflate", r.start+int64(ce), ErrCorrupt, "")
		} else {
			r.fail("read", r.s.offset(), err, "")
		}
	}
	return n
}

// endBody is the end of a member's deflate data: an engine that parsed
// the source's window itself has consumed exactly the deflate data from
// it, which the source now counts.
func (r *Reader) endBody() {
	if r.memOn {
		r.endIndexed()
		return
	}
	if r.parOn {
		r.endParallel()
		return
	}
	if r.direct {
		r.s.done += r.dec.InputOffset()
		r.direct = false
	}
}

// beginMember reads a stream or member header (the gzip magic already
// read when magicRead) and starts the inflater.
func (r *Reader) beginMember(magicRead bool) {
	var dict []byte
	switch r.format {
	case Zlib:
		var ok bool
		if dict, ok = r.zlibHeader(); !ok {
			return
		}
		r.sum = 1
	case Gzip:
		r.hdrAt = r.s.offset()
		if magicRead {
			r.hdrAt -= 2
		}
		if !r.gzipHeader(magicRead) {
			return
		}
		r.sum = 0
	case Deflate:
		dict = r.opts.Dict
	}
	r.msize = 0
	r.start = r.s.offset()
	indexed := false
	if r.format == Gzip && r.opts.Concurrency >= 2 && r.dec != nil && r.opts.MaxRatio <= 0 && !r.opts.SingleMember {
		// A member whose header gives its length: from the run of
		// indexed members, or inflated here.
		var ok bool
		if ok, indexed = r.beginIndexed(r.hdrAt); ok {
			r.state = stBody
			return
		}
	}
	if !indexed && r.opts.Concurrency >= 2 && r.dec != nil && r.opts.MaxRatio <= 0 && r.startParallel(dict) {
		r.state = stBody
		return
	}
	if r.dec != nil && r.s.src != nil {
		// The engine parses the source's window: the bytes br holds are
		// the first of that window (see source), so br lets them go.
		r.s.sync()
		r.s.br.Reset(&r.s)
		r.s.lent = 0
		r.direct = true
		r.dec.Reset(r.s.src, dict)
	} else if r.dec != nil {
		r.dec.Reset(r.in, dict)
	} else if err := r.fr.(flate.Resetter).Reset(r.s.input(), dict); err != nil {
		r.fail("inflate", r.start, err, "")
		return
	}
	r.state = stBody
}

// headerErr reports a failure to read header bytes: truncation or the
// source's error.
func (r *Reader) headerErr(op string, err error) {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		r.fail(op, r.s.offset(), ErrTruncated, "input ends inside the "+op[5:])
		return
	}
	r.fail(op, r.s.offset(), err, "")
}

func (r *Reader) zlibHeader() ([]byte, bool) {
	h := r.tmp[:2]
	at := r.s.offset()
	if err := r.s.readFull(h); err != nil {
		r.headerErr("read header", err)
		return nil, false
	}
	cmf, flg := h[0], h[1]
	switch {
	case cmf&0x0f != 8:
		r.fail("read header", at, ErrHeader, fmt.Sprintf("compression method %d, want 8 (deflate)", cmf&0x0f))
		return nil, false
	case cmf>>4 > 7:
		r.fail("read header", at, ErrHeader, fmt.Sprintf("window size 2^%d, at most 2^15", 8+cmf>>4))
		return nil, false
	case (uint(cmf)<<8|uint(flg))%31 != 0:
		r.fail("read header", at+1, ErrHeader, fmt.Sprintf("check bits: 0x%02x%02x is not a multiple of 31", cmf, flg))
		return nil, false
	}
	if flg&(1<<5) == 0 {
		return nil, true
	}
	id := r.tmp[:4]
	if err := r.s.readFull(id); err != nil {
		r.headerErr("read header", err)
		return nil, false
	}
	want := binary.BigEndian.Uint32(id)
	if r.opts.Dict == nil {
		r.fail("read header", at+2, ErrDictionary, fmt.Sprintf("stream needs a dictionary with Adler-32 0x%08x, none given", want))
		return nil, false
	}
	if got := adler32Update(1, r.opts.Dict); got != want {
		r.fail("read header", at+2, ErrDictionary, fmt.Sprintf("stream needs a dictionary with Adler-32 0x%08x, given 0x%08x", want, got))
		return nil, false
	}
	return r.opts.Dict, true
}

func (r *Reader) gzipHeader(magicRead bool) bool {
	const op = "read header"
	at := r.s.offset()
	h := r.tmp[:10]
	var err error
	if magicRead {
		at -= 2
		h[0], h[1] = gzipID1, gzipID2
		err = r.s.readFull(h[2:])
	} else {
		err = r.s.readFull(h)
	}
	if err != nil {
		r.headerErr(op, err)
		return false
	}
	switch {
	case h[0] != gzipID1 || h[1] != gzipID2:
		r.fail(op, at, ErrHeader, fmt.Sprintf("magic 0x%02x%02x, want 0x1f8b", h[0], h[1]))
		return false
	case h[2] != gzipDeflate:
		r.fail(op, at+2, ErrHeader, fmt.Sprintf("compression method %d, want 8 (deflate)", h[2]))
		return false
	case h[3]&flagReserve != 0:
		r.fail(op, at+3, ErrHeader, fmt.Sprintf("reserved flag bits set: 0x%02x", h[3]))
		return false
	}
	flg := h[3]
	crc := crc32Update(0, h)
	hd := Header{OS: h[9]}
	if t := binary.LittleEndian.Uint32(h[4:]); t != 0 {
		hd.ModTime = time.Unix(int64(t), 0)
	}
	if flg&flagExtra != 0 {
		l := r.tmp[10:12]
		if err := r.s.readFull(l); err != nil {
			r.headerErr(op, err)
			return false
		}
		crc = crc32Update(crc, l)
		n := int(binary.LittleEndian.Uint16(l))
		hd.Extra = make([]byte, n)
		if err := r.s.readFull(hd.Extra); err != nil {
			r.headerErr(op, err)
			return false
		}
		crc = crc32Update(crc, hd.Extra)
	}
	if flg&flagName != 0 {
		s, ok := r.zeroTerminated("name")
		if !ok {
			return false
		}
		crc = crc32Update(crc, r.field)
		hd.Name = s
	}
	if flg&flagComment != 0 {
		s, ok := r.zeroTerminated("comment")
		if !ok {
			return false
		}
		crc = crc32Update(crc, r.field)
		hd.Comment = s
	}
	if flg&flagHdrCRC != 0 {
		c := r.tmp[12:14]
		cat := r.s.offset()
		if err := r.s.readFull(c); err != nil {
			r.headerErr(op, err)
			return false
		}
		if got := binary.LittleEndian.Uint16(c); got != uint16(crc) {
			r.fail(op, cat, ErrChecksum, fmt.Sprintf("header CRC-16 0x%04x, computed 0x%04x", got, uint16(crc)))
			return false
		}
	}
	r.Header = hd
	return true
}

// zeroTerminated reads a NUL-terminated header field into r.field (with
// its NUL) and returns it without the NUL.
func (r *Reader) zeroTerminated(what string) (string, bool) {
	r.field = r.field[:0]
	at := r.s.offset()
	for {
		c, err := r.s.readByte()
		if err != nil {
			r.headerErr("read header", err)
			return "", false
		}
		r.field = append(r.field, c)
		if c == 0 {
			return string(r.field[:len(r.field)-1]), true
		}
		if len(r.field) > MaxHeaderField {
			r.fail("read header", at, ErrHeader, fmt.Sprintf("%s longer than %d bytes", what, MaxHeaderField))
			return "", false
		}
	}
}

// trailer checks the stream's trailer.
func (r *Reader) trailer() {
	const op = "read trailer"
	at := r.s.offset()
	switch r.format {
	case Zlib:
		t := r.tmp[:4]
		if err := r.s.readFull(t); err != nil {
			r.headerErr(op, err)
			return
		}
		if want := binary.BigEndian.Uint32(t); want != r.sum {
			r.fail(op, at, ErrChecksum, fmt.Sprintf("Adler-32 in trailer 0x%08x, computed 0x%08x", want, r.sum))
			return
		}
	case Gzip:
		t := r.tmp[:8]
		if err := r.s.readFull(t); err != nil {
			r.headerErr(op, err)
			return
		}
		if want := binary.LittleEndian.Uint32(t); want != r.sum {
			r.fail(op, at, ErrChecksum, fmt.Sprintf("CRC-32 in trailer 0x%08x, computed 0x%08x", want, r.sum))
			return
		}
		if want := binary.LittleEndian.Uint32(t[4:]); want != uint32(r.msize) {
			r.fail(op, at+4, ErrChecksum, fmt.Sprintf("size in trailer %d, inflated %d (mod 2^32)", want, uint32(r.msize)))
			return
		}
		if !r.opts.SingleMember {
			r.state = stNext
			return
		}
	}
	r.state = stEnd
}

// next looks past a gzip member: another member, trailing zeros (skipped,
// as gzip -d does), the end, or trailing data.
func (r *Reader) next() {
	p, err := r.s.peek(2)
	switch {
	case len(p) == 2 && p[0] == gzipID1 && p[1] == gzipID2:
		r.s.discard(2)
		r.beginMember(true)
		return
	case len(p) == 0 && err == io.EOF:
		r.finish()
		return
	case len(p) == 0 || (err != nil && err != io.EOF):
		r.fail("read", r.s.offset(), err, "")
		return
	case r.opts.StopAtEnd:
		r.finish()
		return
	}
	// Zero padding to the end is accepted; anything else is trailing data.
	for {
		at := r.s.offset()
		c, err := r.s.readByte()
		if err == io.EOF {
			r.finish()
			return
		}
		if err != nil {
			r.fail("read", at, err, "")
			return
		}
		if c != 0 {
			r.fail("read", at, ErrTrailingData, fmt.Sprintf("byte 0x%02x after the last gzip member", c))
			return
		}
	}
}

// end checks that nothing follows a zlib or deflate stream (or a single
// gzip member), unless told not to look.
func (r *Reader) end() {
	if r.opts.StopAtEnd {
		r.finish()
		return
	}
	at := r.s.offset()
	p, err := r.s.peek(1)
	switch {
	case len(p) == 1:
		r.fail("read", at, ErrTrailingData, fmt.Sprintf("byte 0x%02x after the end of the %s stream", p[0], r.format))
	case err == io.EOF:
		r.finish()
	default:
		r.fail("read", at, err, "")
	}
}

// finish ends the stream: the source is positioned after it.
func (r *Reader) finish() {
	r.s.release()
	r.err = io.EOF
}

func (r *Reader) fail(op string, off int64, err error, detail string) {
	r.stopParallel()
	r.stopIndexed()
	r.err = &Error{Format: r.format, Op: op, Offset: off, Err: err, Detail: detail}
}
