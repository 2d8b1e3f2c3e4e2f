package record

import (
	"bufio"
	"encoding/binary"
	"io"
	"unsafe"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// minReserve is the space a Writer asks of its buffered writer at the
// start of a record: enough for typical records, so that a record costs one
// Reserve and one Commit.
const minReserve = 512

// Writer encodes records onto a buffered writer, one frame per record:
// add fields with Uint, Int, Blob, String and Begin/End (a nested record),
// then EndRecord frames the record and commits it. Flush pushes everything
// to the device. Start and Finish do the same through a Builder, faster
// (see Builder); Finish commits its record as EndRecord does.
//
// Fields are encoded straight into the free space of the buffered writer
// (core.BufferedWriter's Reserve), behind one byte kept for the frame's
// length; EndRecord writes the length and commits, moving the body only
// when it is 128 bytes or longer and its length needs more than that byte.
// So a record is written with no intermediate copy. While a record is
// open, do not use the buffered writer directly: the record lives in its
// reserved space. A record larger than the buffered writer's buffer makes
// it grow (core.BufferedWriter's Reserve does), so the buffer ends up as
// large as the largest record.
//
// Usage errors (an identifier outside 1..MaxID, End without Begin) are
// kept until EndRecord, which returns them and drops the faulty record;
// the Writer stays usable. Device errors are kept by the buffered writer
// and returned by Flush, as core.BufferedWriter specifies.
type Writer struct {
	w core.BufferedWriter
	// buf is the reserved space holding the open frame at buf[:n]; only
	// buf[:lim] may be used. lim is 0 whenever no record is open (n == 0),
	// so that the room checks of the field methods also open a record;
	// buf then keeps the last reserved slice, which is no longer valid but
	// is never written (clearing it would cost a pointer store per record).
	buf  []byte
	lim  int
	n    int   // 0 when no record is open, else 1 + body length
	open []int // indexes in nest of the open nested records, innermost last
	err  error
	tmp  []byte // holds the open frame while more space is reserved
	// frameAt is set by Start and cleared by Finish, EndRecord, Flush,
	// Discard and the opening of a record by the Writer's methods: when
	// it is not 0, a Builder is open whose frame starts at the address
	// frameAt (buf is not set by Start when no record is open, and
	// frameAt is only compared, never turned back into a pointer).
	frameAt uintptr
	// cw is the core.Engine of w when w is a *core.Writer or a writer
	// with an Engine method (a transcoder, a compressor), zero otherwise.
	// The Builder's Start, Finish and Next reserve and commit through it,
	// where the fast paths of Reserve and Commit inline, instead of two
	// calls through the interface per record.
	cw core.Engine

	// nest lists, in the order of their Begin calls (so by offset), the
	// nested records that are open and those closed whose length needs
	// more than the one byte Begin kept for it. The content of the latter
	// is moved once, when the record ends (settle), not at each End,
	// which would move the content of deep nesting once per level. (Here,
	// after the fields the Builder's fast paths read, which keep the
	// layout they were tuned on.)
	nest []nested
	grow int // the bytes settle will add: the extra length bytes of closed nested records
}

// nested is a nested record of the open record.
type nested struct {
	start int // buf offset of its content, in buf as written so far; the length byte is at start-1
	size  int // its final length, set by End
	grow  int // the bytes the content grows by when its own nested records settle
}

// NewWriter returns a Writer onto w, which is used as it is when it is a
// core.BufferedWriter and wrapped by core.WrapWriter otherwise (a
// *bufio.Writer through an adapter that writes into its buffer, any other
// io.Writer, an *os.File say, into a core.Writer of core.DefaultBufferSize
// bytes that the Writer's Flush flushes). A Writer has no Close: it does
// not own w; Flush it, then close w yourself.
func NewWriter(w io.Writer) *Writer {
	e := &Writer{}
	e.setDevice(w)
	return e
}

// NewWriterSize is NewWriter with a buffer of size bytes when w is neither
// a core.BufferedWriter nor a *bufio.Writer (a size below
// core.MinBufferSize means that minimum, as core.NewWriterSize says).
func NewWriterSize(w io.Writer, size int) *Writer {
	switch w.(type) {
	case core.BufferedWriter, *bufio.Writer:
	default:
		w = core.NewWriterSize(w, size)
	}
	return NewWriter(w)
}

// setDevice makes e write to w.
func (e *Writer) setDevice(w io.Writer) {
	e.w = core.WrapWriter(w)
	e.cw = core.Engine{}
	if ew, ok := e.w.(interface{ Engine() core.Engine }); ok { // a *core.Writer has one too
		e.cw = ew.Engine()
	}
}

// Reset drops the current record and any usage error and makes e write to
// w, keeping e's buffers.
func (e *Writer) Reset(w io.Writer) {
	e.Discard()
	e.setDevice(w)
}

// Discard drops the fields added since the last EndRecord, and any usage
// error.
func (e *Writer) Discard() {
	e.buf, e.lim, e.n, e.open, e.err, e.frameAt = nil, 0, 0, e.open[:0], nil, 0
	e.nest, e.grow = e.nest[:0], 0
}

// commit is e.w.Commit(n), through the concrete type when there is one.
func (e *Writer) commit(n int) {
	if cw := e.cw; cw != (core.Engine{}) {
		cw.Commit(n)
	} else {
		e.w.Commit(n)
	}
}

// Len returns the length of the current record body so far.
func (e *Writer) Len() int { return max(e.n-1+e.grow, 0) }

// room makes buf[n:lim] at least need bytes long, opening a record if
// none is open. The frame moves to the start of the new space.
func (e *Writer) room(need int) {
	if e.n == 0 {
		e.frameAt = 0
		e.buf = e.w.Reserve(max(minReserve, need+1))
		e.lim, e.n = len(e.buf), 1
		return
	}
	e.tmp = append(e.tmp[:0], e.buf[:e.n]...)
	e.buf = e.w.Reserve(max(2*len(e.buf), e.n+need))
	e.lim = len(e.buf)
	copy(e.buf, e.tmp)
}

func (e *Writer) badID(id ID) {
	if e.err == nil {
		e.err = &Error{Op: "encode", Offset: -1, ID: id, Err: ErrBadID}
	}
}

// putField writes a tag and a varint at b[n:], which has MaxHeaderLen
// bytes of room, and returns the new end: the tag in one 16-bit store,
// then the varint (putVarint).
func putField(b []byte, n int, tag uint16, v uint64) int {
	binary.BigEndian.PutUint16(b[n:n+MaxHeaderLen], tag)
	return putVarint(b, n+2, v)
}

// Uint adds an integer field.
func (e *Writer) Uint(id ID, v uint64) {
	if n := e.n; e.lim-n >= MaxHeaderLen && validID(id) {
		b := e.buf[n : n+MaxHeaderLen]
		binary.BigEndian.PutUint16(b, uint16(id))
		if v < 0x80 {
			b[2] = byte(v)
			e.n = n + 3
			return
		}
		e.n = putVarint(e.buf, n+2, v)
		return
	}
	e.uintSlow(id, v)
}

// uintSlow is Uint when a record must be opened or grown, or id is bad.
func (e *Writer) uintSlow(id ID, v uint64) {
	if !validID(id) {
		e.badID(id)
		return
	}
	if e.n == 0 {
		// The first field of a record, which reserves its space; the
		// calls of room and putField are left out for it.
		e.frameAt = 0
		e.buf = e.w.Reserve(minReserve)
		e.lim, e.n = len(e.buf), 1
	} else {
		e.room(MaxHeaderLen)
	}
	n := e.n
	binary.BigEndian.PutUint16(e.buf[n:n+MaxHeaderLen], uint16(id))
	e.n = putVarint(e.buf, n+2, v)
}

// Int adds a signed integer field, zigzag-encoded.
func (e *Writer) Int(id ID, v int64) { e.Uint(id, varint.Zigzag(v)) }

// Bool adds an integer field holding 1 for true and 0 for false.
func (e *Writer) Bool(id ID, v bool) {
	var u uint64
	if v {
		u = 1
	}
	e.Uint(id, u)
}

// Blob adds a blob field holding a copy of b.
func (e *Writer) Blob(id ID, b []byte) {
	if n := e.n; len(b) < 0x80 && e.lim-n >= 3+len(b) && validID(id) {
		// A blob whose length takes one byte, in the space at hand.
		p := e.buf[n:e.lim]
		binary.BigEndian.PutUint16(p, uint16(id)|blobBit)
		p[2] = byte(len(b))
		e.n = n + 3 + copy(p[3:], b)
		return
	}
	e.blobSlow(id, b)
}

// String adds a blob field holding the bytes of s.
func (e *Writer) String(id ID, s string) {
	// Blob only reads the bytes. (A generic function over both types
	// would be instantiated with a dictionary, through which escape
	// analysis in other packages loses that the bytes do not escape.)
	e.Blob(id, unsafe.Slice(unsafe.StringData(s), len(s)))
}

// blobSlow is Blob when the record must be opened or grown, or id is bad.
func (e *Writer) blobSlow(id ID, b []byte) {
	if !validID(id) {
		e.badID(id)
		return
	}
	if e.lim-e.n < MaxHeaderLen+len(b) {
		e.room(MaxHeaderLen + len(b))
	}
	n := putField(e.buf, e.n, uint16(id)|blobBit, uint64(len(b)))
	e.n = n + copy(e.buf[n:], b)
}

// Begin opens a nested record: the fields added until the matching End
// form the bytes of a blob field with identifier id. Nesting deeper than
// 64 levels, which Unmarshal and Schema.Decode refuse, makes
// EndRecord return ErrUnsupported and drop the record.
func (e *Writer) Begin(id ID) {
	if !validID(id) {
		e.badID(id)
		id = MaxID // keep Begin/End balanced; the record is dropped anyway
	}
	if len(e.open) >= maxDepth && e.err == nil {
		e.err = &Error{Op: "begin nested record", Offset: int64(e.Len()), ID: id, Err: errTooDeep}
	}
	if e.lim-e.n < 3 {
		e.room(3)
	}
	tag := uint16(id) | blobBit
	e.buf[e.n], e.buf[e.n+1], e.buf[e.n+2] = byte(tag>>8), byte(tag), 0 // length written by End
	e.n += 3
	e.open = append(e.open, len(e.nest))
	e.nest = append(e.nest, nested{start: e.n})
}

// End closes the nested record opened by the last Begin. Each End takes
// constant time: a length that needs more than one byte is written, and
// the content after it moved, once for all nested records when the record
// ends.
func (e *Writer) End() {
	if len(e.open) == 0 {
		if e.err == nil {
			e.err = &Error{Op: "end nested record", Offset: -1, Err: errNesting}
		}
		return
	}
	i := e.open[len(e.open)-1]
	e.open = e.open[:len(e.open)-1]
	nd := &e.nest[i]
	size := e.n - nd.start + nd.grow
	if size < 0x80 {
		// The length fits the byte Begin kept; nothing inside needs
		// settling (that would make it 128 bytes or more), so the entry
		// is the last of nest.
		e.buf[nd.start-1] = byte(size)
		e.nest = e.nest[:i]
		return
	}
	nd.size = size
	extra := varint.Len(uint64(size)) - 1
	e.grow += extra
	if len(e.open) > 0 {
		e.nest[e.open[len(e.open)-1]].grow += nd.grow + extra
	}
}

// settle writes the lengths of the closed nested records that need more
// than one byte, moving each stretch of the body between them once, from
// the end backwards.
func (e *Writer) settle() {
	total := e.grow
	if e.lim-e.n < total {
		e.room(total)
	}
	b, end, shift := e.buf, e.n, total
	for i := len(e.nest) - 1; i >= 0; i-- {
		nd := &e.nest[i]
		copy(b[nd.start+shift:], b[nd.start:end])
		k := varint.Len(uint64(nd.size))
		shift -= k - 1
		varint.PutUint(b[nd.start-1+shift:], uint64(nd.size))
		end = nd.start - 1
	}
	e.n += total
	e.nest, e.grow = e.nest[:0], 0
}

// patch writes the length of the content at buf[start:n] into the byte
// before it, moving the content when the length needs more bytes.
func (e *Writer) patch(start int) {
	size := e.n - start
	if size < 0x80 {
		e.buf[start-1] = byte(size)
		return
	}
	k := varint.Len(uint64(size))
	if e.lim-e.n < k-1 {
		e.room(k - 1)
	}
	copy(e.buf[start+k-1:], e.buf[start:e.n])
	varint.PutUint(e.buf[start-1:], uint64(size))
	e.n += k - 1 // open records all start before start: their offsets stay
}

// EndRecord frames the current record and commits it to the buffered
// writer. If a usage error happened since the last EndRecord, the record
// is dropped and the error returned; an unclosed Begin is ErrMisuse.
// Device errors are reported by Flush.
func (e *Writer) EndRecord() error {
	if n := e.n; n > 0 && n <= 0x80 && e.err == nil && len(e.open) == 0 {
		// A body shorter than 128 bytes: its length fits the byte kept
		// for it.
		e.buf[0] = byte(n - 1)
		e.commit(n)
		// A builder Start opened on this record is stale now.
		e.lim, e.n, e.frameAt = 0, 0, 0
		return nil
	}
	if e.err == nil && len(e.open) > 0 {
		e.err = &Error{Op: "end record", Offset: -1, Err: errNesting}
	}
	if err := e.err; err != nil {
		e.Discard()
		return err
	}
	if e.n == 0 {
		e.room(0) // an empty record
	}
	if len(e.nest) > 0 {
		e.settle()
	}
	e.patch(1)
	e.commit(e.n)
	e.lim, e.n, e.frameAt = 0, 0, 0
	return nil
}

// Err returns the error the buffered writer has met, without flushing:
// after a device error, records EndRecord and Finish commit are dropped
// by the buffered writer, as its later writes are, and its Flush reports
// the error. A loop writing many records may poll Err to stop early. It
// returns nil for a buffered writer that cannot tell (one that does not
// have an Err() error method), whose errors only its Flush reports.
func (e *Writer) Err() error {
	if r, ok := e.w.(interface{ Err() error }); ok {
		return r.Err()
	}
	return nil
}

// Flush flushes the buffered writer, which writes all finished records
// (EndRecord and Finish committed them to it) to the device, and returns
// its error. An open record stays open; it is not written. An open
// builder becomes stale.
func (e *Writer) Flush() error {
	if e.n == 0 {
		e.frameAt = 0
		return e.w.Flush()
	}
	// Flush may move the reserved space: keep the open frame aside.
	e.frameAt = 0
	e.tmp = append(e.tmp[:0], e.buf[:e.n]...)
	err := e.w.Flush()
	e.buf = e.w.Reserve(max(len(e.tmp)+minReserve, minReserve))
	e.lim = len(e.buf)
	copy(e.buf, e.tmp)
	return err
}
