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
