package record

import (
	"encoding/binary"
	"math/bits"

	"github.com/fastio-go/fastio/codec/varint"
)

// Decoder walks the fields of one record body held in a slice:
//
//	d := record.NewDecoder(body)
//	for d.Next() {
//		f := d.Field()
//		switch f.ID { ... }
//	}
//	if err := d.Err(); err != nil { ... }
//
// It never copies and never allocates on the success path. The zero value
// is an empty Decoder.
//
// A Decoder is canonical by default: it refuses non-minimal varints and
// the reserved identifier 0, which this package never writes (see the
// package doc for why). Lenient returns a Decoder that accepts both.
type Decoder struct {
	buf  []byte
	off  int
	base int64
	f    Field // f.lenient is the Decoder's mode
	err  error
}

// NewDecoder returns a Decoder over a record body. Error offsets count
// from the start of body.
func NewDecoder(body []byte) Decoder { return Decoder{buf: body} }

// Reset makes d decode body from its start, with error offsets counted
// from base. A lenient Decoder stays lenient.
func (d *Decoder) Reset(body []byte, base int64) {
	*d = Decoder{buf: body, base: base, f: Field{lenient: d.f.lenient}}
}

// Lenient returns d set to accept what other writers of the format may
// produce and a canonical Decoder refuses: varints with redundant zero
// groups (0x80 0x00 for 0, up to the 10-byte limit) in field headers,
// and fields with identifier 0, which it yields like any other (Unmarshal
// and Schema.Decode skip them, as no struct field can map 0). Overflowing
// and 11-byte varints, truncation and blobs past the end are still
// errors. Nested records (Field.Fields), timestamps (Field.Time),
// Unmarshal and Schema.Decode of a lenient Decoder are lenient too.
func (d Decoder) Lenient() Decoder {
	d.f.lenient = true
	return d
}

// Next decodes the next field and reports whether there is one. It
// returns false at the end of the body or at the first error, which Err
// returns.
func (d *Decoder) Next() bool {
	off := d.off
	if off == len(d.buf) {
		return false // the end of the body, or after an error
	}
	if len(d.buf)-off >= 8 {
		// The common case: the header in 8 bytes at hand, with a short
		// varint (see varint3).
		w := binary.LittleEndian.Uint64(d.buf[off:])
		tag := bits.ReverseBytes16(uint16(w))
		v, n := varint3(w >> 16)
		if n != 0 && tag&^blobBit != 0 {
			n += 2
			d.f.ID, d.f.Value, d.f.Offset = ID(tag&^blobBit), v, d.base+int64(off)
			if tag < blobBit {
				d.f.Kind, d.f.Data = Int, nil
				d.off = off + n
				return true
			}
			if v <= uint64(len(d.buf)-off-n) {
				end := off + n + int(v)
				d.f.Kind, d.f.Data, d.f.extra = Blob, d.buf[off+n:end:end], 0
				d.off = end
				return true
			}
		}
	}
	return d.next()
}

// next is Next for the end of the body, fields with fewer than 8 bytes
// left or a varint longer than 3 bytes, and errors.
func (d *Decoder) next() bool {
	p := d.buf[d.off:]
	if len(p) < 3 {
		return d.nextSlow()
	}
	tag := uint16(p[0])<<8 | uint16(p[1])
	v, n := varint.Decode(p[2:])
	if n <= 0 || tag&^blobBit == 0 {
		return d.nextSlow()
	}
	n += 2
	d.f.ID, d.f.Value, d.f.Offset = ID(tag&^blobBit), v, d.base+int64(d.off)
	if tag < blobBit {
		d.f.Kind, d.f.Data = Int, nil
		d.off += n
		return true
	}
	d.f.extra = 0
	return d.blob(p, n)
}

func (d *Decoder) blob(p []byte, n int) bool {
	if d.f.Value > uint64(len(p)-n) {
		return d.fail(errBlobBounds, d.f.ID)
	}
	end := n + int(d.f.Value)
	d.f.Kind, d.f.Data = Blob, p[n:end:end]
	d.off += end
	return true
}

// nextLenient is nextSlow for a lenient Decoder: a field whose varint is
// overlong or whose identifier is 0.
func (d *Decoder) nextLenient(p []byte) bool {
	tag := uint16(p[0])<<8 | uint16(p[1])
	id := ID(tag &^ blobBit)
	v, n, err := varint.UintLenient(p[2:])
	if err != nil {
		return d.fail(err, id)
	}
	d.f.ID, d.f.Value, d.f.Offset = id, v, d.base+int64(d.off)
	if tag < blobBit {
		d.f.Kind, d.f.Data = Int, nil
		d.off += 2 + n
		return true
	}
	d.f.extra = uint8(n - varint.Len(v))
	return d.blob(p, 2+n)
}

// nextSlow handles what Next's fast path does not decode: the end of the
// body and every error (a field takes at least 3 bytes and a valid varint,
// so nothing valid reaches it).
func (d *Decoder) nextSlow() bool {
	p := d.buf[d.off:]
	if len(p) == 0 || d.err != nil {
		return false
	}
	if len(p) < 2 {
		return d.fail(errTruncatedField, 0)
	}
	if d.f.lenient {
		return d.nextLenient(p)
	}
	id := ID((uint16(p[0])<<8 | uint16(p[1])) &^ blobBit)
	if id == 0 {
		return d.fail(errReservedID, 0)
	}
	_, _, err := varint.Uint(p[2:])
	if err == nil {
		err = errTruncatedField // unreachable: Next decodes every valid field
	}
	return d.fail(err, id)
}

func (d *Decoder) fail(err error, id ID) bool {
	d.err = &Error{Op: "decode", Offset: d.base + int64(d.off), ID: id, Err: err}
	d.off = len(d.buf)
	return false
}

// Field returns the field decoded by the last successful Next. It points
// into d and is overwritten by the next call to Next.
func (d *Decoder) Field() *Field { return &d.f }

// Err returns the error that stopped Next, or nil if the body ended
// cleanly.
func (d *Decoder) Err() error { return d.err }

// Offset returns the offset of the next field to decode.
func (d *Decoder) Offset() int64 { return d.base + int64(d.off) }
