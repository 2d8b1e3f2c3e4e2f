//go:build amd64 && !purego

package crypto

//go:generate go run gen_sha512.go

import "encoding/binary"

// This package's SHA-384/512 and SHA-512/256 (FIPS 180-4) on the
// AVX2/AVX-512 assembly of sha512block_amd64.s, finished as sha256.go
// finishes SHA-256.

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
