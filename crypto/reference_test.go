//go:build amd64 && !purego

package crypto

import (
	"encoding/binary"
	"math/bits"
)

// The compression functions of FIPS 180-4 in portable Go: the references
// the assembly is checked against on random states.

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

// blockGeneric1 is the SHA-1 compression function in portable Go.
func blockGeneric1(h *[5]uint32, p []byte) {
	var w [16]uint32
	h0, h1, h2, h3, h4 := h[0], h[1], h[2], h[3], h[4]
	for len(p) >= 64 {
		for i := range 16 {
			w[i] = binary.BigEndian.Uint32(p[4*i:])
		}
		a, b, c, d, e := h0, h1, h2, h3, h4
		for i := range 80 {
			if i >= 16 {
				x := w[(i-3)&15] ^ w[(i-8)&15] ^ w[(i-14)&15] ^ w[i&15]
				w[i&15] = bits.RotateLeft32(x, 1)
			}
			var f, k uint32
			switch {
			case i < 20:
				f, k = b&c|^b&d, 0x5a827999
			case i < 40:
				f, k = b^c^d, 0x6ed9eba1
			case i < 60:
				f, k = b&c|b&d|c&d, 0x8f1bbcdc
			default:
				f, k = b^c^d, 0xca62c1d6
			}
			t := bits.RotateLeft32(a, 5) + f + e + k + w[i&15]
			a, b, c, d, e = t, a, bits.RotateLeft32(b, 30), c, d
		}
		h0 += a
		h1 += b
		h2 += c
		h3 += d
		h4 += e
		p = p[64:]
	}
	h[0], h[1], h[2], h[3], h[4] = h0, h1, h2, h3, h4
}

// blockGeneric512 is the SHA-512 compression function of FIPS 180-4,
// 6.4.2, in portable Go, applied to every 128-byte block of p.
func blockGeneric512(h *[8]uint64, p []byte) {
	var w [80]uint64
	a0, b0, c0, d0, e0, f0, g0, h0 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	for len(p) >= 128 {
		for i := range 16 {
			w[i] = binary.BigEndian.Uint64(p[8*i:])
		}
		for i := 16; i < 80; i++ {
			v1, v2 := w[i-2], w[i-15]
			s1 := bits.RotateLeft64(v1, -19) ^ bits.RotateLeft64(v1, -61) ^ v1>>6
			s0 := bits.RotateLeft64(v2, -1) ^ bits.RotateLeft64(v2, -8) ^ v2>>7
			w[i] = s1 + w[i-7] + s0 + w[i-16]
		}
		a, b, c, d, e, f, g, hh := a0, b0, c0, d0, e0, f0, g0, h0
		for i := range 80 {
			t1 := hh + (bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)) +
				(e&f ^ ^e&g) + sha512K[i] + w[i]
			t2 := (bits.RotateLeft64(a, -28) ^ bits.RotateLeft64(a, -34) ^ bits.RotateLeft64(a, -39)) +
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
		p = p[128:]
	}
	h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7] = a0, b0, c0, d0, e0, f0, g0, h0
}
