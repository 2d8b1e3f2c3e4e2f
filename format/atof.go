package format

import (
	"math"
	"math/bits"
	"strconv"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// Float parsing.
//
// Design note: the common token, a plain decimal of at most 19 significant
// digits and at most seven exponent digits, is parsed in one pass by
// decimalAt, straight from the Scanner's window (or from a padded copy of
// a short slice): eight bytes are loaded at a time, the digits among them
// found with a few word operations and converted with three multiplies
// (the SWAR method of Lemire's parse_eight_digits_unrolled), so a 17-digit
// mantissa costs three loads, and the byte that ends each run of digits
// ('.', 'e', white space) comes out of the same load. The value w·10^q is
// then converted by
//   - Clinger's exact fast path (W. D. Clinger, "How to Read Floating Point
//     Numbers Accurately", PLDI 1990) when w and 10^|q| are both exact
//     floats: one multiply or divide, and otherwise
//   - the Eisel–Lemire algorithm (Daniel Lemire, "Number Parsing at a
//     Gigabyte per Second", Software: Practice and Experience 51(8), 2021,
//     after Michael Eisel's fast_double_parser): one 64×64-bit product with
//     the 128-bit truncation of 10^q (pow10tab.go), a second one only when
//     the first leaves the rounding open; normal and subnormal results and
//     exact ties (round half to even) are decided here. N. Mushtak and
//     D. Lemire ("Fast Number Parsing Without Fallback", SP&E 2023) prove
//     the two products always decide for w < 2^64; the check that would
//     give up stays as a guard.
//
// Everything else goes to strconv.ParseFloat, the correct general path,
// which also defines the error: more than 19 significant digits, results
// that overflow or underflow to zero, hex floats, underscores, Inf and
// NaN, tokens longer than 32 bytes outside the Scanner's window, and syntax
// errors. So results are correctly rounded and the accepted syntax is
// exactly strconv's.

// decimalAt parses the plain decimal number at w[i:],
// [+-]digits[.digits][(e|E)[+-]digits] with at least one mantissa digit,
// and requires an ASCII white space byte after it. It returns the value as
// m·10^q with its sign, and the offset j of that white space byte. ok is
// false, for the general path, when the bytes there are not of that form,
// the number has more than 19 significant digits or more than seven
// exponent digits, or a load of eight bytes would pass the end of w.
//
// Digits are read eight bytes at a time: digitRun finds the run of digits
// in a word, digitValues converts it, and the byte after the run, taken
// from the same word, decides what follows; the input is not looked at
// twice. Around the decimal point, the integer digits and the first
// fraction digits are joined into one word, so that a mantissa of up to
// eight digits costs one conversion, and one of sixteen two.
func decimalAt(w []byte, i int) (m uint64, q int, neg bool, j int, ok bool) {
	if uint(i) >= uint(len(w)) { // also proves i >= 0: no bounds check below
		return
	}
	// The sign without a branch: it is as unpredictable as the data.
	c0 := w[i]
	neg = c0 == '-'
	j = i
	if (c0-'+')&^2 == 0 { // '+' or '-'
		j++
	}
	start := j
	if j > len(w)-8 {
		return
	}
	x := load8(w, j)
	d, k := digitRun(x)
	var c byte
	point := 0 // bytes of decimal point
	switch {
	case k == 64:
		// Eight integer digits or more, then maybe a fraction: eight bytes
		// at a time (written out, as below: a call would make this leaf
		// function spill its state on every path).
		m = digitValues(d)
		j += 8
		fstart := -1
		for {
			if j > len(w)-8 {
				return
			}
			x := load8(w, j)
			d, k := digitRun(x)
			if k == 64 {
				m = m*1e8 + digitValues(d)
				j += 8
				continue
			}
			m = m*pow10[k>>3] + digitValues(d<<((56-k)&63)<<8)
			j += int(k >> 3)
			c = byte(x >> k)
			if c != '.' || fstart >= 0 {
				break
			}
			j++
			fstart = j
		}
		if fstart >= 0 {
			q = fstart - j
			point = 1
		}
	case byte(x>>k) != '.':
		m = digitValues(d << ((56 - k) & 63) << 8)
		j += int(k >> 3)
		c = byte(x >> k)
	default:
		// The k/8 integer digits and the bytes after the point, in one
		// word.
		p := j + int(k>>3) + 1
		if p > len(w)-8 {
			return
		}
		y := x&(uint64(1)<<(k&63)-1) | load8(w, p)<<(k&63)
		d, ky := digitRun(y)
		if ky != 64 {
			m = digitValues(d << ((56 - ky) & 63) << 8)
			j = p + int(ky>>3) - int(k>>3)
			c = byte(y >> ky)
		} else {
			// More than eight: the rest of the fraction, eight bytes at a
			// time (the common case of 16 or 17 digits).
			m = digitValues(d)
			j = p + 8 - int(k>>3)
			for {
				if j > len(w)-8 {
					return
				}
				x := load8(w, j)
				d, k := digitRun(x)
				if k != 64 {
					m = m*pow10[k>>3] + digitValues(d<<((56-k)&63)<<8)
					j += int(k >> 3)
					c = byte(x >> k)
					break
				}
				m = m*1e8 + digitValues(d)
				j += 8
			}
		}
		q = p - j
		point = 1
	}
	nd := j - start - point // digits of the mantissa
	if nd == 0 {
		return
	}
	if nd > 19 {
		// Leading zeros add nothing to m, so m is exact (every partial
		// value is at most the final one) when the significant digits are
		// at most 19.
		for p := start; p < j && uint(p) < uint(len(w)) && (w[p] == '0' || w[p] == '.'); p++ {
			if w[p] == '0' {
				nd--
			}
		}
		if nd > 19 {
			return
		}
	}
	// The exponent is parsed whether or not there is one and then kept
	// or dropped without a branch: tokens with and without one are mixed
	// in about equal numbers in a file of %g doubles, and a mispredicted
	// branch costs more than these instructions. Its sign and digits come
	// from one load.
	if j > len(w)-9 {
		return
	}
	x = load8(w, j+1)
	s := byte(x)
	var sh uint
	if (s-'+')&^2 == 0 {
		sh = 8
	}
	x >>= sh
	d, k = digitRun(x)
	e := int(digitValues(d << ((56 - k) & 63) << 8))
	if s == '-' {
		e = -e
	}
	je := 1 + int(sh>>3) + int(k>>3)
	ce := byte(x >> (k & 63))
	if k-8 >= 56 {
		ce = 0 // no exponent digits, or eight or more: not white space
	}
	// Selected by masks: the compiler keeps a branch for an if that
	// assigns three values.
	var em int
	if c|0x20 == 'e' {
		em = -1
	}
	q += e & em
	j += je & em
	c ^= (c ^ ce) & byte(em)
	if !isSpace(c) {
		return
	}
	return m, q, neg, j, true
}

// digitRun returns x, eight bytes, less '0' from every byte (the digits'
// values, up to the first non-digit), and the number of leading digits
// times eight (64 when all eight are digits). The first byte that is not
// a digit gets its top bit set (a variant of the byte-range test in Sean
// Anderson's Bit Twiddling Hacks, "determine if a word has a byte between
// m and n"): bytes below '0' and from 0xba by the subtraction, bytes from
// ':' to 0xb9 by the addition. Borrows and carries only come out of
// non-digits, so they disturb no byte before the first of those.
func digitRun(x uint64) (d uint64, k uint) {
	d = x - 0x3030303030303030
	t := ((x + 0x4646464646464646) | d) & 0x8080808080808080
	return d, uint(bits.TrailingZeros64(t)) &^ 7
}

// exact10 holds the powers of ten that are exact float64s (and zeros to
// the table's power-of-two length, so that a masked index needs no bounds
// check).
var exact10 = [32]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// float64Of returns the float64 nearest to m·10^q, negated when neg, or
// false when only the general path can tell.
//
// Clinger's case (m and 10^|q| exact, one multiply or divide) is taken
// first only for mantissas below 2^32: which of the two methods a token
// takes is a branch, and on a file of 16- and 17-digit doubles a cut at
// 2^53 falls in the middle of the data and is mispredicted every other
// token, while short exact decimals (prices, counts) are decided in one
// step. Longer mantissas go to Eisel–Lemire (float64Long).
func float64Of(m uint64, q int, neg bool) (float64, bool) {
	var f float64
	if m < 1<<32 && uint(q+22) <= 44 {
		f = clinger64(m, q)
	} else {
		var ok bool
		if f, ok = float64Long(m, q); !ok {
			return 0, false
		}
	}
	if neg {
		f = -f
	}
	return f, true
}

// float64Long is float64Of without the sign past its first case:
// Eisel–Lemire, with Clinger behind it for the exact ties it leaves.
func float64Long(m uint64, q int) (float64, bool) {
	if m == 0 {
		return 0, true
	}
	b, ok := eiselLemire[float64](m, q)
	if ok {
		return math.Float64frombits(b), true
	}
	if m <= 1<<53 && uint(q+22) <= 44 {
		return clinger64(m, q), true
	}
	return 0, false
}

// clinger64 returns m·10^q for m <= 2^53 and |q| <= 22, both operands exact
// float64s, so that the one rounding is the correct one (W. D. Clinger).
// m converts as an int64: one instruction.
func clinger64(m uint64, q int) float64 {
	f := float64(int64(m))
	if q < 0 {
		return f / exact10[-q&31]
	}
	return f * exact10[q&31]
}

// float32Of is float64Of for float32.
func float32Of(m uint64, q int, neg bool) (float32, bool) {
	var f float32
	switch {
	case m <= 1<<24 && uint(q+10) <= 20:
		f = float32(int32(m))
		if q < 0 {
			f /= float32(exact10[-q&31])
		} else {
			f *= float32(exact10[q&31])
		}
	case m == 0:
	default:
		b, ok := eiselLemire[float32](m, q)
		if !ok {
			return 0, false
		}
		f = math.Float32frombits(uint32(b))
	}
	if neg {
		f = -f
	}
	return f, true
}

// floatOf is float64Of or float32Of, by T's size.
func floatOf[T core.Float](m uint64, q int, neg bool) (T, bool) {
	var z T
	if unsafe.Sizeof(z) == 8 {
		f, ok := float64Of(m, q, neg)
		return T(f), ok
	}
	f, ok := float32Of(m, q, neg)
	return T(f), ok
}

// eiselLemire converts w·10^q (w != 0) to the bits of the nearest T,
// normal or subnormal, or reports false when it cannot decide or the
// result is zero or infinite. (T only sets the constants: each float size
// gets its own code, with them folded in.)
func eiselLemire[T core.Float](w uint64, q int) (uint64, bool) {
	var z T
	mantBits, bias := 52, 1023 // explicit mantissa bits, exponent bias
	if unsafe.Sizeof(z) == 4 {
		mantBits, bias = 23, 127
	}
	if uint(q-pow10QMin) > pow10QMax-pow10QMin {
		return 0, false
	}
	m := &pow10m[q-pow10QMin]
	l := bits.LeadingZeros64(w)
	w <<= uint(l) & 63
	shift := uint(63 - (mantBits + 2)) // bits below mantissa+round in the high word
	mask := uint64(1)<<shift - 1
	hi, lo := bits.Mul64(w, m[0])
	unsure := false
	if hi&mask == mask && lo+w < lo {
		// The truncated product may be just below a rounding boundary:
		// bring in the low half of 10^q.
		h2, l2 := bits.Mul64(w, m[1])
		lo2, carry := bits.Add64(lo, h2, 0)
		hi += carry
		lo = lo2
		// What is still left out may carry into the bits above mask.
		unsure = hi&mask == mask && lo2+1 == 0 && l2+w < l2
	}
	msb := hi >> 63
	mant := hi >> ((msb + uint64(shift)) & 63) // mantBits+2 bits: the leading 1, the mantissa, the round bit
	if unsure && mant&1 == 0 {
		// With the round bit set, a carry would round to the same float
		// (up from below the next one, or down from exactly on it); here
		// it would turn a round-down into a round-up.
		return 0, false
	}
	if lo == 0 && hi&(mask|msb<<shift) == 0 && mant&3 == 1 {
		// The product is exactly halfway between two floats and the lower
		// one is even. For 0 <= q <= 23, 5^q fits in 64 bits, the table
		// entry is exact and so is the product: a true tie, rounded to
		// even. For q < -4 and q > 23 there is no tie (it would need 5^|q|
		// below 2^11 to divide w, or 5^q below 2^54) and the truncated
		// entry puts the true value above: round up. Between, leave it to
		// the general path.
		if q >= 0 && q <= 23 {
			mant &^= 1
		} else if q >= -4 {
			return 0, false
		}
	}
	field := (217706*q)>>16 + int(msb) + int(shift) + 2 + bias + mantBits - l
	if field < 1 {
		// Subnormal: the round bit moves up by 1-field places. An exact
		// tie would need 5^-q to divide w, impossible for q this small.
		if unsure {
			return 0, false
		}
		mant >>= uint(1 - field)
		mant += mant & 1
		mant >>= 1
		if mant == 0 {
			return 0, false // underflow to zero: the general path says so
		}
		// A carry into bit mantBits makes the smallest normal, whose bits
		// these are.
		return mant, true
	}
	mant += mant & 1
	mant >>= 1
	if mant>>(mantBits+1) != 0 {
		mant >>= 1
		field++
	}
	if field > 2*bias {
		return 0, false
	}
	return uint64(field)<<uint(mantBits) | mant&(1<<uint(mantBits)-1), true
}

// maxShortFloat is the longest token parseFloatT parses in a padded copy.
const maxShortFloat = 32

// parseFloatT parses s as a T with strconv.ParseFloat's syntax.
func parseFloatT[T core.Float](s []byte) (T, code) {
	var z T
	if len(s) <= maxShortFloat {
		// decimalAt wants white space after the number and room for its
		// eight-byte loads.
		var buf [maxShortFloat + 8]byte
		copy(buf[:], s)
		buf[len(s)] = ' '
		if m, q, neg, j, okd := decimalAt(buf[:], 0); okd && j == len(s) {
			if f, okf := floatOf[T](m, q, neg); okf {
				return f, ok
			}
		}
	}
	f, err := strconv.ParseFloat(string(s), int(unsafe.Sizeof(z))*8)
	if err != nil {
		if err.(*strconv.NumError).Err == strconv.ErrRange {
			return T(f), rangeErr
		}
		return 0, syntax
	}
	return T(f), ok
}

// ParseFloat parses s, a string or byte slice, as a float of type T,
// correctly rounded, with the syntax and results of strconv.ParseFloat at
// T's bit size. An error reads as strconv's do (format.ParseFloat:
// parsing "x5": invalid syntax) and matches strconv.ErrSyntax or
// strconv.ErrRange with errors.Is; on a range error
// the value is ±Inf. It does not allocate for tokens of up to 32 bytes,
// except for an error.
func ParseFloat[T core.Float, S core.Text](s S) (T, error) {
	v, c := parseFloatT[T](asBytes(s))
	if c != ok {
		return v, numError("format.ParseFloat", string(s), c)
	}
	return v, nil
}
