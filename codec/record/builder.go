package record

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// Builder is a record under construction, held by value: the fast way to
// encode records field by field. Writer.Start returns one, each field
// method returns the builder with the field added, and Writer.Finish
// frames the record:
//
//	r := e.Start(64) // the most bytes the record body will take
//	r = r.Uint(1, uid)
//	r = r.SmallString(4, name)
//	if err := e.Finish(r); err != nil { ... }
//
// The bytes are exactly those of the Writer's methods of the same names
// (Uint, Int, Bool, Blob, String, Begin/End, then EndRecord). The
// difference is where the record's cursor lives: a Builder is two words of
// state (the reserved space and the write position) that the compiler
// keeps in registers, and Uint, Bool, Begin and SmallBlob inline and call
// nothing but the copy of a blob's bytes, so that a loop encoding records
// runs as one over a slice grown with append does. Each field method makes
// one room check and writes the tag with one 16-bit store. (Int,
// SmallString, Blob, String, Time and End are ordinary calls, not
// inlined. The function Array,
// for byte arrays, inlines and copies without a call; Time calls nothing
// and runs without a stack frame.) Writer.Next ends a record and starts
// the next in one call.
//
// The price is a bound: the room of a Builder is fixed when Start reserves
// it, so the record body must not take more than the size given to Start
// (an integer field takes at most MaxHeaderLen bytes, a blob of L bytes
// 3+L when L < 128 and 2+varint.Len(L)+L in general; MaxHeaderLen+L is
// always enough). A field that does not fit is refused, and so is every
// later one; Finish then returns an *Error with ErrMisuse and the
// offset of the refused field, and drops the record. An identifier outside
// 1..MaxID makes Finish return ErrBadID and drop the record, as the
// Writer's EndRecord does (the builder does not record which identifier:
// that would cost every field). The Writer's own methods have no bound:
// they grow the record as needed.
//
// A nested record is a builder of its own: Begin returns it, and End,
// called on the outer builder with the nested one, closes it.
//
// Finish (and Next) commit the record to the buffered writer, as the
// Writer's EndRecord does: a finished record is in the buffered writer,
// whose own Flush writes it, and the buffered writer may be used directly
// between records (not while a builder is open: the builder writes in its
// reserved space).
//
// A Builder belongs to the Writer that started it and is valid until that
// Writer's next Finish, Next, EndRecord, Discard, Reset or Flush. As with
// append, use the result of each method, not the builder it was called on.
// While a builder is in use, add fields only through it, not through the
// Writer's methods, and do not write to the buffered writer directly.
type Builder struct {
	// b is the Writer's reserved space, the open frame at b[:n]. The
	// body may take b[1:len(b)-MaxHeaderLen]; the last MaxHeaderLen bytes
	// are slack, so that a field starting within the bound can be
	// written before the bound is checked again, by the next field or
	// by Finish. A refused field sets len(b) to 0, which refuses every
	// later field; n then stays where the refused field would have
	// started. An identifier outside 1..MaxID sets badIDBit in n, which
	// refuses that field and every later one too.
	//
	// Two fields, 32 bytes: the compiler keeps such a struct in
	// registers (a larger one lives in memory, even when inlined).
	b []byte
	n int
}

// badIDBit is the bit of Builder.n that records a bad identifier: far
// above any offset, so that every room check fails once it is set.
const badIDBit = 1 << (bits.UintSize - 2)

// badID returns badIDBit when id is outside 1..MaxID and 0 otherwise,
// without a branch: id|(id-1) has bit 15 set exactly for 0 (id-1 is all
// ones) and for identifiers of 0x8000 and above.
func badID(id ID) int {
	return int((id|(id-1))&0x8000) << badIDShift
}

// badIDShift moves bit 15 to badIDBit.
const badIDShift = bits.UintSize - 17

// Start opens a record whose body will take at most size bytes (at most
// 512 MiB on 32-bit platforms) and returns its Builder. If a record is
// open (fields added with the Writer's methods since the last EndRecord),
// the builder continues it, and size bounds the bytes added through the
// builder.
func (e *Writer) Start(size int) Builder {
	// Positions stay below badIDBit (on 32-bit platforms, a bound above
	// 512 MiB is cut to that).
	size = min(max(size, 0), badIDBit>>1)
	need := 1 + size + MaxHeaderLen
	if e.n == 0 {
		// Through the concrete types, whose Reserve inlines, when set.
		// The slice is not kept in e.buf (three words and a write
		// barrier per record): only where it starts, for Finish's check.
		var p []byte
		if cw := e.cw; cw != (core.Engine{}) {
			p = cw.Reserve(need)
		} else {
			p = e.w.Reserve(need)
		}
		p = p[:need]
		e.frameAt = uintptr(unsafe.Pointer(unsafe.SliceData(p)))
		return Builder{p, 1}
	}
	return e.startIn(size)
}

