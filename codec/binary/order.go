package binary

import "encoding/binary"

// ByteOrder is the byte order of multi-byte numbers.
type ByteOrder uint8

// The byte orders.
const (
	LittleEndian ByteOrder = iota
	BigEndian
)

func (o ByteOrder) String() string {
	if o == BigEndian {
		return "big-endian"
	}
	return "little-endian"
}

// NativeEndian is the machine's byte order, in which Codec copies values
// without converting them. It is a constant, set per architecture (as
// encoding/binary.NativeEndian is).
const NativeEndian = nativeEndian

// nativeOrder is NativeEndian, under the name the package uses.
const nativeOrder = NativeEndian

func (o ByteOrder) std() binary.ByteOrder {
	if o == BigEndian {
		return binary.BigEndian
	}
	return binary.LittleEndian
}
