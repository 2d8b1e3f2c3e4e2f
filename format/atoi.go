package format

import (
	"math/bits"
	"strconv"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// Integer parsing. The inner functions return cheap codes (the strconv
// NumError pattern); the Scanner turns them into a *ScanError with context.

type code uint8

const (
	ok code = iota
	syntax
	rangeErr
)

func (c code) err() error {
	switch c {
	case syntax:
		return strconv.ErrSyntax
	case rangeErr:
		return strconv.ErrRange
	}
	return nil
}

// parseError is the error of ParseInt and ParseFloat: the function, the
// input and the failure, as strconv.NumError says them.
type parseError struct {
	fn, num string
	c       code
}

func numError(fn, num string, c code) error { return &parseError{fn, num, c} }

func (e *parseError) Error() string {
	why := "invalid syntax"
	if e.c == rangeErr {
		why = "value out of range"
	}
	return e.fn + ": parsing " + strconv.Quote(e.num) + ": " + why
}

// Unwrap returns strconv.ErrRange or strconv.ErrSyntax, as a
// strconv.NumError does.
func (e *parseError) Unwrap() error { return e.c.err() }

// digitVal maps a byte to its digit value in bases up to 36, or 255.
var digitVal = func() (t [256]byte) {
	for i := range t {
		t[i] = 255
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = byte(c - '0')
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = byte(c - 'a' + 10)
		t[c-'a'+'A'] = byte(c - 'a' + 10)
	}
	return t
}()

// parseUint parses s as an unsigned integer in base 2..36 with no sign and
// a value of at most bitSize bits, as strconv.ParseUint(s, base, bitSize)
// does, and like it reports rangeErr (with the largest value) as soon as
// the digits so far exceed that, even if a bad byte follows.
func parseUint(s []byte, base, bitSize int) (uint64, code) {
	if len(s) == 0 {
		return 0, syntax
	}
	maxVal := uint64(1)<<uint(bitSize) - 1
	if bitSize >= 64 {
		maxVal = 1<<64 - 1
	}
	if base == 10 && len(s) <= 19 {
		// 19 digits cannot overflow 64 bits: the common case needs no
		// checks beyond the digit test.
		var n uint64
		for _, c := range s {
			d := c - '0'
			if d > 9 {
				if n > maxVal {
					return maxVal, rangeErr
				}
				return 0, syntax
			}
			n = n*10 + uint64(d)
		}
		if n > maxVal {
			return maxVal, rangeErr
		}
		return n, ok
	}
	b := uint64(base)
	var n uint64
	for _, c := range s {
		d := uint64(digitVal[c])
		if d >= b {
			return 0, syntax
		}
		hi, lo := bits.Mul64(n, b)
		lo, carry := bits.Add64(lo, d, 0)
		if hi != 0 || carry != 0 || lo > maxVal {
			return maxVal, rangeErr
		}
		n = lo
	}
	return n, ok
}

// parseInt parses s as strconv.ParseInt/ParseUint do for base 2..36 and
// the given bit size, for a signed or unsigned result. The value returned
// on rangeErr is the bound exceeded, as strconv returns.
func parseInt(s []byte, base, bitSize int, signed bool) (uint64, code) {
	if !signed {
		return parseUint(s, base, bitSize)
	}
	neg := false
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	u, c := parseUint(s, base, bitSize)
	if c == syntax {
		return 0, syntax
	}
	cut := uint64(1) << uint(bitSize-1)
	if neg {
		if c == rangeErr || u > cut {
			return -cut, rangeErr
		}
		return -u, ok
	}
	if c == rangeErr || u >= cut {
		return cut - 1, rangeErr
	}
	return u, ok
}

// parseIntBase0 handles base 0 (prefixes 0x, 0o, 0b, 0 and underscores) by
// delegating to strconv, the definition of that syntax. string(s) of a
// short token is built on the stack, so this does not allocate either.
func parseIntBase0(s []byte, bitSize int, signed bool) (uint64, code) {
	var (
		u   uint64
		err error
	)
	if signed {
		var v int64
		v, err = strconv.ParseInt(string(s), 0, bitSize)
		u = uint64(v)
	} else {
		u, err = strconv.ParseUint(string(s), 0, bitSize)
	}
	if err != nil {
		if err.(*strconv.NumError).Err == strconv.ErrRange {
			return u, rangeErr
		}
		return 0, syntax
	}
	return u, ok
}

// intKind returns the bit size and signedness of T.
func intKind[T core.Integer]() (int, bool) {
	var z T
	return int(unsafe.Sizeof(z)) * 8, ^z < 0
}

// ParseInt parses s, a string or byte slice, as an integer of type T in
// base 2 to 36, or 0 for Go's prefixes and underscores, with the syntax
// and results of strconv.ParseInt (signed T) or strconv.ParseUint
// (unsigned T) at T's bit size. An error reads as strconv's do
// (format.ParseInt: parsing "12a": invalid syntax) and matches
// strconv.ErrSyntax or strconv.ErrRange with errors.Is; on a range error
// the value is the bound exceeded. It allocates only for the error.
func ParseInt[T core.Integer, S core.Text](s S, base int) (T, error) {
	v, c := parseIntT[T](asBytes(s), base)
	if c != ok {
		return v, numError("format.ParseInt", string(s), c)
	}
	return v, nil
}

func parseIntT[T core.Integer](s []byte, base int) (T, code) {
	bitSize, signed := intKind[T]()
	if base == 0 {
		u, c := parseIntBase0(s, bitSize, signed)
		return T(u), c
	}
	if base < 2 || base > 36 {
		return 0, syntax
	}
	u, c := parseInt(s, base, bitSize, signed)
	return T(u), c
}

// asBytes views s as a byte slice without copying; the view is only read.
func asBytes[S core.Text](s S) []byte {
	switch v := any(s).(type) {
	case []byte:
		return v
	case string:
		return unsafe.Slice(unsafe.StringData(v), len(v))
	}
	return []byte(s)
}
