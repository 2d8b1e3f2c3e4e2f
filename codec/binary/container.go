package binary

import (
	"cmp"
	"reflect"
	"slices"
	"unsafe"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

// elemKind says how a container element is encoded.
type elemKind uint8

const (
	elemFixed elemKind = iota
	elemString
	elemBytes
)

// elem is the encoding of a container element type T.
type elem[T any] struct {
	kind elemKind
	c    Codec[T]
}

func elemOf[T any](order ByteOrder) (elem[T], error) {
	t := reflect.TypeFor[T]()
	switch {
	case t.Kind() == reflect.String:
		return elem[T]{kind: elemString}, nil
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		return elem[T]{kind: elemBytes}, nil
	}
	c, err := For[T](order)
	return elem[T]{kind: elemFixed, c: c}, err
}

// minSize is the fewest bytes an element takes.
func (e elem[T]) minSize() int {
	if e.kind == elemFixed {
		return e.c.p.size
	}
	return 1
}

func (e elem[T]) append(dst []byte, v *T) []byte {
	switch e.kind {
	case elemString:
		return AppendString(dst, *(*string)(unsafe.Pointer(v)))
	case elemBytes:
		return AppendString(dst, *(*[]byte)(unsafe.Pointer(v)))
	}
	n := len(dst)
	dst = grow(dst, e.c.p.size)
	e.c.put(dst[n:], unsafe.Pointer(v))
	return dst
}

// decode decodes one element from p into v and returns its length; errors
// carry offsets relative to p.
func (e elem[T]) decode(p []byte, v *T, limit int) (int, error) {
	switch e.kind {
	case elemString:
		s, n, err := DecodeString(p, limit)
		*(*string)(unsafe.Pointer(v)) = s
		return n, err
	case elemBytes:
		b, n, err := DecodeBytes(p, limit)
		*(*[]byte)(unsafe.Pointer(v)) = b
		return n, err
	}
	size := e.c.p.size
	if len(p) < size {
		return 0, &Error{Op: "decode", Offset: int64(len(p)), Err: ErrShort}
	}
	if off := e.c.get(unsafe.Pointer(v), p[:size]); off >= 0 {
		return 0, &Error{Op: "decode", Offset: int64(off), Err: ErrBool}
	}
	return size, nil
}

// shift moves an error's offset by base.
func shift(err error, base int) error {
	if e, ok := err.(*Error); ok {
		return &Error{Op: e.Op, Offset: e.Offset + int64(base), Err: e.Err}
	}
	return err
}

// AppendString appends s (a string or []byte) as its length and bytes.
func AppendString[S core.Text](dst []byte, s S) []byte {
	dst = varint.AppendUint(dst, uint64(len(s)))
	return append(dst, s...)
}

// DecodeBytes decodes a length-prefixed byte string from the start of p
// and returns it as a sub-slice of p (no copy) with the bytes used. A
// length above limit (when limit > 0) or beyond p fails with core.ErrTooLarge.
func DecodeBytes(p []byte, limit int) ([]byte, int, error) {
	size, n, err := varint.Uint(p)
	if err != nil {
		return nil, 0, &Error{Op: "decode string", Offset: 0, Err: err}
	}
	if err := checkCount(size, limit, len(p)-n, 1); err != nil {
		return nil, 0, &Error{Op: "decode string", Offset: 0, Err: err}
	}
	end := n + int(size)
	return p[n:end:end], end, nil
}

// DecodeString is DecodeBytes returning a string (a copy).
func DecodeString(p []byte, limit int) (string, int, error) {
	b, n, err := DecodeBytes(p, limit)
	return string(b), n, err
}

// AppendSlice appends s as a count and its elements, which may be of a
// fixed-size type, strings or byte slices. It fails only when T is none of
// these.
func AppendSlice[T any](dst []byte, order ByteOrder, s []T) ([]byte, error) {
	e, err := elemOf[T](order)
	if err != nil {
		return dst, err
	}
	if e.kind == elemFixed {
		return e.c.AppendSlice(dst, s), nil
	}
	dst = varint.AppendUint(dst, uint64(len(s)))
	for i := range s {
		dst = e.append(dst, &s[i])
	}
	return dst, nil
}

// DecodeSlice decodes a slice written by AppendSlice from the start of p
// and returns it with the bytes used. limit bounds the count and, for
// strings, each length; see Codec.DecodeSlice. Strings are copied, byte
// slices alias p.
func DecodeSlice[T any](p []byte, order ByteOrder, limit int) ([]T, int, error) {
	e, err := elemOf[T](order)
	if err != nil {
		return nil, 0, err
	}
	if e.kind == elemFixed {
		return e.c.DecodeSlice(p, nil, limit)
	}
	count, n, err := varint.Uint(p)
	if err != nil {
		return nil, 0, &Error{Op: "decode slice", Offset: 0, Err: err}
	}
	if err := checkCount(count, limit, len(p)-n, e.minSize()); err != nil {
		return nil, 0, &Error{Op: "decode slice", Offset: 0, Err: err}
	}
	// The count is only a claim: reserve no more memory than the bytes
	// present take, and let append grow the slice with the elements that
	// actually decode (a string or slice header is 16 or 24 bytes, its
	// shortest encoding one byte).
	s := make([]T, 0, prealloc(count, len(p)-n, unsafe.Sizeof(*new(T))))
	for range count {
		var v T
		k, err := e.decode(p[n:], &v, limit)
		if err != nil {
			return nil, 0, shift(err, n)
		}
		if len(s) == cap(s) {
			// Double (append's growth is 1.25x for large slices, whose
			// copies would add up to several times the result).
			s = slices.Grow(s, int(min(count-uint64(len(s)), uint64(len(s)))))
		}
		s = append(s, v)
		n += k
	}
	return s, n, nil
}

// prealloc is how many elements of memory size size to reserve for a
// container claiming count elements with left bytes of input behind the
// count: count, unless that would take more memory than the input bytes
// themselves, in which case as many as those bytes pay for (at least a
// few), and the container grows as elements decode.
func prealloc(count uint64, left int, size uintptr) int {
	fit := uint64(max(left, 0)) / uint64(max(size, 1))
	return int(min(count, max(fit, 8)))
}

// AppendMap appends m as a count and its key-value pairs in increasing key
// order, so that equal maps give equal bytes. Keys and values may be of
// fixed-size types, strings or byte slices.
func AppendMap[K cmp.Ordered, V any](dst []byte, order ByteOrder, m map[K]V) ([]byte, error) {
	ke, err := elemOf[K](order)
	if err != nil {
		return dst, err
	}
	ve, err := elemOf[V](order)
	if err != nil {
		return dst, err
	}
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = varint.AppendUint(dst, uint64(len(keys)))
	for i := range keys {
		v := m[keys[i]]
		dst = ke.append(dst, &keys[i])
		dst = ve.append(dst, &v)
	}
	return dst, nil
}

// DecodeMap decodes a map written by AppendMap from the start of p and
// returns it with the bytes used. limit bounds the count and string
// lengths as for DecodeSlice; a key that occurs twice fails with
// ErrDuplicateKey. Keys may come in any order.
func DecodeMap[K cmp.Ordered, V any](p []byte, order ByteOrder, limit int) (map[K]V, int, error) {
	ke, err := elemOf[K](order)
	if err != nil {
		return nil, 0, err
	}
	ve, err := elemOf[V](order)
	if err != nil {
		return nil, 0, err
	}
	count, n, err := varint.Uint(p)
	if err != nil {
		return nil, 0, &Error{Op: "decode map", Offset: 0, Err: err}
	}
	if err := checkCount(count, limit, len(p)-n, ke.minSize()+ve.minSize()); err != nil {
		return nil, 0, &Error{Op: "decode map", Offset: 0, Err: err}
	}
	// As in DecodeSlice, pre-size the map by the bytes present, not by the
	// claimed count: a map entry takes its key, its value and a few bytes
	// of the map's own.
	m := make(map[K]V, prealloc(count, len(p)-n, unsafe.Sizeof(*new(K))+unsafe.Sizeof(*new(V))+8))
	for range count {
		var k K
		var v V
		start := n
		kn, err := ke.decode(p[n:], &k, limit)
		if err != nil {
			return nil, 0, shift(err, n)
		}
		n += kn
		vn, err := ve.decode(p[n:], &v, limit)
		if err != nil {
			return nil, 0, shift(err, n)
		}
		n += vn
		if _, dup := m[k]; dup {
			return nil, 0, &Error{Op: "decode map", Offset: int64(start), Err: ErrDuplicateKey}
		}
		m[k] = v
	}
	return m, n, nil
}
