package record

import (
	"encoding/binary"
	"errors"
	"time"

	"github.com/fastio-go/fastio/codec/varint"
)

// A timestamp field is a blob holding two
// varints, the seconds since the Unix epoch (time.Time.Unix, as an
// unsigned 64-bit integer: a time before 1970 takes 10 bytes) and then the
// nanoseconds within the second (0..999999999, at most 5 bytes).

// MaxTimeLen is the most bytes a timestamp field takes: the tag, the
// blob's one-byte length and the two varints.
const MaxTimeLen = 3 + varint.MaxLen64 + 5

// ErrTimestamp means a timestamp field's blob is not exactly two varints
// with nanoseconds below 1e9.
var ErrTimestamp = errors.New("record: timestamp is not two varints (seconds, nanoseconds below 1e9)")

// Time adds a timestamp field: a blob holding t's Unix seconds and then
// its nanoseconds as two varints, the bytes of Blob given those two
// varints. They are written in place, with no scratch array and no copy.
// The field counts as 3+n bytes against the size given to Start, n the
// two varints' length (MaxTimeLen bytes at most).
func (r Builder) Time(id ID, t time.Time) Builder {
	a, b := uint64(t.Unix()), uint64(t.Nanosecond())
	n := r.n | badID(id)
	room := len(r.b) - n - MaxHeaderLen
	if room < 2*varint.MaxLen64 && room < varint.Len(a)+varint.Len(b) {
		// Only the field's actual length counts against the bound.
		return Builder{r.b[:0], n}
	}
	// The field's 3+n bytes end within the bound. Time calls nothing
	// (the bounds checks' panics aside), so that it runs without a stack
	// frame.
	p := r.b[n:]
	binary.BigEndian.PutUint16(p, uint16(id)|blobBit)
	k := 3
	for ; a >= 0x80; k++ {
		p[k] = byte(a) | 0x80
		a >>= 7
	}
	p[k] = byte(a)
	k++
	for ; b >= 0x80; k++ {
		p[k] = byte(b) | 0x80
		b >>= 7
	}
	p[k] = byte(b)
	k++
	p[2] = byte(k - 3)
	return Builder{r.b, n + k}
}

// putTime writes t's two varints at the start of p, which has room for
// 2*varint.MaxLen64 bytes, and returns their length.
func putTime(p []byte, t time.Time) int {
	n := varint.PutUint(p, uint64(t.Unix()))
	return n + varint.PutUint(p[n:], uint64(t.Nanosecond()))
}

// Time adds a timestamp field: a blob holding t's Unix seconds and then
// its nanoseconds as two varints (see Builder.Time).
func (e *Writer) Time(id ID, t time.Time) {
	var tmp [2 * varint.MaxLen64]byte
	e.Blob(id, tmp[:putTime(tmp[:], t)])
}

// AppendTime appends a timestamp field to dst (see Builder.Time).
func AppendTime(dst []byte, id ID, t time.Time) []byte {
	var tmp [2 * varint.MaxLen64]byte
	return AppendBlob(dst, id, tmp[:putTime(tmp[:], t)])
}

// Time returns the time held by a timestamp field (see Builder.Time), in
// the local time zone as time.Unix returns it. The errors are *Error
// values with the field's identifier and the offset of the bad byte:
// ErrKind for an integer field, codec/varint's ErrTruncated, ErrOverlong,
// ErrOverflow or ErrTooLong for a bad varint, and ErrTimestamp for bytes
// after the two varints or nanoseconds of 1e9 or more.
func (f *Field) Time() (time.Time, error) {
	if f.Kind != Blob {
		return time.Time{}, &Error{Op: "decode timestamp", Offset: f.Offset, ID: f.ID, Err: ErrKind}
	}
	sec, n, err := varint.Uint(f.Data)
	if err != nil {
		return f.timeErr(0, err)
	}
	nsec, k, err := varint.Uint(f.Data[n:])
	if err != nil {
		return f.timeErr(n, err)
	}
	if nsec >= 1e9 {
		return f.timeErr(n, ErrTimestamp)
	}
	if n+k != len(f.Data) {
		return f.timeErr(n+k, ErrTimestamp)
	}
	return time.Unix(int64(sec), int64(nsec)), nil
}

// timeErr is Time's error at byte off of the blob, or, for a lenient
// field, Time's lenient decoding.
func (f *Field) timeErr(off int, err error) (time.Time, error) {
	if f.lenient {
		return f.timeLenient()
	}
	return time.Time{}, &Error{Op: "decode timestamp", Offset: f.dataOffset() + int64(off), ID: f.ID, Err: err}
}

// timeLenient is Time accepting non-minimal varints.
func (f *Field) timeLenient() (time.Time, error) {
	data := f.dataOffset()
	sec, n, err := varint.UintLenient(f.Data)
	if err != nil {
		return time.Time{}, &Error{Op: "decode timestamp", Offset: data, ID: f.ID, Err: err}
	}
	nsec, k, err := varint.UintLenient(f.Data[n:])
	if err != nil {
		return time.Time{}, &Error{Op: "decode timestamp", Offset: data + int64(n), ID: f.ID, Err: err}
	}
	if nsec >= 1e9 {
		return time.Time{}, &Error{Op: "decode timestamp", Offset: data + int64(n), ID: f.ID, Err: ErrTimestamp}
	}
	if n+k != len(f.Data) {
		return time.Time{}, &Error{Op: "decode timestamp", Offset: data + int64(n+k), ID: f.ID, Err: ErrTimestamp}
	}
	return time.Unix(int64(sec), int64(nsec)), nil
}
