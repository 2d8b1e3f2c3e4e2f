package format

import (
	"errors"
	"strconv"
)

// ErrTooLong means a token or line does not fit in the reader's buffer;
// the buffer size is the limit the caller sets (core.NewReaderSize). A
// *ScanError wraps it, or strconv.ErrSyntax (the token is not of the
// expected form), strconv.ErrRange (a number out of range of the type),
// or the reader's own error: test with errors.Is.
var ErrTooLong = errors.New("format: token longer than the reader's buffer")

// ScanError describes a scan that failed: what was expected, what was
// found, and where.
type ScanError struct {
	// Expected names what the scan wanted: "int64", "float64", "bool", ...
	Expected string
	// Found is the token met (at most 40 bytes of it), empty at the end of
	// the input.
	Found string
	// Offset is the byte offset of the token in the input read through the
	// Scanner.
	Offset int64
	// Err is strconv.ErrSyntax, strconv.ErrRange, ErrTooLong,
	// io.ErrUnexpectedEOF, the error of a TextUnmarshaler, or the reader's
	// error.
	Err error
}

// Error formats the error as
// `format: expected int64 at offset 12, found "12ab": invalid syntax`.
func (e *ScanError) Error() string {
	b := make([]byte, 0, 96)
	b = append(b, "format: expected "...)
	b = append(b, e.Expected...)
	b = append(b, " at offset "...)
	b = strconv.AppendInt(b, e.Offset, 10)
	if e.Found != "" {
		b = append(b, ", found "...)
		b = strconv.AppendQuote(b, e.Found)
	}
	b = append(b, ": "...)
	b = append(b, e.Err.Error()...)
	return string(b)
}

// Unwrap returns Err.
func (e *ScanError) Unwrap() error { return e.Err }

// maxFound bounds the excerpt kept in a ScanError.
const maxFound = 40

func newScanError(expected string, found []byte, off int64, err error) *ScanError {
	if len(found) > maxFound {
		found = found[:maxFound]
	}
	return &ScanError{Expected: expected, Found: string(found), Offset: off, Err: err}
}
