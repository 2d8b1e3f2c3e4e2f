package unicode

// Short texts (a field, a name, a line) are below the lengths at which the
// vector kernels start, and there the set-up of the general kernels (the
// checks for a vector run, the run loops that stop near the end of the
// input) costs more than the conversion. The slice forms of the most used
// pairs send texts shorter than shortMax through one plain loop per pair
// instead. The loops convert only well-formed characters and stop at
// anything else (bad input, a full destination), leaving the rest to the
// general kernel, which gives the same results from any position.

// shortMax is the source length below which the short loops are used:
// below the 64 bytes the vector kernels need.
const shortMax = 64

// utf8ToUTF16LEShort converts the leading well-formed UTF-8 of src to
// UTF-16LE and returns the bytes done on each side.
func utf8ToUTF16LEShort(dst, src []byte) (nd, ns int) {
	for ns < len(src) {
		if ns+8 <= len(src) && nd+16 <= len(dst) {
			x := ld64(src, ns)
			if x&hiBits == 0 {
				st64(dst, nd, spread16(x&0xFFFFFFFF))
				st64(dst, nd+8, spread16(x>>32))
				ns += 8
				nd += 16
				continue
			}
		}
		c := src[ns]
		if c < 0x80 {
			if nd+2 > len(dst) {
				return nd, ns
			}
			st16(dst, nd, uint16(c))
			ns++
			nd += 2
			continue
		}
		var r uint32
		var n int
		if ns+4 <= len(src) {
			r, n = decodeUTF8Fast(src[ns:])
			if n == 0 {
				return nd, ns
			}
		} else {
			var d int
			if r, n, d = decodeUTF8(src[ns:]); d != decOK {
				return nd, ns
			}
		}
		if r < 0x10000 {
			if nd+2 > len(dst) {
				return nd, ns
			}
			st16(dst, nd, uint16(r))
			nd += 2
		} else {
			if nd+4 > len(dst) {
				return nd, ns
			}
			st32(dst, nd, surrogates(r))
			nd += 4
		}
		ns += n
	}
	return nd, ns
}

// utf16LEToUTF8Short converts the leading well-formed UTF-16LE of src to
// UTF-8 and returns the bytes done on each side. An odd last byte is left
// to the general kernel.
func utf16LEToUTF8Short(dst, src []byte) (nd, ns int) {
	for ns+2 <= len(src) {
		if ns+8 <= len(src) && nd+4 <= len(dst) {
			x := ld64(src, ns)
			if x&0xFF80FF80FF80FF80 == 0 {
				x = x&0xFF | x>>8&0xFF00 | x>>16&0xFF0000 | x>>24&0xFF000000
				st32(dst, nd, uint32(x))
				ns += 8
				nd += 4
				continue
			}
		}
		u := uint32(ld16(src, ns))
		switch {
		case u < 0x80:
			if nd+1 > len(dst) {
				return nd, ns
			}
			dst[nd] = byte(u)
			nd++
			ns += 2
		case u < 0x800:
			if nd+2 > len(dst) {
				return nd, ns
			}
			st16(dst, nd, utf8Word2(u))
			nd += 2
			ns += 2
		case u&0xF800 != 0xD800:
			if nd+3 > len(dst) {
				return nd, ns
			}
			w := utf8Word3(u)
			dst[nd] = byte(w)
			st16(dst, nd+1, uint16(w>>8))
			nd += 3
			ns += 2
		default:
			if u >= 0xDC00 || ns+4 > len(src) || nd+4 > len(dst) {
				return nd, ns
			}
			lo := uint32(ld16(src, ns+2))
			if lo&0xFC00 != 0xDC00 {
				return nd, ns
			}
			st32(dst, nd, utf8Word(0x10000+(u-0xD800)<<10+(lo-0xDC00)))
			nd += 4
			ns += 4
		}
	}
	return nd, ns
}
