//go:build amd64 && !purego

package crypto

//go:generate go run gen_sha256.go

import "encoding/binary"

// This package's SHA-224/256 (FIPS 180-4) on the SHA-NI assembly of
// sha256block_amd64.s: the one-shot sums build the padding in one stack
// buffer and hash it in the same call as the message's last block.

var (
	iv256 = [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
	iv224 = [8]uint32{0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4}
)

// padFinal writes the final block(s) of a 64-byte-block hash (FIPS
// 180-4, 5.1.1) to buf: the tail (shorter than 64 bytes), the 0x80 byte,
// zeros, and the big-endian bit length total*8. It returns 64 or 128, the
// bytes to hash. Every byte of buf[:end] is written by one 8-byte store, so
// that the block function's 8-byte loads right after are forwarded from
// the store buffer instead of waiting for it to drain, as a load spanning
// stores of mixed sizes (a copy, a byte store) must.
func padFinal(buf *[128]byte, tail []byte, total uint64) int {
	end := 64
	if len(tail) >= 56 {
		end = 128
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
	for i += 8; i < end-8; i += 8 {
		binary.LittleEndian.PutUint64(buf[i:], 0)
	}
	binary.BigEndian.PutUint64(buf[end-8:], total<<3)
	return end
}

// finish256 pads the message whose unhashed tail is tail (shorter than 64
// bytes) and whose total length is total, hashes the final blocks into h,
// and writes the first len(out) bytes of the big-endian state to out.
func finish256(h *[8]uint32, tail []byte, total uint64, out []byte) {
	var buf [128]byte
	end := padFinal(&buf, tail, total)
	block256(h, buf[:end])
	// 8-byte stores, so that HMAC's outer padFinal, which reads out
	// right away, is forwarded from them (see padFinal).
	i := 0
	for ; i+8 <= len(out); i += 8 {
		binary.BigEndian.PutUint64(out[i:], uint64(h[i/4])<<32|uint64(h[i/4+1]))
	}
	if i < len(out) {
		binary.BigEndian.PutUint32(out[i:], h[i/4])
	}
}

func sum256(iv *[8]uint32, p []byte, out []byte) {
	h := *iv
	n := len(p) &^ 63
	if n > 0 {
		block256(&h, p[:n])
	}
	finish256(&h, p[n:], uint64(len(p)), out)
}
