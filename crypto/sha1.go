package crypto

//go:generate go run gen_sha1.go

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// Our own SHA-1 (FIPS 180-4, 6.1) over block1: the SHA-NI assembly of
// sha1block_amd64.s where the CPU has it, portable Go under purego. Like
// sha256.go it serves the one-shot Sum1 and the SHA-1 engine, whose
// padding is built in one stack buffer.

var iv1 = [5]uint32{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0}

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

// finish1 is finish256 for SHA-1.
func finish1(h *[5]uint32, tail []byte, total uint64, out *[20]byte) {
	var buf [128]byte
	end := padFinal(&buf, tail, total)
	block1(h, buf[:end])
	binary.BigEndian.PutUint64(out[0:], uint64(h[0])<<32|uint64(h[1]))
	binary.BigEndian.PutUint64(out[8:], uint64(h[2])<<32|uint64(h[3]))
	binary.BigEndian.PutUint32(out[16:], h[4])
}

// sum1 writes the SHA-1 digest of p to out, a caller's result, so that
// the digest is not copied again: a copy's 16-byte loads would span the
// 8-byte stores of finish1 and wait for them to drain.
func sum1(p []byte, out *[20]byte) {
	h := iv1
	n := len(p) &^ 63
	if n > 0 {
		block1(&h, p[:n])
	}
	finish1(&h, p[n:], uint64(len(p)), out)
}

// digest1 is a SHA-1 engine (see engine).
type digest1 struct {
	h   [5]uint32
	x   [64]byte
	nx  int
	len uint64
}

// Reset puts the engine back to the initial state.
func (d *digest1) Reset() { d.h, d.nx, d.len = iv1, 0, 0 }

// Size returns the digest size in bytes.
func (d *digest1) Size() int { return 20 }

// BlockSize returns 64.
func (d *digest1) BlockSize() int { return 64 }

// Write hashes p, keeping a partial block in d.x.
func (d *digest1) Write(p []byte) (int, error) {
	total := len(p)
	d.len += uint64(total)
	if d.nx > 0 {
		m := copy(d.x[d.nx:], p)
		d.nx += m
		p = p[m:]
		if d.nx < 64 {
			return total, nil
		}
		block1(&d.h, d.x[:])
		d.nx = 0
	}
	if n := len(p) &^ 63; n > 0 {
		block1(&d.h, p[:n])
		p = p[n:]
	}
	d.nx = copy(d.x[:], p)
	return total, nil
}

// Sum appends the digest to b without changing the state.
func (d *digest1) Sum(b []byte) []byte {
	h := d.h
	var out [20]byte
	finish1(&h, d.x[:d.nx], d.len, &out)
	return append(b, out[:]...)
}

const digest1Magic = "fastio-sha1\x01"

var errDigest1State = errors.New("crypto: invalid SHA-1 state")

// MarshalBinary saves the state, for HMAC's pad blocks.
func (d *digest1) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, len(digest1Magic)+20+8+64)
	b = append(b, digest1Magic...)
	for _, v := range d.h {
		b = binary.BigEndian.AppendUint32(b, v)
	}
	b = binary.BigEndian.AppendUint64(b, d.len)
	return append(b, d.x[:d.nx]...), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary.
func (d *digest1) UnmarshalBinary(b []byte) error {
	const head = len(digest1Magic) + 20 + 8
	if len(b) < head || string(b[:len(digest1Magic)]) != digest1Magic {
		return errDigest1State
	}
	n := binary.BigEndian.Uint64(b[head-8:])
	if uint64(len(b)-head) != n%64 {
		return errDigest1State
	}
	for i := range d.h {
		d.h[i] = binary.BigEndian.Uint32(b[len(digest1Magic)+4*i:])
	}
	d.len = n
	d.nx = copy(d.x[:], b[head:])
	return nil
}
