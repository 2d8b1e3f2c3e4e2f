package record

import (
	"encoding/binary"
	"unsafe"

	"github.com/fastio-go/fastio/codec/varint"
)

// ptrSize is the offset of the length in string and slice headers.
const ptrSize = unsafe.Sizeof(uintptr(0))

// encSlot is what encodeFast needs of one field, packed in 8 bytes.
type encSlot struct {
	tag  uint16 // the field's tag, blob bit included
	op   encOp
	omit bool   // omitempty
	off  uint32 // fieldPlan.off
}

// encOp is the struct field shape encodeFast writes.
type encOp uint8

const (
	encUint64    encOp = iota // uint64, an integer field
	encUint                   // a narrower unsigned integer
	encInt                    // a signed integer, zigzag-encoded
	encBool                   // 0 or 1
	encText                   // string or []byte: a blob, from the data pointer and length at off
	encByteArray              // [N]byte, N < 128: a blob of N bytes
	encPacked64               // [N]uint64, 10*N < 128: a blob of N varints
)

// encPlan is the fast encoding of a plan whose fields all have a shape
// of encOp: one pass over the fields with a single room check, made
// against fixed plus the length of each text field.
type encPlan struct {
	slots []encSlot
	sizes []uint8 // per slot: the width of encUint/encInt, N of the arrays
	text  []uint32
	fixed int // the most bytes the fields take besides text contents
}

// buildEnc returns the fast encoding of p, or nil when a field of p has
// another shape (floats, nested records, long arrays).
func buildEnc(p *plan) *encPlan {
	ep := &encPlan{}
	for _, f := range p.fields {
		s := encSlot{tag: uint16(f.id), omit: f.omitEmpty, off: uint32(f.off)}
		var size uint8
		switch {
		case f.op == opUint && f.size == 8:
			s.op, ep.fixed = encUint64, ep.fixed+MaxHeaderLen
		case f.op == opUint:
			s.op, size, ep.fixed = encUint, uint8(f.size), ep.fixed+MaxHeaderLen
		case f.op == opInt:
			s.op, size, ep.fixed = encInt, uint8(f.size), ep.fixed+MaxHeaderLen
		case f.op == opBool:
			s.op, ep.fixed = encBool, ep.fixed+3
		case f.op == opString || f.op == opBytes:
			s.op, ep.fixed = encText, ep.fixed+3
			ep.text = append(ep.text, uint32(f.off))
		case f.op == opByteArray && f.n < 0x80:
			s.op, size, ep.fixed = encByteArray, uint8(f.n), ep.fixed+3+f.n
		case f.op == opPackedUint && f.size == 8 && f.n*varint.MaxLen64 < 0x80:
			s.op, size, ep.fixed = encPacked64, uint8(f.n), ep.fixed+3+f.n*varint.MaxLen64
		default:
			return nil
		}
		if s.op >= encText {
			s.tag |= blobBit
		}
		ep.slots = append(ep.slots, s)
		ep.sizes = append(ep.sizes, size)
	}
	return ep
}

// putVarint writes v at b[n:] and returns the new end; varints of 1 and 2
// bytes are written without the loop. (An 8-byte store of the groups
// spread with shifts and masks measured slower here than the loop, whose
// branches the predictor learns for records of one shape.)
func putVarint(b []byte, n int, v uint64) int {
	if v < 0x80 {
		b[n] = byte(v)
		return n + 1
	}
	if v < 1<<14 {
		b[n], b[n+1] = byte(v)|0x80, byte(v>>7)
		return n + 2
	}
	for v >= 0x80 {
		b[n] = byte(v) | 0x80
		v >>= 7
		n++
	}
	b[n] = byte(v)
	return n + 1
}

// need returns the most bytes the fields of the struct at v take, or -1
// when a text field is 128 bytes or longer (its length would take more
// than the one byte counted for it).
func (ep *encPlan) need(v unsafe.Pointer) int {
	need := ep.fixed
	for _, off := range ep.text {
		// A string and a []byte both start with the data pointer and the
		// length.
		k := *(*int)(unsafe.Add(v, uintptr(off)+ptrSize))
		if k >= 0x80 {
			return -1
		}
		need += k
	}
	return need
}

// encode adds the fields of the struct at v to e's current record. It
// reports false, having written nothing, when a text field is 128 bytes
// or longer.
//
// All the room the record can need is reserved once, so that each field
// is stored with no check of its own: the tag in one 16-bit store, the
// value or length after it, a blob's bytes after that.
func (ep *encPlan) encode(e *Writer, v unsafe.Pointer) bool {
	need := ep.need(v)
	if need < 0 {
		return false
	}
	if e.lim-e.n < need {
		e.room(need)
	}
	e.n = ep.put(e.buf[:e.lim], e.n, v)
	return true
}

// put writes the fields of the struct at v at b[n:], which has room for
// need(v) bytes, and returns the new end.
func (ep *encPlan) put(b []byte, n int, v unsafe.Pointer) int {
	sizes := ep.sizes[:len(ep.slots)]
	for i, s := range ep.slots {
		ptr := unsafe.Add(v, uintptr(s.off))
		var x uint64
		switch s.op {
		case encUint64:
			x = *(*uint64)(ptr)
		case encUint:
			x = loadUint(ptr, uintptr(sizes[i]))
		case encInt:
			x = varint.Zigzag(loadInt(ptr, uintptr(sizes[i])))
		case encBool:
			if *(*bool)(ptr) {
				x = 1
			}
		case encText:
			k := *(*int)(unsafe.Add(ptr, ptrSize))
			if k == 0 && s.omit {
				continue
			}
			binary.BigEndian.PutUint16(b[n:], s.tag)
			b[n+2] = byte(k)
			n += 3 + copy(b[n+3:], unsafe.Slice(*(**byte)(ptr), k))
			continue
		case encByteArray:
			k := int(sizes[i])
			binary.BigEndian.PutUint16(b[n:], s.tag)
			b[n+2] = byte(k)
			n += 3 + copy(b[n+3:], unsafe.Slice((*byte)(ptr), k))
			continue
		case encPacked64:
			binary.BigEndian.PutUint16(b[n:], s.tag)
			start := n + 3
			k := start
			for j := range int(sizes[i]) {
				k = putVarint(b, k, *(*uint64)(unsafe.Add(ptr, j*8)))
			}
			b[n+2] = byte(k - start)
			n = k
			continue
		}
		if x == 0 && s.omit {
			continue
		}
		binary.BigEndian.PutUint16(b[n:], s.tag)
		n = putVarint(b, n+2, x)
	}
	return n
}
