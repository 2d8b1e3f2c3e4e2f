//go:build purego || !(amd64 || arm64 || 386 || loong64 || ppc64le || riscv64 || wasm)

package inflate

import "encoding/binary"

// load64 reads 8 bytes little-endian at b[i:].
func load64(b []byte, i int) uint64 { return binary.LittleEndian.Uint64(b[i:]) }

// store64 writes 8 bytes little-endian at b[i:].
func store64(b []byte, i int, v uint64) { binary.LittleEndian.PutUint64(b[i:], v) }

// store16 writes v at b[i:] in the machine's byte order, as a uint16
// that b's bytes are the memory of.
func store16(b []byte, i int, v uint16) { binary.NativeEndian.PutUint16(b[i:], v) }