// startIn is Start with a record of the Writer's methods open.
func (e *Writer) startIn(size int) Builder {
	if e.lim-e.n < size+MaxHeaderLen {
		e.room(size + MaxHeaderLen)
	}
	e.frameAt = uintptr(unsafe.Pointer(unsafe.SliceData(e.buf)))
	return Builder{e.buf[:e.n+size+MaxHeaderLen], e.n}
}

// Finish frames the record built by r and commits it to the buffered
// writer, as EndRecord does: when Finish returns nil, the record is in the
// buffered writer's output, which its own Flush writes to the device, and
// the buffered writer may be written to directly before the next Start.
// (With a *core.Writer, or a writer with an Engine method, under the
// Writer, the commit is the inlined fast path of the core.Engine; with any
// other buffered writer, a call through the core.BufferedWriter
// interface.)
//
// Finish returns an *Error and drops the record if a field was refused for
// lack of room (ErrMisuse), an identifier was outside 1..MaxID
// (ErrBadID), or a nested record was left open with the Writer's Begin
// (ErrMisuse). If r is not the open record of e (the zero Builder, a
// builder of another Writer or of a record already finished or dropped),
// Finish returns ErrMisuse and leaves e as it is. The check is by
// the address where the builder's frame starts: a builder kept past its
// own Finish, a Flush (of e or of the buffered writer), Discard or Reset
// is not told apart from a builder started later at the same address,
// and finishing it then frames stale bytes. Use each builder once.
func (e *Writer) Finish(r Builder) error {
	if n := r.n; n-1 < 0x80 && len(r.b)-n >= MaxHeaderLen && len(e.open) == 0 &&
		uintptr(unsafe.Pointer(unsafe.SliceData(r.b))) == e.frameAt && e.err == nil {
		// A body shorter than 128 bytes: its length fits the byte kept
		// for it. (n >= 1 for every builder of e, so n-1 < 0x80 also
		// rules out an empty frame.)
		r.b[0] = byte(n - 1)
		e.n, e.lim, e.frameAt = 0, 0, 0
		// e.commit, written out: the concrete types' Commit inlines.
		if cw := e.cw; cw != (core.Engine{}) {
			cw.Commit(n)
		} else {
			e.w.Commit(n)
		}
		return nil
	}
	return e.finishSlow(r)
}

// Next finishes the record built by r, as Finish does (committing it), and
// starts the next record, whose body will take at most size bytes, as
// Start does: one call per record instead of two, for loops that write
// many records:
//
//	r := e.Start(size)
//	for i, s := range stats {
//		if i > 0 {
//			if r, err = e.Next(r, size); err != nil {
//				return err // the previous record was dropped
//			}
//		}
//		r = r.Uint(1, s.UID)
//		...
//	}
//	err = e.Finish(r)
//
// The error is Finish's for r (which is then dropped); the next builder
// is returned whatever it is.
func (e *Writer) Next(r Builder, size int) (Builder, error) {
	if n := r.n; n-1 < 0x80 && len(r.b)-n >= MaxHeaderLen && e.n == 0 && len(e.open) == 0 &&
		uintptr(unsafe.Pointer(unsafe.SliceData(r.b))) == e.frameAt && e.err == nil {
		// Finish's fast path, for a builder of Start's fast path (no
		// record of the Writer's methods open), then Start's.
		r.b[0] = byte(n - 1)
		size = min(max(size, 0), badIDBit>>1)
		need := 1 + size + MaxHeaderLen
		var p []byte
		if cw := e.cw; cw != (core.Engine{}) {
			cw.Commit(n)
			p = cw.Reserve(need)
		} else {
			e.w.Commit(n)
			p = e.w.Reserve(need)
		}
		p = p[:need]
		e.frameAt = uintptr(unsafe.Pointer(unsafe.SliceData(p)))
		return Builder{p, 1}, nil
	}
	err := e.Finish(r)
	return e.Start(size), err
}

