// Package binary serializes fixed-size values ("trivially copyable"
// types: numbers, bools and arrays and structs of them) and containers of
// them.
//
// A fixed-size type is a bool, a sized integer (int8 to int64, uint8 to
// uint64), a float or complex number, or an array or struct of fixed-size
// types. Its encoding is its fields in declaration order, each in the
// chosen byte order, with no padding: a struct{A uint8; B uint32} takes 5
// bytes. A bool is one byte, 0 or 1; decoding rejects any other byte. int,
// uint and uintptr are not fixed-size (their width depends on the
// platform) and are refused, as encoding/binary refuses them.
//
// [Codec][T] encodes one fixed-size type. It is built once per type and byte
// order ([For]); a type whose memory layout has no padding, in the machine's
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
// allocating. Within it a count is still only a claim: a container is
// pre-sized by the bytes actually present behind its count (never more
// memory than those bytes, a few elements at least) and grows, doubling,
// as its elements decode. So hostile input that fails early costs memory
// in proportion to the input, and valid input memory in proportion to the
// result (a string header is 16 bytes on 64-bit machines, an empty
// string's encoding 1 byte).
//
// Every decoder reports errors as *[Error] with the offset of the value at
// fault; errors.Is matches [ErrShort], [core.ErrTooLarge], [ErrBool], [ErrDuplicateKey]
// and the errors of codec/varint. Input that ends too soon (ErrShort, a
// length beyond the rest of the input, a truncated varint) also matches
// io.ErrUnexpectedEOF.
package binary
