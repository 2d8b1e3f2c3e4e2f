// Package varint encodes integers in the variable-length format of the
// fastio record codec (codec/record): 7 bits per byte, least significant
// group first, the top bit of each byte set when another byte follows. The bytes
// are identical to encoding/binary's Uvarint and to protobuf varints, so
// values written here can be read there and back.
//
// Signed values are mapped to unsigned ones by zigzag encoding (0, -1, 1,
// -2, ... become 0, 1, 2, 3, ...), so that small negative numbers stay short.
//
// # Design note
//
// Unlike encoding/binary, the decoders here accept exactly one encoding per
// value. An encoding with a redundant trailing group (0x80 0x00 for 0) is
// rejected with [ErrOverlong], a 10-byte encoding whose last byte carries more
// than bit 63 with ErrOverflow, and an encoding that would need an 11th byte
// with ErrTooLong. Canonical encodings make a record's bytes a function of its
// values, so that files can be compared and hashed byte for byte.
// [UintLenient] and [ReadUintLenient] accept the non-minimal encodings too, for
// input from writers that produce them (some protobuf encoders pad
// lengths they patch later); they still reject overflow and an 11th byte.
//
// Every operation comes as a family: AppendUint / PutUint / Uint work on
// slices, WriteUint / ReadUint on core buffered writers and readers, and
// each has a zigzag twin for signed values (AppendInt, PutInt, Int, WriteInt,
// ReadInt). [Decode] is the hot-path decoder: it inlines into the caller and
// folds the error into its count, as encoding/binary's Uvarint does; Uint
// wraps it and returns sentinel errors. Nothing here allocates.
package varint
