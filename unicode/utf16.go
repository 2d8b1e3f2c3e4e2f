package unicode

import "math/bits"

// UTF-16 decoding: a high surrogate followed by a low one is a pair; any
// other surrogate is unpaired and replaced by one U+FFFD per code unit. A
// lone byte at the end of the input (half a code unit) is truncated input.

// decodeUTF16 decodes the code unit or pair at the start of p (len(p) >= 1).
func decodeUTF16(p []byte, be bool) (r uint32, n int, st int) {
	if len(p) < 2 {
		return runeError, len(p), decIncomplete
	}
	u := uint32(load16(p, be))
	if u&0xF800 != 0xD800 {
		return u, 2, decOK
	}
	if u >= 0xDC00 {
		return runeError, 2, decInvalid
	}
	if len(p) < 4 {
		if len(p) == 3 {
			// The next unit is cut short; it might still be a low surrogate.
			return runeError, len(p), decIncomplete
		}
		return runeError, 2, decIncomplete
	}
	u2 := uint32(load16(p[2:], be))
	if u2&0xFC00 != 0xDC00 {
		return runeError, 2, decInvalid
	}
	return 0x10000 + (u-0xD800)<<10 + (u2 - 0xDC00), 4, decOK
}

func utf16ToUTF8(dst, src []byte, atEOF, strict, be bool) (nd, ns int, st status) {
	for ns+2 <= len(src) {
		if ns+64 <= len(src) {
			// Vector code for BMP text of any mix of scripts; it stops at
			// a surrogate or near the end.
			d, s := bmpMixedToUTF8(dst[nd:], src[ns:], 2, be)
			nd += d
			ns += s
			if ns+2 > len(src) {
				break
			}
		}
		u := uint32(load16(src[ns:], be))
		if u < 0x80 {
			mask := uint64(0xFF80FF80FF80FF80)
			if be {
				mask = 0x80FF80FF80FF80FF
			}
			if ns+32 <= len(src) && (ld64(src, ns)|ld64(src, ns+8)|ld64(src, ns+16)|ld64(src, ns+24))&mask == 0 {
				n := utf16ToASCII(dst[nd:], src[ns:], be)
				if n == 0 {
					return nd, ns, stShortDst
				}
				ns += 2 * n
				nd += n
				continue
			}
			ns0 := ns
			for ns+8 <= len(src) && nd+4 <= len(dst) {
				x := ld64(src, ns)
				if x&mask != 0 {
					break
				}
				if be {
					x >>= 8
				}
				x = (x | x>>8) & 0x0000FFFF0000FFFF
				st32(dst, nd, uint32(x|x>>16))
				ns += 8
				nd += 4
			}
			for ns+2 <= len(src) && nd < len(dst) {
				u := load16(src[ns:], be)
				if u >= 0x80 {
					break
				}
				dst[nd] = byte(u)
				ns += 2
				nd++
			}
			if ns == ns0 {
				return nd, ns, stShortDst
			}
			continue
		}
		// Runs of one kind of character, as in text of one script.
		ns0 := ns
		switch {
		case u < 0x800:
			for ns+2 <= len(src) && nd+2 <= len(dst) {
				u := uint32(ld16(src, ns))
				if be {
					u = uint32(bits.ReverseBytes16(uint16(u)))
				}
				if u < 0x80 || u >= 0x800 {
					break
				}
				st16(dst, nd, utf8Word2(u))
				ns += 2
				nd += 2
			}
		case u&0xF800 != 0xD800:
			n := bmpToUTF8Run(dst[nd:], src[ns:], 2, be)
			ns += n
			nd += n / 2 * 3
			for ns+2 <= len(src) && nd+4 <= len(dst) {
				u := uint32(ld16(src, ns))
				if be {
					u = uint32(bits.ReverseBytes16(uint16(u)))
				}
				if u < 0x800 || u&0xF800 == 0xD800 {
					break
				}
				st32(dst, nd, utf8Word3(u))
				ns += 2
				nd += 3
			}
		default:
			n := suppRun(supp16to8, dst[nd:], src[ns:], be)
			ns += n
			nd += n
			for ns+4 <= len(src) && nd+4 <= len(dst) {
				v := ld32(src, ns)
				if be {
					v = swap16x2(v)
				}
				hi, lo := v&0xFFFF, v>>16
				if hi&0xFC00 != 0xD800 || lo&0xFC00 != 0xDC00 {
					break
				}
				st32(dst, nd, utf8Word(0x10000+(hi-0xD800)<<10+(lo-0xDC00)))
				ns += 4
				nd += 4
			}
		}
		if ns > ns0 {
			continue
		}
		need := 3
		if u < 0x800 {
			need = 2
		} else if u&0xFC00 == 0xD800 && ns+4 <= len(src) && load16(src[ns+2:], be)&0xFC00 == 0xDC00 {
			need = 4
		}
		if nd+need > len(dst) {
			return nd, ns, stShortDst
		}
		switch {
		case u < 0x800:
			dst[nd] = 0xC0 | byte(u>>6)
			dst[nd+1] = 0x80 | byte(u)&0x3F
			nd += 2
			ns += 2
		case u&0xF800 != 0xD800:
			dst[nd] = 0xE0 | byte(u>>12)
			dst[nd+1] = 0x80 | byte(u>>6)&0x3F
			dst[nd+2] = 0x80 | byte(u)&0x3F
			nd += 3
			ns += 2
		default:
			if u < 0xDC00 && ns+4 <= len(src) {
				if u2 := uint32(load16(src[ns+2:], be)); u2&0xFC00 == 0xDC00 {
					nd += putUTF8(dst[nd:], 0x10000+(u-0xD800)<<10+(u2-0xDC00))
					ns += 4
					continue
				}
			}
			r, n, d := decodeUTF16(src[ns:], be)
			if d == decIncomplete {
				// A high surrogate at the end, maybe with half of the
				// next unit: more input may complete the pair.
				if !atEOF {
					return nd, ns, stShortSrc
				}
				if strict {
					return nd, ns, stTruncated
				}
			} else if strict {
				return nd, ns, stInvalid
			}
			nd += putUTF8(dst[nd:], r)
			ns += n
		}
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
