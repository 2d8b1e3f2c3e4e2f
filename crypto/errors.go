package crypto

import (
	"errors"
	"fmt"
)

var (
	// ErrAlgorithm is returned for an Algorithm value or name this package
	// does not know.
	ErrAlgorithm = errors.New("crypto: unknown hash algorithm")
	// ErrDigestLength is returned when a digest or tag has a length the
	// algorithm cannot produce.
	ErrDigestLength = errors.New("crypto: invalid digest length")
	// ErrHexDigest is returned when a hex digest has a character that is
	// not a hex digit, or an odd length.
	ErrHexDigest = errors.New("crypto: invalid hex digest")
)

// errEmptyDigest is ParseHexDigest's error for an empty string: no
// algorithm has an empty digest.
var errEmptyDigest = fmt.Errorf("%w: empty hex digest", ErrDigestLength)

// AlgorithmError reports an unknown algorithm: its number or the name that
// failed to parse. It unwraps to ErrAlgorithm.
type AlgorithmError struct {
	Name  string    // the name given to ParseAlgorithm, if any
	Value Algorithm // the value given, if no name
}

// Error names the unknown algorithm.
func (e *AlgorithmError) Error() string {
	if e.Name != "" {
		return fmt.Sprintf("crypto: unknown hash algorithm %q", e.Name)
	}
	return fmt.Sprintf("crypto: unknown hash algorithm %d", int(e.Value))
}

// Unwrap returns ErrAlgorithm.
func (e *AlgorithmError) Unwrap() error { return ErrAlgorithm }

// HexError reports where a hex digest is malformed. It unwraps to
// ErrHexDigest.
type HexError struct {
	Offset int  // byte offset of the first bad character, or the length if odd
	Char   byte // the bad character
	Odd    bool // the length is odd
}

// Error says what is wrong with the hex digest and where.
func (e *HexError) Error() string {
	if e.Odd {
		return fmt.Sprintf("crypto: invalid hex digest: odd length %d", e.Offset)
	}
	return fmt.Sprintf("crypto: invalid hex digest: bad character %q at offset %d", e.Char, e.Offset)
}

// Unwrap returns ErrHexDigest.
func (e *HexError) Unwrap() error { return ErrHexDigest }
