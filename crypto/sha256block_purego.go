//go:build purego

package crypto

const hasSHANI = false

// own256 is true under purego: this package's SHA-224/256 runs on its
// portable Go block function, so that no assembly runs at all.
const own256 = true

// block256 runs the SHA-256 compression function over every 64-byte block
// of p.
func block256(h *[8]uint32, p []byte) { blockGeneric256(h, p) }

// block1 runs the SHA-1 compression function over every 64-byte block of
// p.
func block1(h *[5]uint32, p []byte) { blockGeneric1(h, p) }
