package record

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fastio-go/fastio/core"
)

var (
	// ErrTruncatedField means the input ends inside a field's 2-byte tag.
	// It matches io.ErrUnexpectedEOF, as do ErrBlobBounds and
	// ErrTruncatedRecord.
	ErrTruncatedField error = &truncated{"record: truncated field tag"}
	// ErrBlobBounds means a blob's length runs past the end of its record.
	ErrBlobBounds error = &truncated{"record: blob length beyond the input"}
	// ErrReservedID means a tag holds the reserved identifier 0.
	ErrReservedID = errors.New("record: reserved identifier 0")
	// ErrTruncatedRecord means the stream ends inside a frame's body.
	ErrTruncatedRecord error = &truncated{"record: truncated record"}
	// ErrBadID is returned by a Writer given an identifier outside 1..MaxID.
	ErrBadID = errors.New("record: identifier outside 1..32767")
	// ErrNesting is returned by a Writer whose End calls do not match its
	// Begin calls.
	ErrNesting = errors.New("record: unbalanced Begin/End")
	// ErrStaleBuilder is returned by Writer.Finish given a Builder that
	// is not the open record of that Writer: the zero Builder, one of
	// another Writer, or one whose record was already finished or
	// dropped.
	ErrStaleBuilder = errors.New("record: builder is not the writer's open record")
	// ErrRecordSize is returned by Writer.Finish when the fields added
	// through a Builder take more bytes than the size given to Start.
	ErrRecordSize = errors.New("record: record body longer than the size given to Start")
	// ErrKind means a field has the other kind than the struct field it
	// maps to (an integer where a blob is expected or the reverse).
	ErrKind = errors.New("record: field kind does not match")
	// ErrRange means an integer field does not fit the struct field it
	// maps to.
	ErrRange = errors.New("record: integer out of range")
	// ErrUnsupported means Marshal or Unmarshal was given a type it cannot
	// map (see Marshal).
	ErrUnsupported = errors.New("record: unsupported type")
)

// errTooLarge means a frame's length is beyond the reader's MaxRecord; it
// is core.ErrTooLarge.
var errTooLarge = fmt.Errorf("record: record longer than the limit: %w", core.ErrTooLarge)

// truncated is an error of input that ends too soon: it matches
// io.ErrUnexpectedEOF, the vocabulary of truncated input.
type truncated struct{ msg string }

func (e *truncated) Error() string        { return e.msg }
func (e *truncated) Is(target error) bool { return target == io.ErrUnexpectedEOF }

// Error is a decoding or usage error with its context.
type Error struct {
	Op     string // what was being done: "read frame length", "decode", "unmarshal", ...
	Offset int64  // byte offset of the frame or field at fault; -1 when unknown
	ID     ID     // the field's identifier, or 0 when unknown
	Err    error  // the cause: a sentinel of this package or of codec/varint
}

func (e *Error) Error() string {
	s := "record: " + e.Op
	if e.ID != 0 {
		s += " field " + strconv.Itoa(int(e.ID))
	}
	if e.Offset >= 0 {
		s += " at offset " + strconv.FormatInt(e.Offset, 10)
	}
	return s + ": " + strings.TrimPrefix(e.Err.Error(), "record: ")
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
