// Package record is a compact binary record format and its codec: data is
// only integers and blobs, each stored as a field with a 2-byte
// identifier, and many records are framed one after another in a file or
// stream that can be written and read back one record at a time with
// bounded memory.
//
// # Wire format
//
// This section is the whole specification; it is enough to reimplement the
// format.
//
// A varint is an unsigned integer of up to 64 bits stored 7 bits per byte,
// least significant group first, with the top bit (0x80) of each byte set
// when another byte follows. It is at most 10 bytes long, and a 10th byte
// is 0x01 at most. A writer writes it minimal: its last byte is not 0x00
// unless the varint is the single byte 0x00. (These are the varints of
// package codec/varint, the same bytes as encoding/binary's Uvarint and
// protobuf.)
//
// A field is
//
//	tag   2 bytes, big endian: bit 15 is the kind (0 integer, 1 blob),
//	      bits 0-14 the identifier, 1 to 32767. A writer does not use
//	      identifier 0 (tags 0x0000 and 0x8000), so that zero-filled or
//	      truncated-to-zero data does not decode as a field.
//	value varint: for an integer field, the value itself; for a blob
//	      field, the length L of the blob.
//	bytes for a blob field only, the L bytes of the blob.
//
// A record body is a sequence of zero or more fields, with nothing between
// or after them. Identifiers may repeat; their meaning is the
// application's. Signed integers are stored zigzag-encoded (0, -1, 1, -2
// as 0, 1, 2, 3). A nested record is a blob field whose bytes are a record
// body. A string is a blob of its bytes.
//
// A stream (a file) is a sequence of frames, one per record, with nothing
// between or after them:
//
//	length varint: the length N of the record body in bytes
//	body   the N bytes of the record body
//
// The stream ends cleanly at the end of a frame; an empty stream holds no
// records. N = 0 is an empty record.
//
// A timestamp is a blob of two varints: the seconds since the Unix epoch
// (the signed value's bits as an unsigned 64-bit integer, not zigzag: a
// time before 1970 takes 10 bytes) and the nanoseconds, below 10^9.
//
// # Canonical and lenient decoding
//
// A reader may meet two things no writer of this package produces but
// the layout above can carry: varints with redundant zero groups (0x80
// 0x00 for 0), which some encoders write when they patch a length after
// the fact, and identifier 0. By default the decoders refuse both
// (varint.ErrOverlong, an ErrBadID): then every value has exactly one
// encoding, so records can be compared, hashed and deduplicated byte for
// byte, and a run of zero bytes (a preallocated or truncated file) is an
// error instead of a record of fields numbered 0. [Decoder.Lenient]
// (r.Fields().Lenient() for a [Reader]'s records) and the Reader's Lenient
// field (for frame lengths) accept both for data from other writers:
// non-minimal varints everywhere (field headers, frame lengths, nested
// records, timestamps, integer arrays) and identifier 0 as an ordinary
// field, which Unmarshal and Schema.Decode skip. Overflowing and 11-byte
// varints, truncation and blobs past their record stay errors.
//
// # Nesting
//
// Nested records may go 64 levels deep below a record. Unmarshal
// and Schema.Decode refuse deeper input with [ErrUnsupported], and the
// encoders refuse to write it the same way ([Writer.Begin], [Marshal],
// [Schema.Encode]), so everything written can be read back. Marshal of a
// value that points to itself fails with ErrUnsupported too, naming the
// path of fields.
//
// # Reading and writing
//
// [Writer] builds one record at a time onto any core.BufferedWriter (or
// io.Writer) and frames it. Reader reads frames from any
// core.BufferedReader (or io.Reader); a record that fits in the reader's
// buffer is decoded in place, a larger one is gathered into a buffer that
// never grows past Reader.MaxRecord, whatever the input claims. Decoder
// walks the fields of one record body held in a slice; blob values are
// sub-slices of it, never copies. The Append functions build record bodies
// in plain slices.
//
// [Builder] is the fast way to encode: [Writer.Start] reserves room for a
// record body of a size the caller bounds and returns a Builder, a value
// of two words that the compiler keeps in registers; its field methods
// (Uint, Bool, Begin, SmallBlob and Array inline; Int, Blob, String,
// Time and End do not)
// each return the builder with the field added, and [Writer.Finish] frames
// the record:
//
//	r := w.Start(3*record.MaxHeaderLen + len(name))
//	r = r.Uint(1, uid)
//	r = r.String(4, name)
//	err := w.Finish(r) // ErrMisuse if the fields took more than the bound
//
// The bytes are those of the Writer's methods, and Finish commits the
// record to the buffered writer as EndRecord does (through the inlined
// fast paths of a core.Engine when the Writer writes to a *core.Writer or
// another writer that hands out its core.Engine). [Writer.Next]
// finishes a record and starts the next in one call, for loops over many
// records.
// Builder.Time writes a timestamp (a blob of two varints, seconds and
// nanoseconds) in place, and the generic function Array a byte array of 1
// to 32 bytes with a copy the compiler writes in line;
// [Field.Time] reads the timestamp back. [Schema.Write] encodes a whole
// struct through a builder.
//
// [Marshal] and [Unmarshal] map a struct to fields through `record:"N"` field
// tags, so that applications need no switch over identifiers; Schema[T]
// does the same for one type without interface conversions, and decodes
// []byte fields without copying. Unknown identifiers are skipped, which
// lets old readers accept files written by newer programs. Schema.Decode
// is the fastest way to read records: it decodes uint64, []byte, [N]byte
// and [N]uint64 fields (N up to 255) in one loop over the body that takes
// each field header from a single 8-byte load, and hands any other field,
// and every error, to the general decoder, so the results are the same.
// Schema.Encode, Schema.Write and Marshal likewise write structs whose
// tagged fields are all integers, bools, strings, []byte, [N]byte (N < 128)
// or [N]uint64 (N <= 12) with one check of the buffer's room per record.
//
// # Errors
//
// Encoding errors (ErrBadID, ErrMisuse) are returned by EndRecord and
// Finish, which drop the faulty record; the Writer stays usable. Decoding
// errors are *Error values giving the operation, the byte offset (from the
// start of the stream, or of the slice given to NewDecoder) and, when
// known, the field identifier; errors.Is matches the sentinels of this
// package and of codec/varint (varint.ErrTruncated for a truncated varint,
// varint.ErrTooLong for an 11-byte one, and so on). Input that ends too
// soon (inside a field tag, a record or a blob, or a truncated varint)
// matches io.ErrUnexpectedEOF.
package record
