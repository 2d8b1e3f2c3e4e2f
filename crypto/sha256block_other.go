//go:build !amd64 || purego

package crypto

const hasSHANI = false

// own256 selects this package's SHA-224/256 (sha256.go): under purego, its
// portable Go, so that no assembly runs; elsewhere sha256-simd (SHA
// instructions on arm64) and the standard library are used instead.
const own256 = purego

// block256 runs the SHA-256 compression function over every 64-byte block
// of p.
func block256(h *[8]uint32, p []byte) { blockGeneric256(h, p) }
