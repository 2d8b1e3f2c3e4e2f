package compress

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
		for len(q) >= 8 {
			s1 += uint32(q[0])
			s2 += s1
			s1 += uint32(q[1])
			s2 += s1
			s1 += uint32(q[2])
			s2 += s1
			s1 += uint32(q[3])
			s2 += s1
			s1 += uint32(q[4])
			s2 += s1
			s1 += uint32(q[5])
			s2 += s1
			s1 += uint32(q[6])
			s2 += s1
			s1 += uint32(q[7])
			s2 += s1
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
