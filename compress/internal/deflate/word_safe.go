//go:build purego || !(amd64 || arm64 || 386 || loong64 || ppc64le || riscv64 || wasm)

package deflate

import "encoding/binary"

// load32 reads 4 bytes little-endian at b[i:].
func load32(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[i:]) }

// load64 reads 8 bytes little-endian at b[i:].
func load64(b []byte, i int) uint64 { return binary.LittleEndian.Uint64(b[i:]) }

// store64 writes 8 bytes little-endian at b[i:].
func store64(b []byte, i int, v uint64) { binary.LittleEndian.PutUint64(b[i:], v) }
