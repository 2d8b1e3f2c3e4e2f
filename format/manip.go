package format

import (
	"math"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// Manipulators are plain values: each call returns a new value and there is
// no hidden stream state, so a manipulator affects exactly the one value it
// wraps (unlike iostream's sticky flags).

// IntFormat is the manipulator of an integer: base, prefix, case, sign,
// digit grouping and zero padding. Make one with Base; the zero IntFormat
// prints 0 in decimal.
type IntFormat struct {
	u      uint64
	neg    bool
	base   uint8
	upper  bool
	prefix bool
	plus   bool
	group  bool
	zeros  int
	loc    *locale
}

// Base formats v in base (2 to 36; digits past 9 are letters), as
// strconv.FormatInt does: Base(v, 16).Prefix() is 0x and hex digits,
// Base(v, 10).Group() a grouped decimal. A base outside that range means
// 10.
func Base[T core.Integer](v T, base int) IntFormat {
	if base < 2 || base > 36 {
		base = 10
	}
	u, neg := split(v)
	return IntFormat{u: u, neg: neg, base: uint8(base)}
}

// Prefix adds Go's base prefix: 0x, 0o or 0b (upper case with Upper);
// other bases have none.
func (f IntFormat) Prefix() IntFormat { f.prefix = true; return f }

// Upper writes letter digits and the prefix in upper case.
func (f IntFormat) Upper() IntFormat { f.upper = true; return f }

// Plus writes a '+' before zero and positive values.
func (f IntFormat) Plus() IntFormat { f.plus = true; return f }

// Group separates digit groups: in decimal with the locale's separator
// and group size (C: "," every 3 digits), in other bases with '_' every 4
// digits, as Go literals allow.
func (f IntFormat) Group() IntFormat { f.group = true; return f }

// In selects the locale used by Group; the zero Locale is C.
func (f IntFormat) In(l Locale) IntFormat { f.loc = l.l; return f }

// Zeros pads the number with zeros, after its sign and prefix, to width
// characters in all. Use Pad for other fills and alignments. With Group,
// the zeros are grouped like the digits, as Python's format(155,
// '08,d') gives "0,000,155": a group never starts with a separator, so
// the number is one character wider than width when a separator would
// come first.
func (f IntFormat) Zeros(width int) IntFormat { f.zeros = width; return f }

// AppendFormat appends the formatted integer to dst.
func (f IntFormat) AppendFormat(dst []byte) []byte {
	if f.base < 2 || f.base > 36 {
		f.base = 10 // the zero IntFormat, as Base with a base out of range
	}
	start := len(dst)
	if f.neg {
		dst = append(dst, '-')
	} else if f.plus {
		dst = append(dst, '+')
	}
	if f.prefix {
		var p byte
		switch f.base {
		case 16:
			p = 'x'
		case 8:
			p = 'o'
		case 2:
			p = 'b'
		}
		if p != 0 {
			if f.upper {
				p -= 'a' - 'A'
			}
			dst = append(dst, '0', p)
		}
	}
	skip := len(dst) - start
	from := len(dst)
	if f.base == 10 {
		n := decLen(f.u)
		dst = grow(dst, n)
		putDec(dst[len(dst)-n:], f.u)
	} else {
		var buf [64]byte
		n := putBase(buf[:], f.u, int(f.base), f.upper)
		dst = append(dst, buf[64-n:]...)
	}
	if f.group {
		size, sep, sepRunes := 4, "_", 1
		if f.base == 10 {
			l := f.loc.or()
			size, sep, sepRunes = l.size, l.group, l.runes
		}
		if n := len(dst) - from; f.zeros > skip+n {
			dst = insertFill(dst, from, groupedZeros(n, size, sepRunes, f.zeros-skip)-n, '0')
		}
		dst, _ = groupDigits(dst, from, len(dst), size, sep)
		return dst
	}
	if f.zeros > len(dst)-start {
		dst = zeroPad(dst, start, skip, f.zeros)
	}
	return dst
}

// maxFloatLen is the space reserved for a shortest-form float: the longest
// is "-2.2250738585072014e-308", and the layout works in floatScratch bytes.
const maxFloatLen = floatScratch

// appendShortest appends v in shortest round-trip form (ftoa.go).
func appendShortest[T core.Float](dst []byte, v T) []byte {
	return appendFloatShortest(dst, float64(v), int(unsafe.Sizeof(v))*8)
}

// FloatFormat is the manipulator of a floating-point value: its form
// (shortest, fixed, scientific, general, hex), precision, sign, locale and
// grouping. Make one with Fixed, Sci, General or HexFloat; the zero
// FloatFormat prints 0. General(v, -1) is the shortest form that reads
// back as v, which Float writes.
type FloatFormat struct {
	v       float64
	bitSize uint8
	mode    byte
	prec    int
	flags   uint8 // floatPlus, floatGroup
	zeros   int
	loc     *locale
}

// The flags of a FloatFormat, in one field so that the value (six integer
// fields and the float) and AppendFormat's dst all travel in registers.
const (
	floatPlus  = 1 << iota // Plus
	floatGroup             // Group
)

// shortestOnly reports whether f is General(v, -1) or Sci(v, -1) with
// nothing to add (no sign, grouping, locale or zero padding): the shortest
// digits in the layout appendShortestBits writes.
func (f *FloatFormat) shortestOnly() bool {
	return f.prec < 0 && f.zeros <= 0 && f.flags == 0 && f.loc == nil && (f.mode == 'e' || f.mode == 'g')
}

func newFloat[T core.Float](v T, mode byte, prec int) FloatFormat {
	return FloatFormat{v: float64(v), bitSize: uint8(unsafe.Sizeof(v) * 8), mode: mode, prec: max(prec, -1)}
}

// Fixed formats v without an exponent, with prec digits after the point
// (-1: as few as round-trip), as strconv's 'f'.
func Fixed[T core.Float](v T, prec int) FloatFormat { return newFloat(v, 'f', prec) }

// Sci formats v in scientific notation, d.ddde±dd, with prec digits after
// the point (-1: as few as round-trip), as strconv's 'e'.
func Sci[T core.Float](v T, prec int) FloatFormat { return newFloat(v, 'e', prec) }

// General formats v as Sci for large exponents and as Fixed otherwise, with
// prec significant digits, as strconv's 'g'. A prec of -1 gives the
// shortest form that reads back as v, as Float writes it.
func General[T core.Float](v T, prec int) FloatFormat { return newFloat(v, 'g', prec) }

// HexFloat formats v as a hexadecimal mantissa and binary exponent,
// -0x1.23abcp+20, with prec hex digits (-1: as few as exact), as strconv's
// 'x'.
func HexFloat[T core.Float](v T, prec int) FloatFormat { return newFloat(v, 'x', prec) }

// Upper writes the exponent letter and hex digits in upper case ('E', 'X'),
// as strconv's 'E', 'G' and 'X'. Fixed notation has no letters (Inf and
// NaN are written the same in both cases), so it is left as it is.
func (f FloatFormat) Upper() FloatFormat {
	if f.mode == 'e' || f.mode == 'g' || f.mode == 'x' {
		f.mode -= 'a' - 'A'
	}
	return f
}

// Plus writes a '+' before positive values, +Inf included.
func (f FloatFormat) Plus() FloatFormat { f.flags |= floatPlus; return f }

// Group separates digit groups of the integer part with the locale's
// separator (C: "," every 3 digits).
func (f FloatFormat) Group() FloatFormat { f.flags |= floatGroup; return f }

// In selects the locale for the decimal point and Group; the zero Locale
// is C.
func (f FloatFormat) In(l Locale) FloatFormat { f.loc = l.l; return f }

// Zeros pads the number with zeros after its sign to width characters in
// all, as fmt's %0*f does; Inf and NaN are padded with spaces instead.
// With Group, the zeros are grouped like the digits of the integer part,
// as IntFormat.Zeros says (Python's format(1234.5, '010,.1f') is
// "0,001,234.5").
func (f FloatFormat) Zeros(width int) FloatFormat { f.zeros = width; return f }

// AppendFormat appends the formatted float to dst.
func (f FloatFormat) AppendFormat(dst []byte) []byte {
	if f.shortestOnly() {
		// General(v, -1) and Sci(v, -1) as they come, with
		// nothing to add: straight to the layout.
		if f.bitSize == 64 {
			return appendShortest64(dst, f.v, f.mode == 'e')
		}
		return appendShortestMode(dst, f.v, int(f.bitSize), f.mode)
	}
	start := len(dst)
	if f.flags&floatPlus != 0 && !(f.v < 0 || (f.v == 0 && 1/f.v < 0)) && f.v == f.v && f.v <= math.MaxFloat64 {
		// strconv writes +Inf with its sign already.
		dst = append(dst, '+')
	}
	// 'E' and 'G' are 'e' and 'g' with the exponent letter in upper case,
	// the only letter they can write besides Inf and NaN.
	mode := f.mode
	upperE := mode == 'E' || mode == 'G'
	if upperE {
		mode += 'a' - 'A'
	}
	numStart := len(dst)
	done := false
	if f.prec < 0 && (mode == 'g' || mode == 'e' || mode == 'f') {
		dst, done = appendShortestMode(dst, f.v, int(f.bitSize), mode), true
	} else if mode == 'f' {
		dst, done = appendFixedExact(dst, f.v, f.prec)
	} else if mode == 'e' && sciRange(f.v, f.prec+1) {
		dst, done = appendSciExact(dst, f.v, f.prec)
	} else if mode == 'x' || mode == 'X' {
		dst, done = appendHexFloat(dst, f.v, f.prec, mode == 'X'), true
	}
	if !done {
		if mode == 0 {
			// The zero FloatFormat: zero in shortest form, where strconv
			// would panic on its bit size.
			dst = appendShortestMode(dst, f.v, 64, 'g')
		} else {
			// The other precision forms delegate to strconv (see README.md).
			dst = strconv.AppendFloat(dst, f.v, mode, f.prec, int(f.bitSize))
		}
	}
	if upperE {
		for i := numStart; i < len(dst); i++ {
			if dst[i] == 'e' {
				dst[i] = 'E'
			}
		}
	}
	finite := f.v-f.v == 0
	group := f.flags&floatGroup != 0
	if f.loc != nil || group {
		l := f.loc.or()
		from := start
		if from < len(dst) && (dst[from] == '-' || dst[from] == '+') {
			from++
		}
		end := from
		for end < len(dst) && dst[end] >= '0' && dst[end] <= '9' {
			end++
		}
		if end < len(dst) && dst[end] == '.' && l.decimal != "." {
			dst = replaceAt(dst, end, 1, l.decimal)
		}
		isHex := f.mode == 'x' || f.mode == 'X'
		if group && finite && !isHex {
			n := end - from
			if rest := utf8.RuneCount(dst[end:]); f.zeros > from-start+n+rest {
				d := groupedZeros(n, l.size, l.runes, f.zeros-(from-start)-rest)
				dst = insertFill(dst, from, d-n, '0')
				end += d - n
			}
			dst, _ = groupDigits(dst, from, end, l.size, l.group)
			return dst
		}
	}
	if f.zeros > len(dst)-start {
		if finite {
			skip := 0
			if dst[start] == '-' || dst[start] == '+' {
				skip = 1
			}
			dst = zeroPad(dst, start, skip, f.zeros)
		} else {
			dst = insertFill(dst, start, f.zeros-(len(dst)-start), ' ')
		}
	}
	return dst
}

// replaceAt replaces the n bytes of dst at index at with s.
func replaceAt(dst []byte, at, n int, s string) []byte {
	old := len(dst)
	if d := len(s) - n; d > 0 {
		dst = grow(dst, d)
		copy(dst[at+len(s):], dst[at+n:old])
	} else if d < 0 {
		copy(dst[at+len(s):], dst[at+n:])
		dst = dst[:old+d]
	}
	copy(dst[at:], s)
	return dst
}

// StrFormat is the manipulator of a string: as it is, or quoted in Go
// syntax. Make one with Plain or Quote.
type StrFormat struct {
	s     string
	quote bool
}

// asString views s as a string without copying; the view must not outlive
// the call that formats it, which is how manipulators are used. The size
// of S tells a string shape (two words) from a byte slice shape (three) at
// compile time, which a type switch in a generic function does not.
func asString[S core.Text](s S) string {
	if unsafe.Sizeof(s) == unsafe.Sizeof("") {
		return *(*string)(unsafe.Pointer(&s))
	}
	b := *(*[]byte)(unsafe.Pointer(&s))
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Plain formats s as it is; with Pad it is laid out in a field. A byte
// slice is not copied: format the value before changing the slice.
func Plain[S core.Text](s S) StrFormat { return StrFormat{s: asString(s)} }

// Quote formats s as a double-quoted Go string literal, as strconv.Quote.
func Quote[S core.Text](s S) StrFormat { return StrFormat{s: asString(s), quote: true} }

// AppendFormat appends the string to dst.
func (f StrFormat) AppendFormat(dst []byte) []byte {
	if f.quote {
		return strconv.AppendQuote(dst, f.s)
	}
	return append(dst, f.s...)
}

// CharFormat is the manipulator of a rune printed as a character, not as a
// number (a rune is an int32, which Print writes in decimal). Make one
// with Char.
type CharFormat struct {
	r rune
}

// Char formats r as the character it encodes (utf8.RuneError when invalid).
func Char(r rune) CharFormat { return CharFormat{r: r} }

// AppendFormat appends the character to dst.
func (f CharFormat) AppendFormat(dst []byte) []byte {
	return utf8.AppendRune(dst, f.r)
}

// pointerFormat is how Print writes an address: 0x and lower-case hex
// digits, as fmt's %p ("0x0" for nil).
type pointerFormat struct{ p uintptr }

func (f pointerFormat) AppendFormat(dst []byte) []byte {
	return Base(f.p, 16).Prefix().AppendFormat(dst)
}
