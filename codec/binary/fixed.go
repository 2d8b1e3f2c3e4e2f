package binary

import (
	"encoding/binary"
	"io"
	"reflect"
	"slices"
	"unsafe"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// Codec encodes and decodes values of the fixed-size type T in one byte
// order. The zero Codec is not usable; get one from For. A Codec is a small
// value, safe for concurrent use.
type Codec[T any] struct {
	p     *fixedPlan
	order ByteOrder
	copy  bool // values are copied byte for byte, in native order
}

// For returns the Codec of T in the given byte order, or ErrNotFixed when
// T is not fixed-size. The type's layout is analysed once and cached.
func For[T any](order ByteOrder) (Codec[T], error) {
	p, err := planOf(reflect.TypeFor[T]())
	if err != nil {
		return Codec[T]{}, err
	}
	return Codec[T]{p: p, order: order, copy: p.packed && (order == nativeOrder || p.onlyU8)}, nil
}

// Size returns the encoded size of a T in bytes.
func (c Codec[T]) Size() int { return c.p.size }

// Order returns the Codec's byte order.
func (c Codec[T]) Order() ByteOrder { return c.order }

// Append appends the encoding of v to dst.
func (c Codec[T]) Append(dst []byte, v T) []byte {
	n := len(dst)
	dst = grow(dst, c.p.size)
	c.put(dst[n:n+c.p.size], unsafe.Pointer(&v))
	return dst
}

// Put writes the encoding of v at the start of p and returns Size(), or
// writes nothing and returns 0 when p is shorter than that.
func (c Codec[T]) Put(p []byte, v T) int {
	if len(p) < c.p.size {
		return 0
	}
	c.put(p[:c.p.size], unsafe.Pointer(&v))
	return c.p.size
}

// Decode decodes a T from the start of p and returns it with Size(). It
// fails with ErrShort when p is shorter, and with ErrBool when a bool is
// neither 0 nor 1.
func (c Codec[T]) Decode(p []byte) (T, int, error) {
	var v T
	if len(p) < c.p.size {
		return v, 0, &Error{Op: "decode", Offset: int64(len(p)), Err: ErrShort}
	}
	if off := c.get(unsafe.Pointer(&v), p[:c.p.size]); off >= 0 {
		return v, 0, &Error{Op: "decode", Offset: int64(off), Err: ErrBool}
	}
	return v, c.p.size, nil
}

// Write writes the encoding of v to w through Reserve and Commit; errors
// are w's, reported by its Flush.
func (c Codec[T]) Write(w core.BufferedWriter, v T) {
	p := w.Reserve(c.p.size)
	c.put(p[:c.p.size], unsafe.Pointer(&v))
	w.Commit(c.p.size)
}

// Read reads one T from r, decoding it in r's window. At the end of the
// input before the first byte it returns io.EOF, inside the value
// ErrShort (as *Error; ErrShort matches io.ErrUnexpectedEOF).
func (c Codec[T]) Read(r core.BufferedReader) (T, error) {
	var v T
	w := r.Window()
	for len(w) < c.p.size {
		_, err := r.Fill()
		w = r.Window()
		if err == core.ErrBufferFull {
			return c.readSlow(r)
		}
		if err != nil {
			if err == io.EOF {
				if len(w) == 0 {
					return v, io.EOF
				}
				return v, &Error{Op: "read", Offset: int64(len(w)), Err: ErrShort}
			}
			return v, err
		}
	}
	if off := c.get(unsafe.Pointer(&v), w[:c.p.size]); off >= 0 {
		return v, &Error{Op: "read", Offset: int64(off), Err: ErrBool}
	}
	r.Consume(c.p.size)
	return v, nil
}

// readSlow reads a value larger than r's buffer through a scratch slice.
func (c Codec[T]) readSlow(r core.BufferedReader) (T, error) {
	var v T
	buf := make([]byte, c.p.size) // sized by the type, not by the input
	n, err := io.ReadFull(r, buf)
	if err != nil {
		if err == io.EOF {
			return v, io.EOF
		}
		if err == io.ErrUnexpectedEOF {
			return v, &Error{Op: "read", Offset: int64(n), Err: ErrShort}
		}
		return v, err
	}
	if off := c.get(unsafe.Pointer(&v), buf); off >= 0 {
		return v, &Error{Op: "read", Offset: int64(off), Err: ErrBool}
	}
	return v, nil
}

// grow extends dst by n bytes.
func grow(dst []byte, n int) []byte {
	if cap(dst)-len(dst) < n {
		nd := make([]byte, len(dst), max(2*cap(dst), len(dst)+n, 64))
		copy(nd, dst)
		dst = nd
	}
	return dst[:len(dst)+n]
}

// put encodes the value at v into p, which is exactly Size() bytes.
func (c Codec[T]) put(p []byte, v unsafe.Pointer) {
	if c.copy {
		copy(p, unsafe.Slice((*byte)(v), c.p.size))
		return
	}
	putRuns(p, v, c.p.runs, c.order)
}

// get decodes p, exactly Size() bytes, into the value at v. It returns the
// offset of an invalid bool byte, or -1.
func (c Codec[T]) get(v unsafe.Pointer, p []byte) int {
	if c.copy {
		copy(unsafe.Slice((*byte)(v), c.p.size), p)
		if c.p.hasBool {
			return checkBools(p, c.p.runs)
		}
		return -1
	}
	return getRuns(v, p, c.p.runs, c.order)
}

func putRuns(p []byte, v unsafe.Pointer, runs []run, order ByteOrder) {
	w := 0
	for _, r := range runs {
		q := unsafe.Add(v, r.off)
		switch r.size {
		case 1:
			for i := range r.count {
				p[w+i] = *(*uint8)(unsafe.Add(q, uintptr(i)*r.stride))
			}
		case 2:
			out := p[w : w+2*r.count]
			if order == BigEndian {
				for i := range r.count {
					binary.BigEndian.PutUint16(out[2*i:], *(*uint16)(unsafe.Add(q, uintptr(i)*r.stride)))
				}
			} else {
				for i := range r.count {
					binary.LittleEndian.PutUint16(out[2*i:], *(*uint16)(unsafe.Add(q, uintptr(i)*r.stride)))
				}
			}
		case 4:
			out := p[w : w+4*r.count]
			if order == BigEndian {
				for i := range r.count {
					binary.BigEndian.PutUint32(out[4*i:], *(*uint32)(unsafe.Add(q, uintptr(i)*r.stride)))
				}
			} else {
				for i := range r.count {
					binary.LittleEndian.PutUint32(out[4*i:], *(*uint32)(unsafe.Add(q, uintptr(i)*r.stride)))
				}
			}
		case 8:
			out := p[w : w+8*r.count]
			if order == BigEndian {
				for i := range r.count {
					binary.BigEndian.PutUint64(out[8*i:], *(*uint64)(unsafe.Add(q, uintptr(i)*r.stride)))
				}
			} else {
				for i := range r.count {
					binary.LittleEndian.PutUint64(out[8*i:], *(*uint64)(unsafe.Add(q, uintptr(i)*r.stride)))
				}
			}
		}
		w += r.count * int(r.size)
	}
}

func getRuns(v unsafe.Pointer, p []byte, runs []run, order ByteOrder) int {
	w := 0
	for _, r := range runs {
		q := unsafe.Add(v, r.off)
		switch r.size {
		case 1:
			for i := range r.count {
				b := p[w+i]
				if r.isBool && b > 1 {
					return w + i
				}
				*(*uint8)(unsafe.Add(q, uintptr(i)*r.stride)) = b
			}
		case 2:
			in := p[w : w+2*r.count]
			if order == BigEndian {
				for i := range r.count {
					*(*uint16)(unsafe.Add(q, uintptr(i)*r.stride)) = binary.BigEndian.Uint16(in[2*i:])
				}
			} else {
				for i := range r.count {
					*(*uint16)(unsafe.Add(q, uintptr(i)*r.stride)) = binary.LittleEndian.Uint16(in[2*i:])
				}
			}
		case 4:
			in := p[w : w+4*r.count]
			if order == BigEndian {
				for i := range r.count {
					*(*uint32)(unsafe.Add(q, uintptr(i)*r.stride)) = binary.BigEndian.Uint32(in[4*i:])
				}
			} else {
				for i := range r.count {
					*(*uint32)(unsafe.Add(q, uintptr(i)*r.stride)) = binary.LittleEndian.Uint32(in[4*i:])
				}
			}
		case 8:
			in := p[w : w+8*r.count]
			if order == BigEndian {
				for i := range r.count {
					*(*uint64)(unsafe.Add(q, uintptr(i)*r.stride)) = binary.BigEndian.Uint64(in[8*i:])
				}
			} else {
				for i := range r.count {
					*(*uint64)(unsafe.Add(q, uintptr(i)*r.stride)) = binary.LittleEndian.Uint64(in[8*i:])
				}
			}
		}
		w += r.count * int(r.size)
	}
	return -1
}

// checkBools returns the offset in p of the first bool byte above 1, or
// -1. p holds whole values of a packed layout, whose wire offsets equal
// the memory offsets of the runs.
func checkBools(p []byte, runs []run) int {
	size := 0
	for _, r := range runs {
		size += r.count * int(r.size)
	}
	for base := 0; base < len(p); base += size {
		for _, r := range runs {
			if !r.isBool {
				continue
			}
			for i := range r.count {
				if o := base + int(r.off) + i; p[o] > 1 {
					return o
				}
			}
		}
	}
	return -1
}

// AppendSlice appends s as a varint count and the elements. A slice of a
// copyable type is copied in one piece.
func (c Codec[T]) AppendSlice(dst []byte, s []T) []byte {
	dst = varint.AppendUint(dst, uint64(len(s)))
	n := len(dst)
	total := len(s) * c.p.size
	dst = grow(dst, total)
	if len(s) == 0 {
		return dst
	}
	if c.copy {
		copy(dst[n:], unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), total))
		return dst
	}
	if r, ok := c.flat(len(s)); ok {
		putRuns(dst[n:], unsafe.Pointer(&s[0]), []run{r}, c.order)
		return dst
	}
	for i := range s {
		putRuns(dst[n+i*c.p.size:n+(i+1)*c.p.size], unsafe.Pointer(&s[i]), c.p.runs, c.order)
	}
	return dst
}

