package unicode

import (
	"errors"
	"io"
	"strconv"
)

var (
	// ErrInvalid is the cause of an *Error for an ill-formed sequence: a
	// byte that cannot start a sequence, a missing continuation, an overlong
	// UTF-8 form, an unpaired surrogate, a value above U+10FFFF, or a
	// GB18030 code outside the mapped ranges.
	ErrInvalid = errors.New("unicode: invalid input sequence")
	// ErrTruncated is the cause of an *Error for a sequence cut short by the
	// end of the input. It wraps io.ErrUnexpectedEOF, so that
	// errors.Is(err, io.ErrUnexpectedEOF) holds for truncated input here as
	// in every fastio module.
	ErrTruncated error = &wrapping{"unicode: truncated sequence at end of input", io.ErrUnexpectedEOF}
	// ErrUnencodable is the cause of an *Error for a character that the
	// target encoding (a golang.org/x/text one) cannot represent.
	ErrUnencodable = errors.New("unicode: character not representable in target encoding")
	// ErrUnknownEncoding is wrapped by the errors of New, Register and
	// charset.Lookup for an Encoding value or a label that names no encoding.
	ErrUnknownEncoding = errors.New("unicode: unknown encoding")
	// ErrPendingTooLong is returned by a streaming Writer whose bridged
	// (golang.org/x/text) source decoder holds back more bytes than the Writer
	// keeps between writes.
	ErrPendingTooLong = errors.New("unicode: incomplete sequence longer than the streaming limit")
)

// Error reports where a conversion met bad input under the Strict policy.
// Err is ErrInvalid, ErrTruncated or ErrUnencodable, so errors.Is works on
// an *Error.
type Error struct {
	Encoding Encoding // the source encoding (the target one for ErrUnencodable)
	Offset   int64    // byte offset of the bad sequence in the source, counted from the first byte converted; -1 if unknown
	Bytes    [4]byte  // the first bytes of the bad sequence
	N        int      // how many of Bytes are set
	Err      error    // ErrInvalid, ErrTruncated or ErrUnencodable
}

func newError(enc Encoding, off int64, p []byte, cause error) *Error {
	e := &Error{Encoding: enc, Offset: off, Err: cause}
	e.N = copy(e.Bytes[:], p)
	return e
}

// Error formats the error as "unicode: invalid UTF-8 sequence 0xC0 0xAF at
// byte offset 17".
func (e *Error) Error() string {
	b := []byte("unicode: ")
	switch e.Err {
	case ErrTruncated:
		b = append(b, "truncated "...)
	case ErrUnencodable:
		b = append(b, "unencodable "...)
	default:
		b = append(b, "invalid "...)
	}
	b = append(b, e.Encoding.String()...)
	b = append(b, " sequence"...)
	for _, c := range e.Bytes[:min(max(e.N, 0), len(e.Bytes))] {
		b = append(b, " 0x"...)
		b = append(b, "0123456789ABCDEF"[c>>4], "0123456789ABCDEF"[c&15])
	}
	if e.Offset >= 0 {
		b = append(b, " at byte offset "...)
		b = strconv.AppendInt(b, e.Offset, 10)
	}
	return string(b)
}

// Unwrap returns the cause, one of the package's sentinels.
func (e *Error) Unwrap() error { return e.Err }

// wrapping is a sentinel error that wraps a standard one.
type wrapping struct {
	msg string
	std error
}

func (e *wrapping) Error() string { return e.msg }
func (e *wrapping) Unwrap() error { return e.std }