// finishSlow is Finish for a long body or an error.
func (e *Writer) finishSlow(r Builder) error {
	if e.frameAt == 0 || cap(r.b) == 0 || uintptr(unsafe.Pointer(unsafe.SliceData(r.b))) != e.frameAt {
		return &Error{Op: "finish record", Offset: -1, Err: errStaleBuilder}
	}
	e.frameAt = 0
	var err error
	switch {
	case r.n&badIDBit != 0:
		err = &Error{Op: "encode", Offset: -1, Err: ErrBadID}
	case len(r.b) == 0:
		err = &Error{Op: "encode", Offset: int64(r.n - 1), Err: errRecordSize}
	case len(r.b)-r.n < MaxHeaderLen:
		// The last field went past the bound.
		err = &Error{Op: "encode", Offset: int64(len(r.b) - MaxHeaderLen - 1), Err: errRecordSize}
	}
	if e.n > 0 || e.err != nil {
		// A record of the Writer's methods, which EndRecord drops on an
		// error (its own or err). A usage error of the Writer's methods
		// with no record open (an identifier out of range) is kept for
		// the next record too, which EndRecord would drop.
		if e.err == nil {
			e.err = err
		}
		if e.err == nil && len(e.open) == 0 {
			// The builder's fields follow the Writer's in e.buf: frame
			// them all as EndRecord does.
			e.n = r.n
		}
		return e.EndRecord()
	} else if err != nil {
		return err // nothing to drop: nothing was committed
	}
	// The body's length takes k bytes: move the body on by k-1, into the
	// slack, which holds MaxHeaderLen bytes past the bound.
	size := r.n - 1
	k := varint.Len(uint64(size))
	copy(r.b[k:], r.b[1:r.n])
	varint.PutUint(r.b, uint64(size))
	e.n, e.lim = 0, 0
	e.commit(size + k)
	return nil
}

// Len returns the length of the record body so far (up to a refused
// field).
func (r Builder) Len() int { return max(r.n&^badIDBit-1, 0) }

// Uint adds an integer field.
func (r Builder) Uint(id ID, v uint64) Builder {
	n := r.n | int((id|(id-1))&0x8000)<<badIDShift // badID, written out
	if len(r.b)-n >= MaxHeaderLen {
		binary.BigEndian.PutUint16(r.b[n:], uint16(id))
		n += 2
		for ; v >= 0x80; n++ {
			r.b[n] = byte(v) | 0x80
			v >>= 7
		}
		r.b[n] = byte(v)
		n++
	} else {
		r.b = r.b[:0]
	}
	r.n = n
	return r
}

// Int adds a signed integer field, zigzag-encoded.
func (r Builder) Int(id ID, v int64) Builder {
	return r.Uint(id, uint64(v<<1)^uint64(v>>63)) // varint.Zigzag
}

// Bool adds an integer field holding 1 for true and 0 for false.
func (r Builder) Bool(id ID, v bool) Builder {
	r.n |= badID(id)
	if n := r.n; len(r.b)-n >= MaxHeaderLen {
		binary.BigEndian.PutUint16(r.b[n:], uint16(id))
		r.b[n+2] = *(*byte)(unsafe.Pointer(&v)) // 0 or 1
		r.n = n + 3
	} else {
		r.b = r.b[:0]
	}
	return r
}

// Blob adds a blob field holding a copy of b. It is not inlined (see
// SmallBlob).
func (r Builder) Blob(id ID, b []byte) Builder {
	n := r.n | badID(id)
	// The header takes MaxHeaderLen bytes at most: a field that starts
	// within the bound ends in the slack at most.
	if len(r.b)-n-MaxHeaderLen < len(b) {
		return Builder{r.b[:0], n}
	}
	binary.BigEndian.PutUint16(r.b[n:], uint16(id)|blobBit)
	n += 2
	v := uint(len(b))
	for ; v >= 0x80; n++ {
		r.b[n] = byte(v) | 0x80
		v >>= 7
	}
	r.b[n] = byte(v)
	return Builder{r.b, n + 1 + copy(r.b[n+1:], b)}
}

// String adds a blob field holding the bytes of s. It is not inlined (see
// SmallString).
func (r Builder) String(id ID, s string) Builder {
	// Blob only reads the bytes.
	return r.Blob(id, unsafe.Slice(unsafe.StringData(s), len(s)))
}

// SmallBlob adds a blob field holding a copy of b, which must be shorter
// than 128 bytes: Blob for short blobs, whose length takes one byte,
// small enough to inline. A blob of 128 bytes or more is refused as a
// field that does not fit (Finish returns ErrMisuse).
func (r Builder) SmallBlob(id ID, b []byte) Builder {
	n := r.n | int((id|(id-1))&0x8000)<<badIDShift // badID, written out
	if len(r.b)-n-MaxHeaderLen < len(b) || len(b) >= 0x80 {
		return Builder{r.b[:0], n}
	}
	binary.BigEndian.PutUint16(r.b[n:], uint16(id)|blobBit)
	r.b[n+2] = byte(len(b))
	return Builder{r.b, n + 3 + copy(r.b[n+3:], b)}
}

