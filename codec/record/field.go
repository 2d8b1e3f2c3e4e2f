package record

import (
	"github.com/fastio-go/fastio/codec/varint"
)

// ID is a field identifier, 1 to MaxID. The kind of a field is not part of
// its ID: the same ID may be written as an integer or a blob, and is then
// distinguished by Field.Kind.
type ID uint16

// MaxID is the largest identifier; 0 is reserved.
const MaxID ID = 1<<15 - 1

// blobBit marks a blob in a tag.
const blobBit = 1 << 15

// MaxHeaderLen is the longest field header: a tag and a 10-byte varint.
const MaxHeaderLen = 2 + varint.MaxLen64

// Kind is the kind of a field.
type Kind uint8

// The two kinds of fields.
const (
	Int  Kind = iota // an integer, stored in the field's varint
	Blob             // bytes, whose length is stored in the field's varint
)

func (k Kind) String() string {
	if k == Blob {
		return "blob"
	}
	return "int"
}

// validID reports whether id is in 1..MaxID.
func validID(id ID) bool { return id-1 < MaxID }

// AppendUint appends an integer field to a record body. An id outside
// 1..MaxID appends nothing (Writer reports it as ErrBadID).
func AppendUint(dst []byte, id ID, v uint64) []byte {
	if !validID(id) {
		return dst
	}
	dst = append(dst, byte(id>>8), byte(id))
	return varint.AppendUint(dst, v)
}

// AppendInt appends a zigzag-encoded signed integer field.
func AppendInt(dst []byte, id ID, v int64) []byte {
	return AppendUint(dst, id, varint.Zigzag(v))
}

// AppendBlob appends a blob field.
func AppendBlob(dst []byte, id ID, b []byte) []byte {
	if !validID(id) {
		return dst
	}
	dst = append(dst, byte((id|blobBit)>>8), byte(id))
	dst = varint.AppendUint(dst, uint64(len(b)))
	return append(dst, b...)
}

// AppendString appends a blob field holding the bytes of s.
func AppendString(dst []byte, id ID, s string) []byte {
	if !validID(id) {
		return dst
	}
	dst = append(dst, byte((id|blobBit)>>8), byte(id))
	dst = varint.AppendUint(dst, uint64(len(s)))
	return append(dst, s...)
}

// AppendFrame appends the frame of one record body: its length and the
// body.
func AppendFrame(dst, body []byte) []byte {
	dst = varint.AppendUint(dst, uint64(len(body)))
	return append(dst, body...)
}

// Field is one decoded field.
type Field struct {
	ID   ID
	Kind Kind
	// In the padding after Kind, so that a Field stays 48 bytes:
	extra   uint8 // bytes of the blob length's varint beyond its minimal length (lenient decoding)
	lenient bool  // decoded by a lenient Decoder (which keeps its own mode here): Fields and Time are lenient too
	// Value is the integer of an Int field, or the length of a Blob.
	Value uint64
	// Data is the blob of a Blob field, a sub-slice of the decoder's
	// input (no copy); nil for an Int field.
	Data []byte
	// Offset is the byte offset of the field's tag.
	Offset int64
}

// dataOffset is the offset of the blob's first byte.
func (f *Field) dataOffset() int64 { return f.Offset + int64(2+varint.Len(f.Value)+int(f.extra)) }

// Int returns the value of a zigzag-encoded signed integer field.
func (f *Field) Int() int64 { return varint.Unzigzag(f.Value) }

// String returns the blob as a string (a copy).
func (f *Field) String() string { return string(f.Data) }

// Fields returns a Decoder over the blob, for a nested record. Offsets in
// its errors continue those of f.
func (f *Field) Fields() Decoder {
	return Decoder{buf: f.Data, base: f.dataOffset(), f: Field{lenient: f.lenient}}
}

// varint3 decodes a varint of 1 to 3 bytes from the low bytes of r (the
// bytes after a field's tag, loaded little-endian) with a branch per
// length, which the branch predictor learns for records of one shape. It
// returns the value and its length, or n == 0 when the varint is longer or
// overlong (a terminating 0 after the first byte), for the caller's
// general path, which also reports the errors. It inlines.
func varint3(r uint64) (x uint64, n int) {
	switch {
	case r&0x80 == 0:
		return r & 0x7f, 1
	case r&0x8000 == 0:
		if r&0x7f00 == 0 {
			return 0, 0
		}
		return r&0x7f | r>>1&0x3f80, 2
	case r&0x800000 == 0 && r&0x7f0000 != 0:
		return r&0x7f | r>>1&0x3f80 | r>>2&0x1fc000, 3
	}
	return 0, 0
}