// flat reports whether k values lie in memory as one run of equal numbers
// with no gaps (a slice of numbers, or of arrays of one kind of number),
// and returns that run.
func (c Codec[T]) flat(k int) (run, bool) {
	if len(c.p.runs) != 1 || !c.p.packed {
		return run{}, false
	}
	r := c.p.runs[0]
	r.count *= k
	return r, true
}

// DecodeSlice decodes a slice written by AppendSlice from the start of p,
// appending the elements to dst[:0] (so that a dst with enough capacity
// makes decoding allocation-free), and returns it with the bytes used. A
// count above limit (when limit > 0), or above what the rest of p could
// hold, fails with core.ErrTooLarge before anything is allocated.
func (c Codec[T]) DecodeSlice(p []byte, dst []T, limit int) ([]T, int, error) {
	count, n, err := varint.Uint(p)
	if err != nil {
		return dst[:0], 0, &Error{Op: "decode slice", Offset: 0, Err: err}
	}
	if err := checkCount(count, limit, len(p)-n, c.p.size); err != nil {
		return dst[:0], 0, &Error{Op: "decode slice", Offset: 0, Err: err}
	}
	k := int(count)
	total := k * c.p.size
	if cap(dst) < k && uintptr(k)*c.p.mem > 4*uintptr(total)+64 {
		// A type whose memory is far larger than its encoding (a bool
		// beside a zero-length array of a wider type): decode value by
		// value into a slice that grows with the values decoded, so that
		// a bad value early in hostile input costs little memory.
		return c.decodeGrowing(p, dst[:0], n, k)
	}
	if cap(dst) < k {
		dst = make([]T, k)
	}
	dst = dst[:k]
	if k == 0 {
		return dst, n, nil
	}
	src := p[n : n+total]
	if c.copy {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), total), src)
		if c.p.hasBool {
			if off := checkBools(src, c.p.runs); off >= 0 {
				return dst[:0], 0, &Error{Op: "decode slice", Offset: int64(n + off), Err: ErrBool}
			}
		}
		return dst, n + total, nil
	}
	if r, ok := c.flat(k); ok {
		if off := getRuns(unsafe.Pointer(&dst[0]), src, []run{r}, c.order); off >= 0 {
			return dst[:0], 0, &Error{Op: "decode slice", Offset: int64(n + off), Err: ErrBool}
		}
		return dst, n + total, nil
	}
	for i := range dst {
		if off := getRuns(unsafe.Pointer(&dst[i]), src[i*c.p.size:(i+1)*c.p.size], c.p.runs, c.order); off >= 0 {
			return dst[:0], 0, &Error{Op: "decode slice", Offset: int64(n + i*c.p.size + off), Err: ErrBool}
		}
	}
	return dst, n + total, nil
}

