package varint

import (
	"io"

	"github.com/fastio-go/fastio/core"
)

// Decode is the hot-path form of Uint, with the error folded into n as
// encoding/binary's Uvarint does: n > 0 is the length of a valid varint;
// n == 0 means p ends inside the varint (ErrTruncated); n < 0 means the
// encoding is invalid at byte -n (Uint tells which error). It inlines into
// the caller.
func Decode(p []byte) (uint64, int) {
	var v uint64
	var s uint
	for i, b := range p {
		if b < 0x80 {
			// One compare per terminating byte, see lastLimit.
			if uint16(b-1) >= lastLimit[i] {
				return 0, -(i + 1)
			}
			return v | uint64(b)<<s, i + 1
		}
		if i == MaxLen64-1 {
			return 0, -MaxLen64
		}
		v |= uint64(b&0x7f) << s
		s += 7
	}
	return 0, 0
}

// lastLimit[i] is the bound of b-1, computed in a byte so that 0 wraps
// to 255, for a valid terminating byte b at index i: the first byte may be
// anything below 0x80 (bound 256), a later one not 0, which would be
// overlong (bound 127), and the 10th byte only 1, as more overflows 64
// bits (bound 1).
var lastLimit = [MaxLen64]uint16{256, 127, 127, 127, 127, 127, 127, 127, 127, 1}

// Uint decodes the varint at the start of p. It returns the value and the
// number of bytes it took, or an error: ErrTruncated when p ends inside the
// varint (n is then len(p)), ErrOverlong, ErrOverflow or ErrTooLong when
// the encoding is invalid (n is then the number of bytes up to and including
// the offending one). It never allocates.
func Uint(p []byte) (uint64, int, error) {
	v, n := Decode(p)
	if n > 0 {
		return v, n, nil
	}
	if n == 0 {
		return 0, len(p), ErrTruncated
	}
	return 0, -n, decodeErr(p, n)
}

// decodeErr names the error of a Decode that returned n < 0.
func decodeErr(p []byte, n int) error {
	switch {
	case -n == MaxLen64 && p[MaxLen64-1] >= 0x80:
		return ErrTooLong
	case p[-n-1] == 0:
		return ErrOverlong
	}
	return ErrOverflow
}

// UintLenient is Uint accepting non-minimal encodings as well: redundant
// zero groups at the end (0x80 0x00 for 0), up to the 10-byte limit, as
// encoding/binary's Uvarint and protobuf decoders do. ErrTruncated,
// ErrOverflow and ErrTooLong are reported as by Uint; ErrOverlong never.
func UintLenient(p []byte) (uint64, int, error) {
	if v, n := Decode(p); n > 0 {
		return v, n, nil
	}
	var v uint64
	var s uint
	for i, b := range p {
		if i == MaxLen64-1 {
			if b >= 0x80 {
				return 0, i + 1, ErrTooLong
			}
			if b > 1 {
				return 0, i + 1, ErrOverflow
			}
		}
		if b < 0x80 {
			return v | uint64(b)<<s, i + 1, nil
		}
		v |= uint64(b&0x7f) << s
		s += 7
	}
	return 0, len(p), ErrTruncated
}

// Int decodes the zigzag varint at the start of p, as Uint.
func Int(p []byte) (int64, int, error) {
	u, n, err := Uint(p)
	return Unzigzag(u), n, err
}

// ReadUint decodes one varint from r and consumes it. At the end of the
// input before the first byte it returns io.EOF; inside the varint,
// ErrTruncated. An invalid encoding is reported with the errors of Uint and
// its bytes are consumed. Any other error of r.Fill is returned as it is.
// The result does not depend on how r's input is split into fills.
func ReadUint(r core.BufferedReader) (uint64, error) {
	w := r.Window()
	if len(w) > 0 && w[0] < 0x80 {
		r.Consume(1)
		return uint64(w[0]), nil
	}
	return readUintSlow(r, false)
}

// ReadUintLenient is ReadUint accepting the non-minimal encodings
// UintLenient accepts.
func ReadUintLenient(r core.BufferedReader) (uint64, error) {
	w := r.Window()
	if len(w) > 0 && w[0] < 0x80 {
		r.Consume(1)
		return uint64(w[0]), nil
	}
	return readUintSlow(r, true)
}

func readUintSlow(r core.BufferedReader, lenient bool) (uint64, error) {
	v, n, err := Uint(r.Window())
	if lenient && err == ErrOverlong {
		v, n, err = UintLenient(r.Window())
	}
	if err != ErrTruncated {
		r.Consume(n)
		return v, err
	}
	// The window ends inside the varint: decode byte by byte, consuming as
	// we go, so that any window size works.
	var x uint64
	var s uint
	for i := 0; ; {
		w := r.Window()
		if len(w) == 0 {
			if _, err := r.Fill(); err != nil {
				if err == io.EOF {
					if i == 0 {
						return 0, io.EOF
					}
					return 0, ErrTruncated
				}
				return 0, err
			}
			continue
		}
		for j, b := range w {
			if i == MaxLen64-1 {
				if b >= 0x80 {
					r.Consume(j + 1)
					return 0, ErrTooLong
				}
				if b > 1 {
					r.Consume(j + 1)
					return 0, ErrOverflow
				}
			}
			if b < 0x80 {
				r.Consume(j + 1)
				if b == 0 && i > 0 && !lenient {
					return 0, ErrOverlong
				}
				return x | uint64(b)<<s, nil
			}
			x |= uint64(b&0x7f) << s
			s += 7
			i++
		}
		r.Consume(len(w))
	}
}

// ReadInt decodes one zigzag varint from r, as ReadUint.
func ReadInt(r core.BufferedReader) (int64, error) {
	u, err := ReadUint(r)
	return Unzigzag(u), err
}
