//go:build !purego && (amd64 || arm64 || 386 || loong64 || ppc64le || riscv64 || wasm)

package inflate

import "unsafe"

// load64 reads 8 bytes little-endian at b[i:] without a bounds check. The
// decoder's loops establish the bounds once per iteration: the fast loop
// runs only with inSlack bytes of input left, and matches are copied only
// below outLimit, whose slack covers a match and the copy's overrun, from a
// distance checked against the output so far. The purego build checks
// every access instead, and the tests run both ways.
func load64(b []byte, i int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))
}

// store64 writes 8 bytes little-endian at b[i:] without a bounds check;
// see load64.
func store64(b []byte, i int, v uint64) {
	*(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i)) = v
}

// store16 writes v at b[i:] without a bounds check, as a uint16 that b's
// bytes are the memory of; see load64.
func store16(b []byte, i int, v uint16) {
	*(*uint16)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i)) = v
}
