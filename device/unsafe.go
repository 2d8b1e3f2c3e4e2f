package device

import (
	"errors"
	"unsafe"
)

var errNegativeOffset = errors.New("negative offset or length")

// bytesOf views s as a byte slice without copying; callers never write to
// it.
func bytesOf(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}
