package compress

import (
	"errors"
	"fmt"
	"io"

	"github.com/fastio-go/fastio/core"
)

// Sentinel errors. Every error a Reader or Writer returns for bad input or
// misuse is an *Error that wraps one of these, so errors.Is works on it.
var (
	// ErrHeader reports a malformed zlib or gzip header.
	ErrHeader = errors.New("compress: invalid header")
	// ErrCorrupt reports invalid deflate data.
	ErrCorrupt = errors.New("compress: corrupt deflate data")
	// ErrTruncated reports input that ends inside a stream. It matches
	// io.ErrUnexpectedEOF too, as truncated input does everywhere in fastio.
	ErrTruncated error = &stdError{"compress: truncated input", []error{io.ErrUnexpectedEOF}}
	// ErrChecksum reports a checksum (Adler-32 or CRC-32) or size mismatch in
	// a stream's trailer.
	ErrChecksum = errors.New("compress: checksum mismatch")
	// ErrTrailingData reports bytes after the end of the stream that are not
	// another stream (see ReaderOptions.StopAtEnd to allow them).
	ErrTrailingData = errors.New("compress: trailing data after stream")
	// ErrDictionary reports a stream that needs a preset dictionary the
	// reader was not given, or a different one; and a dictionary given to a
	// format that has none (gzip).
	ErrDictionary = errors.New("compress: preset dictionary mismatch")
	// ErrRatio reports inflated output beyond ReaderOptions.MaxRatio times
	// the compressed input.
	ErrRatio = errors.New("compress: compression ratio exceeds limit")
	// ErrLevel reports a compression level outside [HuffmanOnly, BestCompression].
	ErrLevel = errors.New("compress: invalid compression level")
	// ErrFormat reports an unknown Format value.
	ErrFormat = errors.New("compress: invalid format")
)

// errTooLarge reports inflated output beyond ReaderOptions.MaxSize; it is
// core.ErrTooLarge.
var errTooLarge error = &stdError{"compress: inflated size exceeds limit", []error{core.ErrTooLarge}}

// stdError is a sentinel of this package that also matches the standard
// errors meaning the same thing, so that a caller can test for either
// with errors.Is.
type stdError struct {
	msg string
	std []error
}

func (e *stdError) Error() string   { return e.msg }
func (e *stdError) Unwrap() []error { return e.std }

// Error is the error Readers and Writers return. It says which stream
// format and operation met the problem and, for input problems, at which
// byte offset of the compressed input (counted from where the Reader
// started reading its source).
type Error struct {
	Format Format
	Op     string // "read header", "inflate", "read trailer", "write", ...
	Offset int64  // offset in the compressed input; -1 when not meaningful
	Err    error  // a sentinel of this package, or the device's error
	Detail string // extra context such as the expected and found checksums
}

func (e *Error) Error() string {
	s := "compress: " + e.Format.String() + ": " + e.Op
	if e.Offset >= 0 {
		s += fmt.Sprintf(" at offset %d", e.Offset)
	}
	s += ": " + trimPrefix(e.Err.Error())
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

// Unwrap returns the sentinel or device error.
func (e *Error) Unwrap() error { return e.Err }

func trimPrefix(s string) string {
	const p = "compress: "
	if len(s) > len(p) && s[:len(p)] == p {
		return s[len(p):]
	}
	return s
}
