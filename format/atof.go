package format

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// Float parsing.
//
// Design note: the common token, a plain decimal of at most 19 significant
// digits, is parsed in one pass here and converted by
//   - Clinger's exact fast path (W. D. Clinger, "How to Read Floating Point
//     Numbers Accurately", PLDI 1990) when the significand and 10^|q| are
//     both exact float64s, and otherwise
//   - the Eisel–Lemire algorithm (Daniel Lemire, "Number Parsing at a
//     Gigabyte per Second", Software: Practice and Experience 51(8), 2021,
//     after Michael Eisel's fast_double_parser): one or two 64×64-bit
//     products with a 128-bit truncation of 10^q (pow10tab.go) give the
//     correctly rounded result, or report that they cannot decide.
//
// Everything else — more than 19 digits, the cases Eisel–Lemire gives up on
// (about one in a billion random inputs, and exact halfway ties),
// subnormal and overflowing results, hex floats, underscores, Inf and NaN,
// and syntax errors — goes to strconv.ParseFloat, the correct fallback,
// which also defines the error. So results are correctly rounded and the
// accepted syntax is exactly strconv's.

// decimal is a parsed plain decimal token: w·10^q.
type decimal struct {
	w   uint64
	q   int
	neg bool
}

// parseDecimal parses [+-]digits[.digits][(e|E)[+-]digits] with at most 19
// significant digits; false means "not this simple form".
func parseDecimal(s []byte) (decimal, bool) {
	d, n, ok := parseDecimalPrefix(s)
	return d, ok && n == len(s)
}

// digitRun8 reports whether the eight bytes at s[i:] are all digits, and
// their value.
func digitRun8(s []byte, i int) (uint64, bool) {
	if len(s)-i < 8 {
		return 0, false
	}
	x := binary.LittleEndian.Uint64(s[i : i+8])
	if nonDigits(x) != 0 {
		return 0, false
	}
	return eightDigits(x), true
}

// parseDecimalPrefix parses the simple decimal form at the start of s and
// returns it with its length; false means the prefix is not of that form
// or has more than 19 significant digits.
func parseDecimalPrefix(s []byte) (d decimal, n int, ok bool) {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		d.neg = s[i] == '-'
		i++
	}
	nd := 0   // digits taken into w (at least the significant ones)
	seen := 0 // digits seen
	frac := 0 // digits after the point that scale w
	for i < len(s) {
		if d.w != 0 && nd+8 <= 19 {
			if v, all := digitRun8(s, i); all {
				d.w = d.w*1e8 + v
				nd += 8
				seen += 8
				i += 8
				continue
			}
		}
		c := s[i] - '0'
		if c > 9 {
			break
		}
		i++
		seen++
		if d.w == 0 && c == 0 {
			continue
		}
		d.w = d.w*10 + uint64(c)
		nd++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) {
			if nd+8 <= 19 {
				// Eight digits at once; zeros before the first significant
				// digit then count in nd too, which only sends very long
				// inputs to strconv.
				if v, all := digitRun8(s, i); all {
					d.w = d.w*1e8 + v
					if d.w != 0 {
						nd += 8
					}
					seen += 8
					frac += 8
					i += 8
					continue
				}
			}
			c := s[i] - '0'
			if c > 9 {
				break
			}
			i++
			seen++
			frac++
			if d.w == 0 && c == 0 {
				continue // a leading zero after the point still scales
			}
			d.w = d.w*10 + uint64(c)
			nd++
		}
	}
	if seen == 0 || nd > 19 {
		return d, 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			eneg = s[i] == '-'
			i++
		}
		start := i
		e := 0
		for ; i < len(s); i++ {
			c := s[i] - '0'
			if c > 9 {
				break
			}
			e = e*10 + int(c)
			if e > 100000 {
				return d, 0, false // strconv decides: Inf, 0 or a huge fraction
			}
		}
		if i == start {
			return d, 0, false
		}
		if eneg {
			e = -e
		}
		d.q = e
	}
	d.q -= frac
	return d, i, true
}

