package crypto

import (
	"encoding/binary"
	"math/bits"
)

// blockGeneric256 is the SHA-256 compression function of FIPS 180-4,
// 6.2.2, in portable Go, applied to every 64-byte block of p.
func blockGeneric256(h *[8]uint32, p []byte) {
	var w [64]uint32
	a0, b0, c0, d0, e0, f0, g0, h0 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	for len(p) >= 64 {
		for i := range 16 {
			w[i] = binary.BigEndian.Uint32(p[4*i:])
		}
		for i := 16; i < 64; i++ {
			v1, v2 := w[i-2], w[i-15]
			s1 := bits.RotateLeft32(v1, -17) ^ bits.RotateLeft32(v1, -19) ^ v1>>10
			s0 := bits.RotateLeft32(v2, -7) ^ bits.RotateLeft32(v2, -18) ^ v2>>3
			w[i] = s1 + w[i-7] + s0 + w[i-16]
		}
		a, b, c, d, e, f, g, hh := a0, b0, c0, d0, e0, f0, g0, h0
		for i := range 64 {
			t1 := hh + (bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)) +
				(e&f ^ ^e&g) + sha256K[i] + w[i]
			t2 := (bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)) +
				(a&b ^ a&c ^ b&c)
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		a0 += a
		b0 += b
		c0 += c
		d0 += d
		e0 += e
		f0 += f
		g0 += g
		h0 += hh
		p = p[64:]
	}
	h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7] = a0, b0, c0, d0, e0, f0, g0, h0
}
