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
	// ErrBadID is returned by a Writer given an identifier outside
	// 1..MaxID; the decoders return an error matching it for a tag that
	// holds the reserved identifier 0 (see Decoder.Lenient).
	ErrBadID = errors.New("record: identifier outside 1..32767")
	// ErrMisuse means a Writer was used against its contract: End calls
	// that do not match Begin calls, a Builder given to Finish that is not
	// the Writer's open record (the zero Builder, one of another Writer,
	// one already finished or dropped), or fields through a Builder that
	// take more bytes than the size given to Start. EndRecord and Finish
	// return it (each case with its own message) and drop the record.
	ErrMisuse = errors.New("record: writer misused")
	// ErrKind means a field has the other kind than the struct field it
	// maps to (an integer where a blob is expected or the reverse).
	ErrKind = errors.New("record: field kind does not match")
	// ErrRange means an integer field does not fit the struct field it
	// maps to.
	ErrRange = errors.New("record: integer out of range")
	// ErrUnsupported means Marshal, Unmarshal or a Schema was given what
	// it cannot map: a type (see Marshal), a value that points to itself,
	// or nested records deeper than 64 levels below a record.
	ErrUnsupported = errors.New("record: unsupported type")
)

// The errors of input that ends too soon match io.ErrUnexpectedEOF, the
// vocabulary of truncated input; each says where the input ended.
var (
	errTruncatedField  error = &kindOf{"record: truncated field tag", io.ErrUnexpectedEOF}
	errBlobBounds      error = &kindOf{"record: blob length beyond the input", io.ErrUnexpectedEOF}
	errTruncatedRecord error = &kindOf{"record: truncated record", io.ErrUnexpectedEOF}
)

var errReservedID error = &kindOf{"record: reserved identifier 0", ErrBadID}

var (
	errNesting      error = &kindOf{"record: unbalanced Begin/End", ErrMisuse}
	errStaleBuilder error = &kindOf{"record: builder is not the writer's open record", ErrMisuse}
	errRecordSize   error = &kindOf{"record: record body longer than the size given to Start", ErrMisuse}
)

// errTooLarge means a frame's length is beyond the reader's MaxRecord; it
// is core.ErrTooLarge.
var errTooLarge = fmt.Errorf("record: record longer than the limit: %w", core.ErrTooLarge)

// kindOf is an error with its own message that matches a more general
// one (errors.Is).
type kindOf struct {
	msg string
	of  error
}

func (e *kindOf) Error() string        { return e.msg }
func (e *kindOf) Is(target error) bool { return target == e.of }

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