// decodeGrowing is DecodeSlice's decoding of k values from p[n:] into dst
// by append.
func (c Codec[T]) decodeGrowing(p []byte, dst []T, n, k int) ([]T, int, error) {
	dst = slices.Grow(dst, prealloc(uint64(k), len(p)-n, c.p.mem))
	for range k {
		var v T
		if off := c.get(unsafe.Pointer(&v), p[n:n+c.p.size]); off >= 0 {
			return dst[:0], 0, &Error{Op: "decode slice", Offset: int64(n + off), Err: ErrBool}
		}
		if len(dst) == cap(dst) {
			dst = slices.Grow(dst, min(k-len(dst), len(dst))) // doubling, as in DecodeSlice
		}
		dst = append(dst, v)
		n += c.p.size
	}
	return dst, n, nil
}

// checkCount checks a count read from input against the caller's limit and
// the bytes left, each element taking at least minSize bytes (at least 1,
// so that a count of zero-size elements cannot exceed the input length).
func checkCount(count uint64, limit, left, minSize int) error {
	if limit > 0 && count > uint64(limit) {
		return errTooLarge
	}
	if count > uint64(left)/uint64(max(minSize, 1)) {
		return errBeyondInput
	}
	return nil
}

// Append appends the encoding of the fixed-size value v to dst; it fails
// only when T is not fixed-size. For repeated use, keep the Codec of For.
func Append[T any](dst []byte, order ByteOrder, v T) ([]byte, error) {
	c, err := For[T](order)
	if err != nil {
		return dst, err
	}
	return c.Append(dst, v), nil
}

// Decode decodes a fixed-size T from the start of p, as Codec.Decode.
func Decode[T any](p []byte, order ByteOrder) (T, int, error) {
	c, err := For[T](order)
	if err != nil {
		var zero T
		return zero, 0, err
	}
	return c.Decode(p)
}
