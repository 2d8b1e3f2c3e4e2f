// Package binary serializes fixed-size values and containers of them:
// fastio's "binary serialization for trivially copyable types and
// containers" (fast_io, seeds/000).
//
// A fixed-size type is a bool, a sized integer (int8 to int64, uint8 to
// uint64), a float or complex number, or an array or struct of fixed-size
// types. Its encoding is its fields in declaration order, each in the
// chosen byte order, with no padding: a struct{A uint8; B uint32} takes 5
// bytes. A bool is one byte, 0 or 1; decoding rejects any other byte. int,
// uint and uintptr are not fixed-size (their width depends on the
// platform) and are refused, as encoding/binary refuses them.
//
// Codec[T] encodes one fixed-size type. It is built once per type and byte
// order (For); a type whose memory layout has no padding, in the machine's
// own byte order, is copied with one memmove, values and slices alike (the
// "trivially copyable" case), and otherwise field by field.
//
// Containers are prefixed with their length as a varint (codec/varint):
//
//	slice  count, then the elements
//	string length in bytes, then the bytes ([]byte the same)
//	map    count, then key, value, key, value ... with keys in increasing
//	       order, so that equal maps encode to equal bytes
//
// Elements, keys and values may be fixed-size types, strings or []byte.
// Decoders take a limit on the count or length a prefix may claim; beyond
// it, or beyond what the rest of the input could hold, they fail before
// allocating, so hostile input cannot make them allocate more than its own
// size (times the ratio of memory to wire size of the element type) or the
// limit.
//
// Every decoder reports errors as *Error with the offset of the value at
// fault; errors.Is matches ErrShort, ErrTooLarge, ErrBool, ErrDuplicateKey
// and the errors of codec/varint.
package binary
