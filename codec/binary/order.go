package binary

import (
	"encoding/binary"
	"unsafe"
)

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

// nativeOrder is the byte order of the machine.
var nativeOrder = func() ByteOrder {
	x := uint16(1)
	if *(*byte)(unsafe.Pointer(&x)) == 1 {
		return LittleEndian
	}
	return BigEndian
}()

// NativeEndian is the machine's byte order, in which Codec copies values
// without converting them.
var NativeEndian = nativeOrder

func (o ByteOrder) std() binary.ByteOrder {
	if o == BigEndian {
		return binary.BigEndian
	}
	return binary.LittleEndian
}
