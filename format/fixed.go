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
		hi, lo := bits.Mul64(m, pow10[prec])
		q, up, ok := shiftRound(hi, lo, uint(-e))
		if !ok {
			return dst, false
		}
		n = q + up
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

// shiftRound splits hi:lo = q·2^s + r (s >= 1) and returns q and the
// increment (0 or 1) that rounds it half to even: 1 when r > 2^(s-1), or
// when r is exactly that (a tie) and q is odd. It reports false when q is
// 2^63 or more.
func shiftRound(hi, lo uint64, s uint) (q, up uint64, ok bool) {
	var above, tie bool
	switch {
	case s >= 128:
		// Callers pass products below 2^117 <= 2^(s-1): below one half.
		return 0, 0, hi>>53 == 0
	case s > 64:
		q = hi >> (s - 64)
		rh, half := hi&(1<<(s-64)-1), uint64(1)<<(s-65)
		above = rh > half || rh == half && lo != 0
		tie = rh == half && lo == 0
	case s == 64:
		q = hi
		above, tie = lo > 1<<63, lo == 1<<63
	default:
		if hi>>(s-1) != 0 {
			return 0, 0, false
		}
		q = hi<<(64-s) | lo>>s
		// Without a branch, which random digits would mispredict:
		// round up when r + (q&1) > half, all below 2^63.
		r, half := lo&(1<<s-1), uint64(1)<<(s-1)
		return q, (half - (r + q&1)) >> 63, true
	}
	if q>>63 != 0 {
		return 0, 0, false
	}
	if above || tie && q&1 != 0 {
		up = 1
	}
	return q, up, true
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

// appendSciExact appends v in scientific notation with prec digits after
// the point, as strconv.AppendFloat(dst, v, 'e', prec, 64) does, when
// sciDigits can compute the digits; it reports false, with dst unchanged,
// otherwise (NaN, ±Inf, prec outside [0, 17], very large and very small
// magnitudes). As with appendFixedExact the result holds for float32 too.
func appendSciExact(dst []byte, v float64, prec int) ([]byte, bool) {
	if uint(prec) > 17 {
		return dst, false
	}
	n, exp, ok := sciDigits(v, prec+1)
	if !ok {
		return dst, false
	}
	return putSci(dst, math.Signbit(v), n, prec+1, exp), true
}

// sciDigits returns the nd (1 to 18) significant digits of v, finite or
// not, rounded half to even, as n with 10^(nd-1) <= n < 10^nd (0 for a
// zero), and the decimal exponent of the first digit (|exp| < 100), when
// they can be computed exactly as v·10^j with 0 <= j <= 19 in 64- and
// 128-bit integers (the multiply and shift of appendFixedExact): for
// magnitudes from about 10^-23 up to 10^nd.
func sciDigits(v float64, nd int) (n uint64, exp int, ok bool) {
	if !sciRange(v, nd) {
		return 0, 0, false
	}
	b := math.Float64bits(v)
	be := int(b>>52) & 0x7ff // sciRange excludes 0x7ff
	m := b & (1<<52 - 1)
	if be == 0 {
		be = 1
	} else {
		m |= 1 << 52
	}
	if m == 0 {
		return 0, 0, true
	}
	e := be - 1075
	// v is in [2^(e+L-1), 2^(e+L)), so its decimal exponent is e0 or
	// e0+1; try the larger, which is right when the floor of the scaled
	// value has nd digits.
	e0 := flog10pow2(e + bits.Len64(m) - 1)
	exp = e0 + 1
	q, up, ok := scaleFloor(m, e, nd-1-exp)
	if ok && q < pow10[nd-1] {
		exp = e0
		q, up, ok = scaleFloor(m, e, nd-1-exp)
	}
	if !ok || q < pow10[nd-1] || q >= pow10[nd] {
		return 0, 0, false
	}
	n = q + up
	if n == pow10[nd] { // 9.99… rounded up to 10.0…
		n = pow10[nd-1]
		exp++
	}
	if exp <= -100 || exp >= 100 {
		return 0, 0, false // not reached by the ranges above
	}
	return n, exp, true
}

// putSci appends [-]d.ddde±XX, the nd digits of n (n < 10^nd) with the
// point after the first, and the exponent (|exp| < 100).
func putSci(dst []byte, neg bool, n uint64, nd, exp int) []byte {
	if neg {
		dst = append(dst, '-')
	}
	at := len(dst)
	dst = grow(dst, nd+1+8+4) // digits, point, 8-byte overrun, e-99
	return dst[:layoutSci(dst, at, n, nd, exp)]
}

// sciRange reports whether v, finite, may have its nd significant digits
// computed by sciDigits: a zero, or a magnitude from about 10^-23 (2^-75)
// up to 2^(L-1) where L <= nd·log2(10), so below 10^nd. Outside it, one
// well-predicted test (inlined into the caller) replaces the branches
// that would find that out, which random exponents mispredict.
func sciRange(v float64, nd int) bool {
	b := math.Float64bits(v)
	be := int(b>>52) & 0x7ff
	// (nd·3321)>>10 is a little below nd·log2(10).
	return uint(be-(1075-128)) <= uint(128-53+(nd*3321)>>10) || b<<1 == 0
}

// scaleFloor returns the floor of m·2^e·10^j and the increment (0 or 1)
// that rounds it half to even, exactly, for 0 <= j <= 19, or false where
// that needs more than 64-bit results and 128-bit products. m < 2^53. (For
// j < 0, a division with remainder by 10^-j would be exact too, but one
// 64-bit division costs more than strconv's whole multiply-based path.)
func scaleFloor(m uint64, e, j int) (q, up uint64, ok bool) {
	if uint(j) > 19 {
		return 0, 0, false
	}
	hi, lo := bits.Mul64(m, pow10[j])
	if e < 0 {
		return shiftRound(hi, lo, uint(-e))
	}
	if hi != 0 || e > 63 || lo>>(63-uint(e)) != 0 {
		return 0, 0, false
	}
	return lo << uint(e), 0, true
}
