package format

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// Fixed-point formatting with a precision, the %.Nf of the numbers people
// print most (prices, measurements, percentages), computed exactly.
//
// A finite float64 is m·2^e with m < 2^53. With p digits after the point,
// the digits to print are n = m·10^p·2^e rounded to an integer, half to
// even, which is what strconv.AppendFloat(dst, v, 'f', p, …) prints: both
// round the exact binary value. For e < 0 the product m·10^p (p <= 19) has
// at most 117 bits, so one 64×64→128-bit multiply and a shift by -e give n
// and the exact remainder, which decides the rounding: no approximation,
// no table. For 0 <= e <= 10 the value is an integer below 2^63 and the
// fraction is zeros. Larger exponents (integers of 20 digits and more) and
// results of more than 64 bits are left to strconv.

// appendFixedExact appends v with prec digits after the point, as
// strconv.AppendFloat(dst, v, 'f', prec, 64) does, when the rounded result
// fits in 64 bits; it reports false, with dst unchanged, for NaN, ±Inf,
// prec outside [0, 19] and values too large for that. A float32 converts
// to float64 exactly, and strconv rounds the same exact value for it, so
// the result holds for both sizes.
func appendFixedExact(dst []byte, v float64, prec int) ([]byte, bool) {
	if uint(prec) > 19 {
		return dst, false
	}
	b := math.Float64bits(v)
	neg := b>>63 != 0
	be := int(b>>52) & 0x7ff
	m := b & (1<<52 - 1)
	switch be {
	case 0x7ff:
		return dst, false
	case 0:
		be = 1 // subnormal: no implicit bit
	default:
		m |= 1 << 52
	}
	e := be - 1075
	var n uint64 // the result × 10^prec
	switch {
	case m == 0:
	case e >= 0:
		if e > 10 {
			return dst, false
		}
		// An integer below 2^63: its digits, then zeros.
		ip := m << uint(e)
		return putFixed(dst, neg, ip, 0, prec), true
	default:
		s := uint(-e)
		hi, lo := bits.Mul64(m, pow10[prec])
		// Split hi:lo = n·2^s + r; round up when r > 2^(s-1), or when
		// r is exactly that (a tie) and n is odd.
		var above, tie bool
		switch {
		case s >= 128:
			// hi:lo < 2^117 <= 2^(s-1): below one half, n = 0.
		case s > 64:
			n = hi >> (s - 64)
			rh, half := hi&(1<<(s-64)-1), uint64(1)<<(s-65)
			above = rh > half || rh == half && lo != 0
			tie = rh == half && lo == 0
		case s == 64:
			n = hi
			above, tie = lo > 1<<63, lo == 1<<63
		default:
			if hi>>(s-1) != 0 {
				return dst, false // n would not stay below 2^63
			}
			n = hi<<(64-s) | lo>>s
			// Without a branch, which random digits would mispredict:
			// round up when r + (n&1) > half, all below 2^63.
			r, half := lo&(1<<s-1), uint64(1)<<(s-1)
			n += (half - (r + n&1)) >> 63
		}
		// n < 2^63 here, so the increment cannot overflow.
		if above || tie && n&1 != 0 {
			n++
		}
	}
	// n's digits, at least prec+1 of them (a "0" before the point), go
	// out eight at a time, with the point put in place of dividing by
	// 10^prec.
	nd := max(decLen(n), prec+1)
	if neg {
		dst = append(dst, '-')
	}
	at := len(dst)
	dst = grow(dst, nd+1+8) // 8 bytes for the 8-byte stores to overrun
	p := dst[at:]
	switch {
	case prec == 0:
		putDigitsN(p, n, nd)
	case nd <= 8:
		// The point goes in among the digits in a register: one
		// 8-byte store and the last digit.
		x := ascii8(uint32(n)) >> (uint(8-nd) * 8)
		sh := uint(nd-prec) * 8
		lo := x & (1<<sh - 1)
		binary.LittleEndian.PutUint64(p, lo|'.'<<sh|(x^lo)<<8)
		p[8] = byte(x >> 56) // the eighth digit, or a spare byte
		nd++
	default:
		putDigitsN(p, n, nd)
		ip := nd - prec
		for i := nd; i > ip; i-- {
			p[i] = p[i-1]
		}
		p[ip] = '.'
		nd++
	}
	return dst[:at+nd], true
}

// putFixed appends [-]ip.fp with fp zero-padded to prec digits (no point
// when prec is 0).
func putFixed(dst []byte, neg bool, ip, fp uint64, prec int) []byte {
	if neg {
		dst = append(dst, '-')
	}
	il := decLen(ip)
	start := len(dst)
	if prec == 0 {
		dst = grow(dst, il)
		putDec(dst[start:], ip)
		return dst
	}
	dst = grow(dst, il+1+prec)
	p := dst[start:]
	putDec(p[:il], ip)
	p[il] = '.'
	f := p[il+1:]
	fl := decLen(fp)
	for i := range len(f) - fl {
		f[i] = '0'
	}
	putDec(f[len(f)-fl:], fp)
	return dst
}
