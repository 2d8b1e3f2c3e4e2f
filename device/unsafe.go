package device

import "unsafe"

// bytesOf views s as a byte slice without copying; callers never write to
// it.
func bytesOf(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}
