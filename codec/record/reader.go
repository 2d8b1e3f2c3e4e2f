package record

import (
	"io"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// DefaultMaxRecord is the record size limit of a Reader whose MaxRecord is
// zero.
const DefaultMaxRecord = 1 << 20

// Reader reads a stream of framed records one at a time:
//
//	r := record.NewReader(file)
//	for r.Next() {
//		d := r.Fields()
//		for d.Next() { ... }
//		if err := d.Err(); err != nil { ... }
//	}
//	if err := r.Err(); err != nil { ... }
//
// A record that fits in the underlying reader's buffer is returned in
// place, without a copy. A larger one is gathered into a buffer of the
// Reader that grows only with bytes actually read and never beyond
// MaxRecord, so memory stays bounded whatever lengths the input claims.
// The bytes of a record stay valid until the next call to Next.
//
// Short records that follow each other in the window are taken without
// calling the underlying reader at all; the bytes they used are consumed
// from it when the Reader next needs to read, and when Next returns false.
// So while Next keeps returning true, do not read from the underlying
// reader directly.
type Reader struct {
	// MaxRecord is the largest record body accepted, in bytes; a frame
	// claiming more stops the Reader with core.ErrTooLarge. Zero or negative
	// means DefaultMaxRecord.
	MaxRecord int

	r core.BufferedReader
	// The current record is src[lo:hi]; src is win, or spill for a
	// record gathered from several windows.
	src    []byte
	lo, hi int
	spill  []byte
	win    []byte // the underlying reader's window, as of its last read
	used   int    // bytes of win taken, not yet consumed from the reader
	off    int64  // stream offset of the next frame
	recOff int64  // stream offset of the current record
	err    error
	eof    bool

	// Lenient makes the Reader accept frame lengths with redundant zero
	// groups (the default is canonical decoding). It does not change the
	// Decoders Fields returns: decode a lenient stream's fields with
	// Fields().Lenient() (see Decoder.Lenient).
	Lenient bool
}

// NewReader returns a Reader over r, which is used as it is when it is a
// core.BufferedReader and wrapped by core.WrapReader otherwise. A Reader
// has no Close: it does not own r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: core.WrapReader(r)}
}

// NewReaderSize is NewReader with a buffer of size bytes when r is not a
// core.BufferedReader (a size below core.MinBufferSize means that
// minimum, as core.NewReaderSize says). Records that fit in the buffer are
// decoded in place; larger ones, up to MaxRecord, are gathered.
func NewReaderSize(r io.Reader, size int) *Reader {
	if _, ok := r.(core.BufferedReader); !ok {
		r = core.NewReaderSize(r, size)
	}
	return NewReader(r)
}

// Reset makes d read a new stream from r, keeping its buffers, MaxRecord
// and Lenient.
func (d *Reader) Reset(r io.Reader) {
	*d = Reader{MaxRecord: d.MaxRecord, Lenient: d.Lenient, r: core.WrapReader(r), spill: d.spill[:0]}
}

// Next reads the next record and reports whether there is one. It returns
// false at the clean end of the stream (Err is then nil) or at the first
// error, which Err returns.
func (d *Reader) Next() bool {
	// The common case: a short record wholly in what is left of the
	// window. Only integers are stored here, no pointers (whose stores
	// would each check for the garbage collector's write barrier).
	w, u := d.win, d.used
	if u < len(w) {
		if n := int(w[u]); n < 0x80 && n < len(w)-u && (n <= d.MaxRecord || d.MaxRecord <= 0) {
			d.lo, d.hi, d.used = u+1, u+1+n, u+1+n
			d.recOff = d.off + 1
			d.off = d.recOff + int64(n)
			return true
		}
	}
	return d.next()
}

// next is Next for a record that is not wholly in the window as last
// seen, the end of the stream, and errors.
func (d *Reader) next() bool {
	d.src, d.lo, d.hi = nil, 0, 0
	if d.err != nil || d.eof {
		return false
	}
	start := d.off
	d.release()
	if w := d.r.Window(); len(w) > 0 && w[0] < 0x80 && int(w[0]) < len(w) &&
		(d.MaxRecord <= 0 || int(w[0]) <= d.MaxRecord) {
		n := int(w[0])
		d.win, d.src, d.lo, d.hi, d.used = w, w, 1, 1+n, 1+n
		d.recOff = start + 1
		d.off = d.recOff + int64(n)
		return true
	}
	var size uint64
	var err error
	if d.Lenient {
		size, err = varint.ReadUintLenient(d.r)
	} else {
		size, err = varint.ReadUint(d.r)
	}
	if err == io.EOF {
		d.eof = true
		return false
	}
	if err != nil {
		return d.fail("read frame length", start, err)
	}
	d.off += int64(varint.Len(size))
	limit := d.MaxRecord
	if limit <= 0 {
		limit = DefaultMaxRecord
	}
	if size > uint64(limit) {
		return d.fail("read frame length", start, errTooLarge)
	}
	n := int(size)
	d.recOff = d.off
	for {
		if w := d.r.Window(); len(w) >= n {
			d.win, d.src, d.lo, d.hi, d.used = w, w, 0, n, n
			d.off += int64(n)
			return true
		}
		_, err := d.r.Fill()
		switch err {
		case nil:
		case core.ErrBufferFull:
			return d.gather(n, start)
		case io.EOF:
			return d.fail("read record", start, errTruncatedRecord)
		default:
			return d.fail("read record", start, err)
		}
	}
}

// gather copies a record larger than the underlying buffer into spill.
func (d *Reader) gather(n int, start int64) bool {
	d.spill = d.spill[:0]
	for len(d.spill) < n {
		w := d.r.Window()
		if len(w) == 0 {
			_, err := d.r.Fill()
			if err == io.EOF {
				return d.fail("read record", start, errTruncatedRecord)
			}
			if err != nil {
				return d.fail("read record", start, err)
			}
			continue
		}
		k := min(len(w), n-len(d.spill))
		if cap(d.spill)-len(d.spill) < k {
			// Grow with the data actually read, never past n.
			ns := make([]byte, len(d.spill), min(max(2*cap(d.spill), len(d.spill)+k), n))
			copy(ns, d.spill)
			d.spill = ns
		}
		d.spill = append(d.spill, w[:k]...)
		d.r.Consume(k)
	}
	d.src, d.lo, d.hi = d.spill, 0, n
	d.off += int64(n)
	return true
}

func (d *Reader) fail(op string, off int64, err error) bool {
	d.err = &Error{Op: op, Offset: off, Err: err}
	return false
}

// release consumes from the underlying reader the window bytes taken.
func (d *Reader) release() {
	if d.used > 0 {
		d.r.Consume(d.used)
	}
	d.win, d.used = nil, 0
}

// Record returns the body of the current record; it is valid until the
// next call to Next.
func (d *Reader) Record() []byte { return d.src[d.lo:d.hi:d.hi] }

// Fields returns a Decoder over the current record whose error offsets
// count from the start of the stream. It is a canonical Decoder, even
// when the Reader is Lenient: use Fields().Lenient() for the fields of a
// lenient stream. (Carrying the Reader's mode into the Decoder here made
// every record's Decoder cost a fifth more to set up.)
func (d *Reader) Fields() Decoder { return Decoder{buf: d.src[d.lo:d.hi:d.hi], base: d.recOff} }

// Offset returns the stream offset of the current record's body.
func (d *Reader) Offset() int64 { return d.recOff }

// Err returns the error that stopped Next, or nil after a clean end.
func (d *Reader) Err() error { return d.err }
