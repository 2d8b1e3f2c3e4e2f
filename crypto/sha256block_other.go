//go:build !amd64 && !purego

package crypto

const hasSHANI = false

// own256 is false here: sha256-simd (SHA instructions on arm64) and the
// standard library serve SHA-224/256; this package's portable block
// function is only the purego fallback.
const own256 = false

// block256 runs the SHA-256 compression function over every 64-byte block
// of p.
func block256(h *[8]uint32, p []byte) { blockGeneric256(h, p) }

// block1 runs the SHA-1 compression function over every 64-byte block of
// p.
func block1(h *[5]uint32, p []byte) { blockGeneric1(h, p) }
