package compress

import "encoding/binary"

// Adler-32 as defined in RFC 1950 section 8.2: two 16-bit sums modulo
// 65521, s1 of the bytes (starting at 1) and s2 of the running s1 values.
// The modulo is taken once per adlerNMax bytes, the largest run after
// which s2 cannot overflow 32 bits (the same bound zlib's adler32.c uses).
const (
	adlerMod  = 65521
	adlerNMax = 5552
)

// adler32Update returns the Adler-32 of the bytes summed into adler
// followed by p. The checksum of no bytes is 1.
func adler32Update(adler uint32, p []byte) uint32 {
	s1, s2 := adler&0xffff, adler>>16
	for len(p) > 0 {
		q := p
		if len(q) > adlerNMax {
			q = q[:adlerNMax]
		}
		p = p[len(q):]
		// Eight bytes at a time: s2 gains 8·s1 plus the bytes weighted 8
		// down to 1, s1 their sum. Both come from one 64-bit word, its
		// even and odd bytes spread over four 16-bit lanes, with
		// multiplications that sum the lanes into the top one (at most
		// 4·255·8, so no lane carries into the next).
		for len(q) >= 8 {
			x := binary.LittleEndian.Uint64(q)
			even := x & 0x00ff00ff00ff00ff
			odd := x >> 8 & 0x00ff00ff00ff00ff
			sum := (even + odd) * 0x0001000100010001 >> 48
			w := (even*0x0008000600040002 + odd*0x0007000500030001) >> 48
			s2 += 8*s1 + uint32(w)
			s1 += uint32(sum)
			q = q[8:]
		}
		for _, c := range q {
			s1 += uint32(c)
			s2 += s1
		}
		s1 %= adlerMod
		s2 %= adlerMod
	}
	return s2<<16 | s1
}

// adler32Combine returns the Adler-32 of a followed by b, given the
// checksums of each and the length of b. With s1, s2 the two sums of a
// and t1, t2 those of b (each s1 starting at 1), every byte of b adds the
// running s1 of a minus its initial 1 to the second sum once more, so
//
//	s1' = s1 + t1 - 1
//	s2' = s2 + t2 + lenB·(s1 - 1)
//
// all modulo 65521 (the method of zlib's adler32_combine).
func adler32Combine(a, b uint32, lenB int64) uint32 {
	s1, s2 := uint64(a&0xffff), uint64(a>>16)
	t1, t2 := uint64(b&0xffff), uint64(b>>16)
	n := uint64(lenB) % adlerMod
	r1 := (s1 + t1 + adlerMod - 1) % adlerMod
	r2 := (s2 + t2 + n*((s1+adlerMod-1)%adlerMod)) % adlerMod
	return uint32(r2<<16 | r1)
}

// CRC-32 combination. A CRC-32 (reflected, polynomial crcPoly) of a
// followed by b is the CRC of a shifted by len(b) zero bytes, xored with
// the CRC of b: shifting by n bytes is a multiplication by x^(8n) modulo
// the polynomial, so the combination costs O(log n) multiplications in
// GF(2)[x]/P instead of n table steps (the x^n mod P method of zlib's
// crc32_combine since 1.2.12). x2n[k] holds x^(2^k) mod P.
const crcPoly = 0xedb88320 // IEEE, bit-reflected: the bit for x^0 is the top bit

var x2n = func() (t [32]uint32) {
	p := uint32(1) << 30 // x^1
	for k := range t {
		t[k] = p
		p = crcMulMod(p, p)
	}
	return
}()

// crcMulMod returns a·b modulo P, both reflected polynomials.
func crcMulMod(a, b uint32) uint32 {
	var p uint32
	for m := uint32(1) << 31; m != 0; m >>= 1 {
		if a&m != 0 {
			p ^= b
		}
		if b&1 != 0 {
			b = b>>1 ^ crcPoly
		} else {
			b >>= 1
		}
	}
	return p
}

// crcX8n returns x^(8n) modulo P.
func crcX8n(n uint64) uint32 {
	p := uint32(1) << 31 // x^0
	for k := 3; n != 0; n, k = n>>1, k+1 {
		if n&1 != 0 {
			p = crcMulMod(x2n[k&31], p)
		}
	}
	return p
}

// crc32Combine returns the CRC-32 of a followed by b, given the checksums
// of each and the length of b.
func crc32Combine(a, b uint32, lenB int64) uint32 {
	return crcMulMod(crcX8n(uint64(lenB)), a) ^ b
}