// exact10 holds the powers of ten that are exact float64s.
var exact10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// eiselLemire converts w·10^q (w != 0) to the bits of the nearest float
// with mantBits explicit mantissa bits and exponent bias bias, or reports
// false when it cannot decide or the result is subnormal or infinite.
func eiselLemire(w uint64, q, mantBits, bias int) (uint64, bool) {
	if q < pow10QMin || q > pow10QMax {
		return 0, false
	}
	m := &pow10m[q-pow10QMin]
	l := bits.LeadingZeros64(w)
	w <<= uint(l)
	shift := uint(63 - (mantBits + 2)) // bits below mantissa+round in the high word
	mask := uint64(1)<<shift - 1
	hi, lo := bits.Mul64(w, m[0])
	if hi&mask == mask && lo+w < lo {
		// The truncated product may be just below a rounding boundary:
		// bring in the low half of 10^q.
		h2, l2 := bits.Mul64(w, m[1])
		lo2, carry := bits.Add64(lo, h2, 0)
		hi += carry
		if hi&mask == mask && lo2+1 == 0 && l2+w < l2 {
			return 0, false
		}
		lo = lo2
	}
	msb := hi >> 63
	mant := hi >> (msb + uint64(shift))
	if lo == 0 && hi&mask == 0 && mant&3 == 1 {
		// Possibly an exact halfway case: round-to-even needs exact
		// arithmetic.
		return 0, false
	}
	field := (217706*q)>>16 + int(msb) + int(shift) + 2 + bias + mantBits - l
	mant += mant & 1
	mant >>= 1
	if mant>>(mantBits+1) != 0 {
		mant >>= 1
		field++
	}
	if field < 1 || field > 2*bias {
		return 0, false
	}
	return uint64(field)<<uint(mantBits) | mant&(1<<uint(mantBits)-1), true
}

// parseFloatFast converts the simple decimal tokens; false sends the token
// to strconv.
func parseFloatFast(s []byte, bitSize int) (float64, bool) {
	d, ok := parseDecimal(s)
	if !ok {
		return 0, false
	}
	return d.float(bitSize)
}

// float converts d to the nearest float64, or float32 when bitSize is 32,
// or reports false when only strconv can.
func (d decimal) float(bitSize int) (float64, bool) {
	if d.w == 0 {
		if d.neg {
			return math.Copysign(0, -1), true
		}
		return 0, true
	}
	var f float64
	if bitSize == 64 {
		if d.w <= 1<<53 && d.q >= -22 && d.q <= 22 {
			f = float64(d.w)
			if d.q < 0 {
				f /= exact10[-d.q]
			} else {
				f *= exact10[d.q]
			}
		} else {
			b, ok := eiselLemire(d.w, d.q, 52, 1023)
			if !ok {
				return 0, false
			}
			f = math.Float64frombits(b)
		}
	} else {
		if d.w <= 1<<24 && d.q >= -10 && d.q <= 10 {
			g := float32(d.w)
			if d.q < 0 {
				g /= float32(exact10[-d.q])
			} else {
				g *= float32(exact10[d.q])
			}
			f = float64(g)
		} else {
			b, ok := eiselLemire(d.w, d.q, 23, 127)
			if !ok {
				return 0, false
			}
			f = float64(math.Float32frombits(uint32(b)))
		}
	}
	if d.neg {
		f = -f
	}
	return f, true
}

// parseFloatT parses s as a T with strconv.ParseFloat's syntax.
func parseFloatT[T core.Float](s []byte) (T, code) {
	var z T
	bitSize := int(unsafe.Sizeof(z)) * 8
	if f, okf := parseFloatFast(s, bitSize); okf {
		return T(f), ok
	}
	f, err := strconv.ParseFloat(string(s), bitSize)
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
// T's bit size (on ErrRange the value is ±Inf). It does not allocate for
// tokens of up to 32 bytes.
func ParseFloat[T core.Float, S core.Text](s S) (T, error) {
	v, c := parseFloatT[T](asBytes(s))
	return v, c.err()
}
