package varint

import (
	"encoding/binary"
	"io"
	"math/bits"

	"github.com/fastio-go/fastio/core"
)

// Uint decodes the varint at the start of p. It returns the value and the
// number of bytes it took, or an error: ErrTruncated when p ends inside the
// varint (n is then len(p)), ErrOverlong, ErrOverflow or ErrTooLong when
// the encoding is invalid (n is then the number of bytes up to and including
// the offending one). It never allocates.
func Uint(p []byte) (v uint64, n int, err error) {
	if len(p) == 0 || p[0] >= 0x80 {
		return uintSlow(p)
	}
	return uint64(p[0]), 1, nil
}

// uintSlow decodes varints of two bytes or more. With 8 bytes at hand it
// finds the terminating byte with one mask and gathers the 7-bit groups
// with three shift-and-mask steps (SWAR, "SIMD within a register"; the
// same gathering that Lemire et al., "Vectorized VByte Decoding", 2015, do
// with byte shuffles), instead of a loop with a branch per byte.
func uintSlow(p []byte) (uint64, int, error) {
	if len(p) >= 8 {
		x := binary.LittleEndian.Uint64(p)
		if m := ^x & 0x8080808080808080; m != 0 {
			n := bits.TrailingZeros64(m)>>3 + 1
			if n > 1 && byte(x>>(uint(n-1)*8)) == 0 {
				return 0, n, ErrOverlong
			}
			if n < 8 {
				x &= 1<<(uint(n)*8) - 1
			}
			x &= 0x7f7f7f7f7f7f7f7f
			x = x&0x007f007f007f007f | x&0x7f007f007f007f00>>1
			x = x&0x00003fff00003fff | x&0x3fff00003fff0000>>2
			x = x&0x000000000fffffff | x&0x0fffffff00000000>>4
			return x, n, nil
		}
	}
	var x uint64
	var s uint
	for i, b := range p {
		if i == MaxLen64-1 {
			if b >= 0x80 {
				return 0, MaxLen64, ErrTooLong
			}
			if b > 1 {
				return 0, MaxLen64, ErrOverflow
			}
		}
		if b < 0x80 {
			if b == 0 && i > 0 {
				return 0, i + 1, ErrOverlong
			}
			return x | uint64(b)<<s, i + 1, nil
		}
		x |= uint64(b&0x7f) << s
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
	return readUintSlow(r)
}

func readUintSlow(r core.BufferedReader) (uint64, error) {
	if v, n, err := Uint(r.Window()); err != ErrTruncated {
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
				if b == 0 && i > 0 {
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
