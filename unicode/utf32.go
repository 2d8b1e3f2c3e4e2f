package unicode

import "math/bits"

// UTF-32 decoding: a code unit that is a surrogate or above U+10FFFF is
// replaced by one U+FFFD; 1 to 3 bytes left at the end of the input are
// truncated input, one U+FFFD.

// decodeUTF32 decodes the code unit at the start of p (len(p) >= 1).
func decodeUTF32(p []byte, be bool) (r uint32, n int, st int) {
	if len(p) < 4 {
		return runeError, len(p), decIncomplete
	}
	u := load32(p, be)
	if u > maxRune || u&0xFFFFF800 == 0xD800 {
		return runeError, 4, decInvalid
	}
	return u, 4, decOK
}

func utf32ToUTF8(dst, src []byte, atEOF, strict, be bool) (nd, ns int, st status) {
	for ns+4 <= len(src) {
		if ns+64 <= len(src) {
			d, s := bmpMixedToUTF8(dst[nd:], src[ns:], 4, be)
			nd += d
			ns += s
			if ns+4 > len(src) {
				break
			}
		}
		u := load32(src[ns:], be)
		if u < 0x80 {
			if ns+64 > len(src) || load32(src[ns+60:], be) >= 0x80 {
				// A short run (or one too near the end for the bulk
				// helper): one unit at a time, here.
				ns0 := ns
				for ns+4 <= len(src) && nd < len(dst) {
					u := load32(src[ns:], be)
					if u >= 0x80 {
						break
					}
					dst[nd] = byte(u)
					ns += 4
					nd++
				}
				if ns == ns0 {
					return nd, ns, stShortDst
				}
				continue
			}
			n := utf32ToASCII(dst[nd:], src[ns:], be)
			if n == 0 {
				return nd, ns, stShortDst
			}
			ns += 4 * n
			nd += n
			continue
		}
		// A run of non-ASCII characters.
		ns0 := ns
		if u >= 0x10000 {
			n := suppRun(supp32to8, dst[nd:], src[ns:], be)
			ns += n
			nd += n
		} else if u >= 0x800 {
			n := bmpToUTF8Run(dst[nd:], src[ns:], 4, be)
			ns += n
			nd += n / 4 * 3
		}
		for ns+4 <= len(src) && nd+4 <= len(dst) {
			u := ld32(src, ns)
			if be {
				u = bits.ReverseBytes32(u)
			}
			if u < 0x800 {
				if u < 0x80 {
					break
				}
				st16(dst, nd, utf8Word2(u))
				nd += 2
			} else if u < 0x10000 {
				if u&0xF800 == 0xD800 {
					break
				}
				st32(dst, nd, utf8Word3(u))
				nd += 3
			} else {
				if u > maxRune {
					break
				}
				st32(dst, nd, utf8Word(u))
				nd += 4
			}
			ns += 4
		}
		if ns > ns0 {
			continue
		}
		if u > maxRune || u&0xFFFFF800 == 0xD800 {
			if strict {
				return nd, ns, stInvalid
			}
			u = runeError
		}
		if nd+4 > len(dst) && nd+utf8Len(u) > len(dst) {
			return nd, ns, stShortDst
		}
		nd += putUTF8(dst[nd:], u)
		ns += 4
	}
	if ns < len(src) {
		if !atEOF {
			return nd, ns, stShortSrc
		}
		if strict {
			return nd, ns, stTruncated
		}
		if nd+3 > len(dst) {
			return nd, ns, stShortDst
		}
		nd += copy(dst[nd:], replacements[UTF8])
		ns = len(src)
	}
	return nd, ns, stDone
}

// utf16ToUTF32 and utf32ToUTF16 convert between the two wide forms without
// going through a rune-by-rune generic loop: a BMP unit is widened or
// narrowed, a surrogate pair is combined or split, and anything else takes
// the careful path (decodeUTF16, decodeUTF32) for replacement or errors.

func utf16ToUTF32(dst, src []byte, atEOF, strict, be16, be32 bool) (nd, ns int, st status) {
	for ns < len(src) {
		for ns+4 <= len(src) && nd+4 <= len(dst) {
			u := uint32(load16(src[ns:], be16))
			if u&0xF800 != 0xD800 {
				put32(dst[nd:], u, be32)
				ns += 2
				nd += 4
				continue
			}
			u2 := uint32(load16(src[ns+2:], be16))
			if u >= 0xDC00 || u2&0xFC00 != 0xDC00 {
				break
			}
			put32(dst[nd:], 0x10000+(u-0xD800)<<10+(u2-0xDC00), be32)
			ns += 4
			nd += 4
		}
		if ns == len(src) {
			break
		}
		r, n, d := decodeUTF16(src[ns:], be16)
		switch d {
		case decIncomplete:
			if !atEOF {
				return nd, ns, stShortSrc
			}
			if strict {
				return nd, ns, stTruncated
			}
		case decInvalid:
			if strict {
				return nd, ns, stInvalid
			}
		}
		if nd+4 > len(dst) {
			return nd, ns, stShortDst
		}
		put32(dst[nd:], r, be32)
		ns += n
		nd += 4
	}
	return nd, ns, stDone
}

func utf32ToUTF16(dst, src []byte, atEOF, strict, be32, be16 bool) (nd, ns int, st status) {
	for ns < len(src) {
		for ns+4 <= len(src) && nd+4 <= len(dst) {
			u := load32(src[ns:], be32)
			if u < 0x10000 {
				if u&0xF800 == 0xD800 {
					break
				}
				put16(dst[nd:], uint16(u), be16)
				nd += 2
			} else {
				if u > maxRune {
					break
				}
				s := surrogates(u)
				put16(dst[nd:], uint16(s), be16)
				put16(dst[nd+2:], uint16(s>>16), be16)
				nd += 4
			}
			ns += 4
		}
		if ns == len(src) {
			break
		}
		r, n, d := decodeUTF32(src[ns:], be32)
		switch d {
		case decIncomplete:
			if !atEOF {
				return nd, ns, stShortSrc
			}
			if strict {
				return nd, ns, stTruncated
			}
		case decInvalid:
			if strict {
				return nd, ns, stInvalid
			}
		}
		need := 2
		if r >= 0x10000 {
			need = 4
		}
		if nd+need > len(dst) {
			return nd, ns, stShortDst
		}
		nd += putRune(nil, UTF16LE+Encoding(b2i(be16)), dst[nd:], r)
		ns += n
	}
	return nd, ns, stDone
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
