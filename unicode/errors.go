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
	Bytes    [4]byte  // the bad sequence (its first four bytes, if longer)
	N        int      // how many of Bytes are set
	Err      error    // ErrInvalid, ErrTruncated or ErrUnencodable
}

// newError returns the *Error for the bad sequence at the start of p (p
// runs on to the end of the input), which it finds with badLen.
func newError(enc Encoding, off int64, p []byte, cause error) *Error {
	e := &Error{Encoding: enc, Offset: off, Err: cause}
	n := len(p)
	if cause != ErrTruncated {
		n = badLen(enc, p)
	}
	e.N = copy(e.Bytes[:], p[:n])
	return e
}

// badLen returns the length of the ill-formed sequence at the start of p,
// which a decoder rejected: for UTF-8 the maximal subpart of a
// well-formed sequence (or one byte), as Unicode defines it, for UTF-16
// and UTF-32 one code unit, for GB18030 one byte, or the four of a
// four-byte code outside the mapped ranges.
func badLen(enc Encoding, p []byte) int {
	if len(p) == 0 {
		return 0
	}
	switch enc {
	case UTF16LE, UTF16BE, UTF16:
		return min(2, len(p))
	case UTF32LE, UTF32BE, UTF32:
		return min(4, len(p))
	case GB18030:
		if len(p) >= 4 && p[0] >= 0x81 && p[0] <= 0xFE && p[1] >= 0x30 && p[1] <= 0x39 &&
			p[2] >= 0x81 && p[2] <= 0xFE && p[3] >= 0x30 && p[3] <= 0x39 {
			return 4
		}
		return 1
	case UTF8:
		lo, hi := byte(0x80), byte(0xBF)
		var need int
		switch c := p[0]; {
		case c >= 0xC2 && c <= 0xDF:
			need = 1
		case c == 0xE0:
			need, lo = 2, 0xA0
		case c == 0xED:
			need, hi = 2, 0x9F
		case c >= 0xE1 && c <= 0xEF:
			need = 2
		case c == 0xF0:
			need, lo = 3, 0x90
		case c == 0xF4:
			need, hi = 3, 0x8F
		case c >= 0xF1 && c <= 0xF3:
			need = 3
		default:
			return 1
		}
		n := 1
		for ; n <= need && n < len(p); n++ {
			if p[n] < lo || p[n] > hi {
				break
			}
			lo, hi = 0x80, 0xBF
		}
		return n
	}
	return len(p) // a bridged decoder's error holds the sequence alone
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
