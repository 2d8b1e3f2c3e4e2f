//go:build amd64 && !purego

package crypto

//go:generate go run gen_sha1.go

import "encoding/binary"

// This package's SHA-1 (FIPS 180-4, 6.1) on the SHA-NI assembly of
// sha1block_amd64.s, finished as sha256.go finishes SHA-256.

var iv1 = [5]uint32{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0}

// finish1 is finish256 for SHA-1.
func finish1(h *[5]uint32, tail []byte, total uint64, out []byte) {
	_ = out[19]
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
	finish1(&h, p[n:], uint64(len(p)), out[:])
}
