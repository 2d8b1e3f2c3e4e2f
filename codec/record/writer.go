package record

import (
	"io"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// largeRecord is the body size from which EndRecord writes the body with
// one Write instead of copying it into reserved space, so that a huge
// record passes by the writer's buffer instead of growing it.
const largeRecord = 32 << 10

// Writer encodes records onto a buffered writer, one frame per record:
// add fields with Uint, Int, Blob, String and Begin/End (a nested record),
// then EndRecord frames the record and hands it to the writer. Flush
// pushes everything to the device.
//
// The fields of the current record are collected in a buffer of the Writer
// (reused from record to record, so that steady-state encoding does not
// allocate), because a frame starts with the record's length.
//
// Usage errors (an identifier outside 1..MaxID, End without Begin) are
// kept until EndRecord, which returns them and drops the faulty record;
// the Writer stays usable. Device errors are kept by the underlying
// writer and returned by Flush, as core.BufferedWriter specifies.
type Writer struct {
	w    core.BufferedWriter
	body []byte
	open []int // body offsets where the content of open nested records starts
	err  error
}

// NewWriter returns a Writer onto w, which is used as it is when it is a
// core.BufferedWriter and wrapped by core.WrapWriter otherwise.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: core.WrapWriter(w)}
}

// Reset drops the current record and any usage error and makes e write to
// w, keeping e's buffers.
func (e *Writer) Reset(w io.Writer) {
	e.w = core.WrapWriter(w)
	e.Discard()
}

// Discard drops the fields added since the last EndRecord, and any usage
// error.
func (e *Writer) Discard() {
	e.body, e.open, e.err = e.body[:0], e.open[:0], nil
}

// Len returns the length of the current record body so far.
func (e *Writer) Len() int { return len(e.body) }

// room makes space for n more bytes in body.
func (e *Writer) room(n int) {
	if cap(e.body)-len(e.body) < n {
		nb := make([]byte, len(e.body), max(2*cap(e.body), len(e.body)+n, 256))
		copy(nb, e.body)
		e.body = nb
	}
}

func (e *Writer) badID(id ID) {
	if e.err == nil {
		e.err = &Error{Op: "encode", Offset: -1, ID: id, Err: ErrBadID}
	}
}

// Uint adds an integer field.
func (e *Writer) Uint(id ID, v uint64) {
	if !validID(id) {
		e.badID(id)
		return
	}
	e.room(MaxHeaderLen)
	n := len(e.body)
	e.body = e.body[:n+putHeader(e.body[n:n+MaxHeaderLen], uint16(id), v)]
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
func (e *Writer) Blob(id ID, b []byte) { addBlob(e, id, b) }

// String adds a blob field holding the bytes of s.
func (e *Writer) String(id ID, s string) { addBlob(e, id, s) }

func addBlob[T core.Text](e *Writer, id ID, b T) {
	if !validID(id) {
		e.badID(id)
		return
	}
	e.room(MaxHeaderLen + len(b))
	n := len(e.body)
	n += putHeader(e.body[n:n+MaxHeaderLen], uint16(id)|blobBit, uint64(len(b)))
	e.body = e.body[:n+copy(e.body[n:n+len(b)], b)]
}

// Begin opens a nested record: the fields added until the matching End
// form the bytes of a blob field with identifier id.
func (e *Writer) Begin(id ID) {
	if !validID(id) {
		e.badID(id)
		id = MaxID // keep Begin/End balanced; the record is dropped anyway
	}
	e.room(3)
	tag := uint16(id) | blobBit
	e.body = append(e.body, byte(tag>>8), byte(tag), 0) // length patched by End
	e.open = append(e.open, len(e.body))
}

// End closes the nested record opened by the last Begin.
func (e *Writer) End() {
	if len(e.open) == 0 {
		if e.err == nil {
			e.err = &Error{Op: "end nested record", Offset: -1, Err: ErrNesting}
		}
		return
	}
	start := e.open[len(e.open)-1]
	e.open = e.open[:len(e.open)-1]
	size := len(e.body) - start
	if size < 0x80 {
		e.body[start-1] = byte(size)
		return
	}
	// The one byte kept for the length is too short: move the content.
	k := varint.Len(uint64(size))
	e.room(k - 1)
	e.body = e.body[:len(e.body)+k-1]
	copy(e.body[start+k-1:], e.body[start:start+size])
	varint.PutUint(e.body[start-1:], uint64(size))
}

// EndRecord frames the current record and writes it to the underlying
// writer. If a usage error happened since the last EndRecord, the record is
// dropped and the error returned; an unclosed Begin is ErrNesting. Device
// errors are reported by Flush (or here when a large record is written
// straight through).
func (e *Writer) EndRecord() error {
	if e.err == nil && len(e.open) > 0 {
		e.err = &Error{Op: "end record", Offset: -1, Err: ErrNesting}
	}
	if err := e.err; err != nil {
		e.Discard()
		return err
	}
	size := len(e.body)
	var err error
	if size < largeRecord {
		p := e.w.Reserve(varint.MaxLen64 + size)
		n := varint.PutUint(p, uint64(size))
		e.w.Commit(n + copy(p[n:], e.body))
	} else {
		varint.WriteUint(e.w, uint64(size))
		_, err = e.w.Write(e.body)
	}
	e.body = e.body[:0]
	return err
}

// Flush writes all framed records to the device and returns the
// underlying writer's error. The current, unfinished record is kept.
func (e *Writer) Flush() error { return e.w.Flush() }
