package crypto

import (
	"errors"
	"fmt"
)

// ErrBatchLength is wrapped by the error of SumMany256 when the digests
// and messages slices differ in length.
var ErrBatchLength = errors.New("crypto: digests and messages differ in length")

// BatchLengthError reports a batch whose digests and messages slices
// differ in length. It unwraps to ErrBatchLength.
type BatchLengthError struct {
	Digests, Messages int // the two lengths
}

// Error gives both lengths.
func (e *BatchLengthError) Error() string {
	return fmt.Sprintf("crypto: SumMany256: %d digests for %d messages", e.Digests, e.Messages)
}

// Unwrap returns ErrBatchLength.
func (e *BatchLengthError) Unwrap() error { return ErrBatchLength }

// SumMany256 writes the SHA-256 digest of messages[i] to digests[i] for
// every i. The digests are those of Sum256; what the batch adds is speed
// on many messages. On x86-64 it hashes groups of 16 messages with
// AVX-512, one message per 32-bit vector lane, where the CPU has AVX-512BW
// and the SHA extensions and most of the 16 are 192 bytes or longer, and
// the others two at a time with the SHA extensions, in one kernel that
// runs each message's chain of dependent SHA256RNDS2 instructions in the
// other's latency. Messages of any lengths may be mixed. Elsewhere, and
// under the purego build tag, it calls Sum256 for each message.
//
// The error, when len(digests) != len(messages), is a *BatchLengthError
// wrapping ErrBatchLength, and no digest is written. SumMany256 allocates
// nothing.
func SumMany256(digests [][32]byte, messages [][]byte) error {
	if len(digests) != len(messages) {
		return &BatchLengthError{Digests: len(digests), Messages: len(messages)}
	}
	sumMany256(digests, messages)
	return nil
}
