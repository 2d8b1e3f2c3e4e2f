//go:build !purego && (amd64 || arm64 || 386 || loong64 || ppc64le || riscv64 || wasm)

package deflate

import "unsafe"

// load32 reads 4 bytes little-endian at b[i:] without a bounds check. The
// parsers stop 4 bytes before the end of the input, candidates lie before
// the position, and matchLen compares only below its limit, so every
// access is inside buf; the purego build checks each one instead, and the
// tests run both ways.
func load32(b []byte, i int) uint32 {
	return *(*uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))
}

// load64 reads 8 bytes little-endian at b[i:] without a bounds check; see
// load32.
func load64(b []byte, i int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))
}

// store64 writes 8 bytes little-endian at b[i:] without a bounds check.
// writeTokens grows its buffer to the block's size plus 8 first.
func store64(b []byte, i int, v uint64) {
	*(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i)) = v
}