// SmallString is SmallBlob for the bytes of s.
func (r Builder) SmallString(id ID, s string) Builder {
	return r.SmallBlob(id, unsafe.Slice(unsafe.StringData(s), len(s)))
}

// ByteArray is the constraint of Array: the byte arrays of 1 to 32
// bytes (an identifier, a digest, a fixed blob of 5 bytes).
type ByteArray interface {
	~[1]byte | ~[2]byte | ~[3]byte | ~[4]byte | ~[5]byte | ~[6]byte | ~[7]byte | ~[8]byte |
		~[9]byte | ~[10]byte | ~[11]byte | ~[12]byte | ~[13]byte | ~[14]byte | ~[15]byte | ~[16]byte |
		~[17]byte | ~[18]byte | ~[19]byte | ~[20]byte | ~[21]byte | ~[22]byte | ~[23]byte | ~[24]byte |
		~[25]byte | ~[26]byte | ~[27]byte | ~[28]byte | ~[29]byte | ~[30]byte | ~[31]byte | ~[32]byte
}

// Array adds to r a blob field holding the bytes of a, a fixed-size
// array: the bytes of r.Blob(id, a[:]). Its length is a constant of each
// instantiation, so the copy is a few moves in line instead of a call of
// memmove (with the spills of the caller's registers around it), and the
// whole function inlines. (A function, not a method: methods cannot have
// type parameters.)
func Array[A ByteArray](r Builder, id ID, a A) Builder {
	n := r.n | int((id|(id-1))&0x8000)<<badIDShift // badID, written out
	if len(r.b)-n-MaxHeaderLen < len(a) {
		return Builder{r.b[:0], n}
	}
	binary.BigEndian.PutUint16(r.b[n:], uint16(id)|blobBit)
	r.b[n+2] = byte(len(a))
	// The room check leaves 3+len(a) bytes at r.b[n:] and more.
	*(*A)(unsafe.Pointer(&r.b[n+3])) = a
	return Builder{r.b, n + 3 + len(a)}
}

// Begin opens a nested record, a blob field with identifier id whose
// bytes are the fields added to the builder it returns. Close it with
// r.End(nested), on the same r, before adding more fields to r: r itself
// still stands before the nested field. A Builder, two words, does not
// count its nesting: keep it within 64 levels, the most Unmarshal
// and Schema.Decode read back (the Writer's Begin refuses more).
func (r Builder) Begin(id ID) Builder {
	r.n |= badID(id)
	if n := r.n; len(r.b)-n >= MaxHeaderLen {
		binary.BigEndian.PutUint16(r.b[n:], uint16(id)|blobBit)
		r.b[n+2] = 0 // the length, written by End
		r.n = n + 3
	} else {
		r.b = r.b[:0]
	}
	return r
}

// End closes the nested record built by nested, which Begin returned on r
// (and fields were then added to), and returns r with the nested record
// as its last field. The length goes into the byte Begin kept for it; a
// nested record of 128 bytes or more is moved on by the extra bytes its
// length takes. A nested builder that did not come from r.Begin refuses
// the record (ErrMisuse from Finish).
func (r Builder) End(nested Builder) Builder {
	start := r.n + 3 // the nested record's content
	if nested.n&badIDBit != 0 || r.n&badIDBit != 0 {
		r.n |= badIDBit
		return r
	}
	if len(r.b) == 0 || len(nested.b) == 0 || len(nested.b) != len(r.b) ||
		unsafe.SliceData(nested.b) != unsafe.SliceData(r.b) || nested.n < start || start > len(r.b) ||
		r.b[start-3] < blobBit>>8 || r.b[start-1] != 0 {
		// (The last two: r.b[r.n:start] is not the blob tag and the zero
		// length Begin wrote, so nested did not come from r.Begin.)
		r.b = r.b[:0]
		return r
	}
	size := nested.n - start
	if size < 0x80 {
		r.b[start-1] = byte(size)
		r.n = nested.n
		return r
	}
	// The length takes k bytes: move the content on by k-1, into the
	// slack at most since the content ends within the bound.
	if len(r.b)-nested.n < MaxHeaderLen {
		r.b = r.b[:0]
		return r
	}
	k := varint.Len(uint64(size))
	copy(r.b[start+k-1:], r.b[start:nested.n])
	varint.PutUint(r.b[start-1:], uint64(size))
	r.n = nested.n + k - 1
	return r
}
