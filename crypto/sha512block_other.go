//go:build !amd64 && !purego

package crypto

// own512 is false here: the standard library serves SHA-384/512 (with its
// own assembly where it has some); this package's portable block function
// is only the purego fallback.
const own512 = false

// block512 runs the SHA-512 compression function over every 128-byte
// block of p.
func block512(h *[8]uint64, p []byte) { blockGeneric512(h, p) }
