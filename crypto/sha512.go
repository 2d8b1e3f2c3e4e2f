package crypto

//go:generate go run gen_sha512.go

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// Our own SHA-384/512 and SHA-512/256 (FIPS 180-4) over block512: the
// AVX2/AVX-512 assembly of sha512block_amd64.s where the CPU has it,
// portable Go under purego. Other platforms, and x86-64 without AVX2 and
// BMI2, use the standard library (own512 false).

// The initial hash values of FIPS 180-4, 5.3.4 to 5.3.6.
var (
	iv512 = [8]uint64{
		0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
		0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
	}
	iv384 = [8]uint64{
		0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
		0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
	}
	iv512_256 = [8]uint64{
		0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd,
		0x96283ee2a88effe3, 0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2,
	}
)

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

// padFinal512 writes the final block(s) of a 128-byte-block hash (FIPS
// 180-4, 5.1.2) to buf: the tail (shorter than 128 bytes), the 0x80 byte,
// zeros, and the 128-bit big-endian bit length of total bytes. It returns
// 128 or 256, the bytes to hash. As in padFinal, every byte is written by
// one 8-byte store, which the block function's 8-byte loads read
// forwarded.
func padFinal512(buf *[256]byte, tail []byte, total uint64) int {
	end := 128
	if len(tail) >= 112 {
		end = 256
	}
	i := 0
	for ; i+8 <= len(tail); i += 8 {
		binary.LittleEndian.PutUint64(buf[i:], binary.LittleEndian.Uint64(tail[i:]))
	}
	var w uint64
	for j := len(tail) - 1; j >= i; j-- {
		w = w<<8 | uint64(tail[j])
	}
	w |= 0x80 << (8 * uint(len(tail)-i))
	binary.LittleEndian.PutUint64(buf[i:], w)
	for i += 8; i < end-16; i += 8 {
		binary.LittleEndian.PutUint64(buf[i:], 0)
	}
	binary.BigEndian.PutUint64(buf[end-16:], total>>61)
	binary.BigEndian.PutUint64(buf[end-8:], total<<3)
	return end
}

// finish512 pads the message whose unhashed tail is tail (shorter than 128
// bytes) and whose total length is total, hashes the final blocks into h,
// and writes the first len(out) bytes of the big-endian state to out
// (a multiple of 8 bytes: 28-byte truncations are not defined here).
func finish512(h *[8]uint64, tail []byte, total uint64, out []byte) {
	var buf [256]byte
	end := padFinal512(&buf, tail, total)
	block512(h, buf[:end])
	for i := 0; i+8 <= len(out); i += 8 {
		binary.BigEndian.PutUint64(out[i:], h[i/8])
	}
}

func sum512(iv *[8]uint64, p []byte, out []byte) {
	h := *iv
	n := len(p) &^ 127
	if n > 0 {
		block512(&h, p[:n])
	}
	finish512(&h, p[n:], uint64(len(p)), out)
}

// digest512 is a SHA-384, SHA-512 or SHA-512/256 engine (see engine).
type digest512 struct {
	h    [8]uint64
	x    [128]byte
	nx   int
	len  uint64
	size int // 48, 64 or 32: the digest size selects the variant
}

func newDigest512(size int) *digest512 {
	d := &digest512{size: size}
	d.Reset()
	return d
}

// Reset puts the engine back to the initial state.
func (d *digest512) Reset() {
	switch d.size {
	case 48:
		d.h = iv384
	case 32:
		d.h = iv512_256
	default:
		d.h = iv512
	}
	d.nx, d.len = 0, 0
}

// Size returns the digest size in bytes.
func (d *digest512) Size() int { return d.size }

// BlockSize returns 128.
func (d *digest512) BlockSize() int { return 128 }

// Write hashes p, keeping a partial block in d.x.
func (d *digest512) Write(p []byte) (int, error) {
	total := len(p)
	d.len += uint64(total)
	if d.nx > 0 {
		m := copy(d.x[d.nx:], p)
		d.nx += m
		p = p[m:]
		if d.nx < 128 {
			return total, nil
		}
		block512(&d.h, d.x[:])
		d.nx = 0
	}
	if n := len(p) &^ 127; n > 0 {
		block512(&d.h, p[:n])
		p = p[n:]
	}
	d.nx = copy(d.x[:], p)
	return total, nil
}

// Sum appends the digest to b without changing the state.
func (d *digest512) Sum(b []byte) []byte {
	h := d.h
	var out [64]byte
	finish512(&h, d.x[:d.nx], d.len, out[:])
	return append(b, out[:d.size]...)
}

const digest512Magic = "fastio-sha512\x01"

var errDigest512State = errors.New("crypto: invalid SHA-512 state")

// MarshalBinary saves the state; HMAC keeps the states after its pad
// blocks this way.
func (d *digest512) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, len(digest512Magic)+1+64+8+128)
	b = append(b, digest512Magic...)
	b = append(b, byte(d.size))
	for _, v := range d.h {
		b = binary.BigEndian.AppendUint64(b, v)
	}
	b = binary.BigEndian.AppendUint64(b, d.len)
	return append(b, d.x[:d.nx]...), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary.
func (d *digest512) UnmarshalBinary(b []byte) error {
	const head = len(digest512Magic) + 1 + 64 + 8
	if len(b) < head || string(b[:len(digest512Magic)]) != digest512Magic {
		return errDigest512State
	}
	size := int(b[len(digest512Magic)])
	if size != 32 && size != 48 && size != 64 {
		return errDigest512State
	}
	n := binary.BigEndian.Uint64(b[head-8:])
	if uint64(len(b)-head) != n%128 {
		return errDigest512State
	}
	d.size = size
	for i := range d.h {
		d.h[i] = binary.BigEndian.Uint64(b[len(digest512Magic)+1+8*i:])
	}
	d.len = n
	d.nx = copy(d.x[:], b[head:])
	return nil
}
