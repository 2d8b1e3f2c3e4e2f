package binary

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fastio-go/fastio/core"
)

var (
	// ErrShort means the input ends inside a value. It matches
	// io.ErrUnexpectedEOF with errors.Is.
	ErrShort error = &truncated{"binary: input ends inside a value"}
	// ErrBool means a bool is encoded as a byte other than 0 and 1.
	ErrBool = errors.New("binary: bool byte is neither 0 nor 1")
	// ErrDuplicateKey means a map holds a key twice.
	ErrDuplicateKey = errors.New("binary: duplicate map key")
	// ErrNotFixed means a type is not fixed-size (see the package doc).
	ErrNotFixed = errors.New("binary: type is not fixed-size")
)

// Error is a decoding error with the offset, from the start of the input
// given to the decoder, of the value at fault.
type Error struct {
	Op     string // the decoder: "decode", "decode slice", ...
	Offset int64
	Err    error
}

func (e *Error) Error() string {
	return "binary: " + e.Op + " at offset " + strconv.FormatInt(e.Offset, 10) + ": " +
		strings.TrimPrefix(e.Err.Error(), "binary: ")
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// truncated is an error of input that ends too soon: it matches
// io.ErrUnexpectedEOF, the vocabulary of truncated input.
type truncated struct{ msg string }

func (e *truncated) Error() string        { return e.msg }
func (e *truncated) Is(target error) bool { return target == io.ErrUnexpectedEOF }

// errTooLarge means a length prefix claims more than the caller's limit;
// it is core.ErrTooLarge. errBeyondInput is the same for a length beyond
// the rest of the input, which also matches io.ErrUnexpectedEOF (the input
// may have been cut short).
var errTooLarge = fmt.Errorf("binary: length beyond the limit: %w", core.ErrTooLarge)

var errBeyondInput error = beyondInput{}

type beyondInput struct{}

func (beyondInput) Error() string { return "binary: length beyond the input" }
func (beyondInput) Is(target error) bool {
	return target == core.ErrTooLarge || target == io.ErrUnexpectedEOF
}
