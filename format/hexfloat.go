package format

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// Hexadecimal floats, the form of C99's %a and of strconv's 'x' format:
// [-]0x1.hhhhp±dd, a normalised significand (subnormals too, so the
// leading digit is 1, or 0 for zero only), the fraction in hex digits and
// a decimal binary exponent of at least two digits. With a precision p
// the fraction is rounded to p digits, half to even on the bits dropped;
// a carry out of the leading digit (0x1.f rounded to 0x2.0) renormalises
// to 0x1.0 with the exponent one higher. A float32 is exactly its float64
// widening, which has the same normalised significand and exponent, so
// one routine serves both sizes.

// appendHexFloat appends v as strconv.AppendFloat(dst, v, 'x' or 'X',
// prec, 64) does: byte-identical, for any prec.
func appendHexFloat(dst []byte, v float64, prec int, upper bool) []byte {
	b := math.Float64bits(v)
	neg := b>>63 != 0
	exp := int(b>>52) & 0x7ff
	frac := b & (1<<52 - 1)
	if exp == 0x7ff {
		switch {
		case frac != 0:
			return append(dst, "NaN"...)
		case neg:
			return append(dst, "-Inf"...)
		}
		return append(dst, "+Inf"...)
	}
	// sig holds the significand with its leading 1 at bit 52: 13 hex
	// digits of fraction below it.
	var sig uint64
	switch {
	case exp != 0:
		sig = frac | 1<<52
		exp -= 1023
	case frac != 0:
		// Subnormal: normalise so the leading 1 is at bit 52.
		sig = frac
		exp = -1022
		for sig&(1<<52) == 0 {
			sig <<= 1
			exp--
		}
	default:
		exp = 0 // zero: 0x0p+00
	}
	if prec >= 0 && prec < 13 {
		drop := uint(52 - 4*prec)
		kept := sig >> drop
		rest := sig & (1<<drop - 1)
		// Half to even without a branch on random bits: round up when
		// rest+odd > half, which for an odd kept means rest >= half.
		half := uint64(1) << (drop - 1)
		kept += (half - (rest + kept&1)) >> 63
		if kept>>(4*uint(prec)) >= 2 {
			// The carry reached the leading digit: 0x2.00 is 0x1.00p+1.
			kept >>= 1
			exp++
		}
		sig = kept << drop
	}
	// Sign, prefix, leading digit and up to 13 fraction digits, written
	// in place: 16 digits are converted at once and the extra ones cut
	// off, so dst is grown by 24 bytes and cut back after.
	start := len(dst)
	dst = grow(dst, 24)
	buf := dst[start : start+24]
	i := 0
	if neg {
		buf[0] = '-'
		i = 1
	}
	x, p, letter := byte('x'), byte('p'), uint64(hexLower)
	if upper {
		x, p, letter = 'X', 'P', hexUpper
	}
	buf[i], buf[i+1], buf[i+2] = '0', x, byte('0'+sig>>52)
	i += 3
	f := sig << 12 // the 13 fraction digits at the top, then 3 zero digits
	n := min(prec, 13)
	if prec < 0 {
		n = 16 - bits.TrailingZeros64(f)/4 // 0 when f is zero
	}
	if n > 0 {
		buf[i] = '.'
		b := buf[i+1 : i+17]
		binary.LittleEndian.PutUint64(b, hex8(uint32(f>>32), letter))
		binary.LittleEndian.PutUint64(b[8:], hex8(uint32(f), letter))
		i += 1 + n
	}
	dst = dst[:start+i]
	for ; n < prec; n++ {
		dst = append(dst, '0') // digits past the 13 a float64 has
	}
	// The binary exponent in decimal, at least two digits (at most 1074).
	sign := byte('+')
	if exp < 0 {
		sign = '-'
		exp = -exp
	}
	hi, lo := exp/100, exp%100
	switch {
	case hi == 0:
		return append(dst, p, sign, pairs[2*lo], pairs[2*lo+1])
	case hi < 10:
		return append(dst, p, sign, byte('0'+hi), pairs[2*lo], pairs[2*lo+1])
	}
	return append(dst, p, sign, pairs[2*hi], pairs[2*hi+1], pairs[2*lo], pairs[2*lo+1])
}

// Letter offsets added to a hex digit of 10 or more after '0':
// '0'+10+39 is 'a', '0'+10+7 is 'A'.
const (
	hexLower = 'a' - '0' - 10
	hexUpper = 'A' - '0' - 10
)

// hex8 returns the eight hex digits of v as ASCII, the most significant
// first when stored little-endian. The nibbles are spread one per byte
// with three shift-or-mask steps (the SWAR technique of Hacker's Delight,
// ch. 7), then a byte that reached 10 gets the letter offset: adding 6
// carries into bit 4 exactly for 10 to 15.
func hex8(v uint32, letter uint64) uint64 {
	const ones = 0x0101010101010101
	u := uint64(v)
	u = (u | u<<16) & 0x0000ffff0000ffff
	u = (u | u<<8) & 0x00ff00ff00ff00ff
	u = (u | u<<4) & 0x0f0f0f0f0f0f0f0f
	u = bits.ReverseBytes64(u)
	return u + '0'*ones + ((u+6*ones)>>4&ones)*letter
}
