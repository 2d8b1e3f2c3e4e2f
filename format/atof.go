package format

import (
	"strconv"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

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
// T's bit size (on ErrRange the value is ±Inf). It does not allocate.
func ParseFloat[T core.Float, S core.Text](s S) (T, error) {
	v, c := parseFloatT[T](asBytes(s))
	return v, c.err()
}

func parseFloatFast(s []byte, bitSize int) (float64, bool) { return 0, false }
