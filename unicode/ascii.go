package unicode

import "encoding/binary"

// The ASCII run helpers convert the longest ASCII prefix of src that fits in
// dst and return how many code units of src they converted. They are the
// fast path of every UTF kernel: text is mostly runs of ASCII. The pure-Go
// bodies below handle 8 bytes per step with SWAR bit tricks; on amd64 the
// assembly versions (vector_amd64.s) handle 32 bytes per step with AVX2 and
// call these for the tail.

const hiBits = 0x8080808080808080

// spread16 moves the 4 low bytes of x into the low bytes of 4 16-bit lanes.
func spread16(x uint64) uint64 {
	x &= 0xFFFFFFFF
	x = (x | x<<16) & 0x0000FFFF0000FFFF
	return (x | x<<8) & 0x00FF00FF00FF00FF
}

func asciiToUTF16Go(dst, src []byte, be bool) int {
	n := min(len(src), len(dst)/2)
	i := 0
	shift := uint(0)
	if be {
		shift = 8
	}
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(src[i:])
		if x&hiBits != 0 {
			break
		}
		binary.LittleEndian.PutUint64(dst[2*i:], spread16(x)<<shift)
		binary.LittleEndian.PutUint64(dst[2*i+8:], spread16(x>>32)<<shift)
	}
	for ; i < n; i++ {
		c := src[i]
		if c >= 0x80 {
			break
		}
		if be {
			dst[2*i], dst[2*i+1] = 0, c
		} else {
			dst[2*i], dst[2*i+1] = c, 0
		}
	}
	return i
}

func asciiToUTF32Go(dst, src []byte, be bool) int {
	n := min(len(src), len(dst)/4)
	i := 0
	shift := uint(0)
	if be {
		shift = 24
	}
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(src[i:])
		if x&hiBits != 0 {
			break
		}
		d := dst[4*i : 4*i+32]
		for k := 0; k < 4; k++ {
			y := x >> (16 * k)
			binary.LittleEndian.PutUint64(d[8*k:], (y&0xFF|(y&0xFF00)<<24)<<shift)
		}
	}
	for ; i < n; i++ {
		c := src[i]
		if c >= 0x80 {
			break
		}
		put32(dst[4*i:], uint32(c), be)
	}
	return i
}

// utf16ToASCIIGo narrows the leading UTF-16 units below 0x80.
func utf16ToASCIIGo(dst, src []byte, be bool) int {
	n := min(len(src)/2, len(dst))
	mask := uint64(0xFF80FF80FF80FF80)
	if be {
		mask = 0x80FF80FF80FF80FF
	}
	i := 0
	for ; i+4 <= n; i += 4 {
		x := binary.LittleEndian.Uint64(src[2*i:])
		if x&mask != 0 {
			break
		}
		if be {
			x >>= 8
		}
		// gather bytes 0, 2, 4, 6
		x = (x | x>>8) & 0x0000FFFF0000FFFF
		x = (x | x>>16) & 0xFFFFFFFF
		binary.LittleEndian.PutUint32(dst[i:], uint32(x))
	}
	for ; i < n; i++ {
		u := load16(src[2*i:], be)
		if u >= 0x80 {
			break
		}
		dst[i] = byte(u)
	}
	return i
}

// utf32ToASCIIGo narrows the leading UTF-32 units below 0x80.
func utf32ToASCIIGo(dst, src []byte, be bool) int {
	n := min(len(src)/4, len(dst))
	mask := uint64(0xFFFFFF80FFFFFF80)
	if be {
		mask = 0x80FFFFFF80FFFFFF
	}
	i := 0
	for ; i+2 <= n; i += 2 {
		x := binary.LittleEndian.Uint64(src[4*i:])
		if x&mask != 0 {
			break
		}
		if be {
			x >>= 24
		}
		dst[i], dst[i+1] = byte(x), byte(x>>32)
	}
	for ; i < n; i++ {
		u := load32(src[4*i:], be)
		if u >= 0x80 {
			break
		}
		dst[i] = byte(u)
	}
	return i
}

// asciiPrefix returns the length of the ASCII prefix of p.
func asciiPrefix(p []byte) int {
	i := 0
	for ; i+8 <= len(p); i += 8 {
		if binary.LittleEndian.Uint64(p[i:])&hiBits != 0 {
			break
		}
	}
	for ; i < len(p) && p[i] < 0x80; i++ {
	}
	return i
}
