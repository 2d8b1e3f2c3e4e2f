//go:build purego

package crypto

// own512 is true under purego: this package's SHA-384/512 runs on its
// portable Go block function, so that no assembly runs at all.
const own512 = true

// block512 runs the SHA-512 compression function over every 128-byte
// block of p.
func block512(h *[8]uint64, p []byte) { blockGeneric512(h, p) }
