package unicode

// Short texts (a field, a name, a line) are below the lengths at which the
// vector kernels start, and there the set-up of the general kernels (the
// checks for a vector run, the run loops that stop near the end of the
// input) costs more than the conversion. The slice forms of the most used
// pairs send texts shorter than shortLimit through one plain loop per pair
// instead. The loops convert only well-formed characters and stop at
// anything else (bad input, a full destination), leaving the rest to the
// general kernel, which gives the same results from any position.

// shortLimit is the source length below which the short loop of kind k
// is used: below the 64 bytes of UTF-8 where the vector kernels start, and
// the 32 bytes (16 units) of UTF-16 where the vector run of 3-byte
// characters does.
func shortLimit(k shortKind) uint8 {
	switch k {
	case short8to16LE:
		return 64
	case short16LEto8:
		return 32
	}
	return 0
}

// shortKind names the short loop of a pair, chosen when its Converter is
// made.
type shortKind uint8

const (
	shortNone shortKind = iota
	short8to16LE
	short16LEto8
)

func shortFor(from, to Encoding) shortKind {
	switch {
	case from == UTF8 && to == UTF16LE:
		return short8to16LE
	case from == UTF16LE && to == UTF8:
		return short16LEto8
	}
	return shortNone
}

// utf8ToUTF16LEShort converts the leading well-formed UTF-8 of src to
// UTF-16LE and returns the bytes done on each side.
func utf8ToUTF16LEShort(dst, src []byte) (nd, ns int) {
	for ns < len(src) {
		c := src[ns]
		if c < 0x80 {
			if ns+8 <= len(src) && nd+16 <= len(dst) {
				if x := ld64(src, ns); x&hiBits == 0 {
					st64(dst, nd, spread16(x&0xFFFFFFFF))
					st64(dst, nd+8, spread16(x>>32))
					ns += 8
					nd += 16
					continue
				}
			}
			if nd+2 > len(dst) {
				return nd, ns
			}
			st16(dst, nd, uint16(c))
			ns++
			nd += 2
			continue
		}
		var v uint32
		if ns+4 <= len(src) {
			v = ld32(src, ns)
		} else {
			// The last bytes, zero-padded: the decoders look at no byte
			// beyond their sequence's length, and a zero is no
			// continuation byte.
			for i := len(src) - 1; i >= ns; i-- {
				v = v<<8 | uint32(src[i])
			}
		}
		switch {
		case c < 0xE0:
			r, ok := dec2(v)
			if !ok || nd+2 > len(dst) {
				return nd, ns
			}
			st16(dst, nd, uint16(r))
			ns += 2
			nd += 2
		case c < 0xF0:
			r, ok := dec3(v)
			if !ok || nd+2 > len(dst) {
				return nd, ns
			}
			st16(dst, nd, uint16(r))
			ns += 3
			nd += 2
		default:
			r, ok := dec4(v)
			if !ok || nd+4 > len(dst) {
				return nd, ns
			}
			st32(dst, nd, surrogates(r))
			ns += 4
			nd += 4
		}
	}
	return nd, ns
}

// utf16LEToUTF8Short converts the leading well-formed UTF-16LE of src to
// UTF-8 and returns the bytes done on each side. An odd last byte is left
// to the general kernel.
func utf16LEToUTF8Short(dst, src []byte) (nd, ns int) {
	for ns+2 <= len(src) {
		u := uint32(ld16(src, ns))
		switch {
		case u < 0x80:
			if ns+8 <= len(src) && nd+4 <= len(dst) {
				if x := ld64(src, ns); x&0xFF80FF80FF80FF80 == 0 {
					x = x&0xFF | x>>8&0xFF00 | x>>16&0xFF0000 | x>>24&0xFF000000
					st32(dst, nd, uint32(x))
					ns += 8
					nd += 4
					continue
				}
			}
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
