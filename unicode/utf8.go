package unicode

import (
	"encoding/binary"
	"math/bits"
)

// UTF-8 decoding follows the Unicode Standard, chapter 3, table 3-7
// (well-formed byte sequences) and its "U+FFFD substitution of maximal
// subparts" practice, which the WHATWG Encoding Standard and Python's codec
// follow too: an ill-formed sequence is replaced by one U+FFFD per maximal
// prefix of a well-formed sequence, or per single byte when no such prefix
// starts there.

// u8info describes each lead byte: the sequence length in the low nibble
// (0 for bytes that cannot start a sequence) and in the high nibble the
// index of the valid range of the second byte in u8lo/u8hi.
var u8info = func() (t [256]uint8) {
	for b := 0xC2; b <= 0xDF; b++ {
		t[b] = 2
	}
	for b := 0xE0; b <= 0xEF; b++ {
		t[b] = 3
	}
	t[0xE0] = 1<<4 | 3
	t[0xED] = 2<<4 | 3
	for b := 0xF0; b <= 0xF4; b++ {
		t[b] = 4
	}
	t[0xF0] = 3<<4 | 4
	t[0xF4] = 4<<4 | 4
	return t
}()

var (
	u8lo = [5]byte{0x80, 0xA0, 0x80, 0x90, 0x80}
	u8hi = [5]byte{0xBF, 0xBF, 0x9F, 0xBF, 0x8F}
)

// decodeUTF8 decodes the sequence starting with p[0] >= 0x80; see decOK.
func decodeUTF8(p []byte) (r uint32, n int, st int) {
	info := u8info[p[0]]
	size := int(info & 7)
	if size == 0 {
		return runeError, 1, decInvalid
	}
	if len(p) < 2 {
		return runeError, len(p), decIncomplete
	}
	b1 := p[1]
	if b1 < u8lo[info>>4] || b1 > u8hi[info>>4] {
		return runeError, 1, decInvalid
	}
	if size == 2 {
		return uint32(p[0]&0x1F)<<6 | uint32(b1&0x3F), 2, decOK
	}
	if len(p) < 3 {
		return runeError, len(p), decIncomplete
	}
	b2 := p[2]
	if b2&0xC0 != 0x80 {
		return runeError, 2, decInvalid
	}
	if size == 3 {
		return uint32(p[0]&0x0F)<<12 | uint32(b1&0x3F)<<6 | uint32(b2&0x3F), 3, decOK
	}
	if len(p) < 4 {
		return runeError, len(p), decIncomplete
	}
	b3 := p[3]
	if b3&0xC0 != 0x80 {
		return runeError, 3, decInvalid
	}
	return uint32(p[0]&0x07)<<18 | uint32(b1&0x3F)<<12 | uint32(b2&0x3F)<<6 | uint32(b3&0x3F), 4, decOK
}

// The fast decoders take the 4 bytes at the current position as a
// little-endian v (lead byte lowest) and return ok false for anything but a
// well-formed sequence of their length; the caller then takes the careful
// path (decodeUTF8At). They are small enough to inline.

func dec2(v uint32) (uint32, bool) {
	return (v&0x1F)<<6 | (v>>8)&0x3F, v&0xC0E0 == 0x80C0 && v&0x1E != 0
}

func dec3(v uint32) (uint32, bool) {
	r := (v&0x0F)<<12 | (v>>8&0x3F)<<6 | (v>>16)&0x3F
	return r, v&0xC0C0F0 == 0x8080E0 && r >= 0x800 && r&0xF800 != 0xD800
}

func dec4(v uint32) (uint32, bool) {
	r := (v&0x07)<<18 | (v>>8&0x3F)<<12 | (v>>16&0x3F)<<6 | (v>>24)&0x3F
	return r, v&0xC0C0C0F8 == 0x808080F0 && r-0x10000 < 0x100000
}

// decodeUTF8Fast decodes a well-formed sequence from the 4 bytes at p
// (p[0] >= 0x80), or returns n = 0.
func decodeUTF8Fast(p []byte) (r uint32, n int) {
	v := binary.LittleEndian.Uint32(p)
	var ok bool
	switch c := v & 0xFF; {
	case c >= 0xF0:
		r, ok = dec4(v)
		n = 4
	case c >= 0xE0:
		r, ok = dec3(v)
		n = 3
	default:
		r, ok = dec2(v)
		n = 2
	}
	if !ok {
		return 0, 0
	}
	return r, n
}

// decodeUTF8At is the slow path shared by the kernels that read UTF-8: it
// decodes the non-ASCII sequence at src[0] and says what to do with it. A
// result with ok false tells the caller to return st.
func decodeUTF8At(src []byte, atEOF, strict bool) (r uint32, n int, st status, ok bool) {
	r, n, d := decodeUTF8(src)
	switch d {
	case decIncomplete:
		if !atEOF {
			return 0, 0, stShortSrc, false
		}
		if strict {
			return 0, 0, stTruncated, false
		}
	case decInvalid:
		if strict {
			return 0, 0, stInvalid, false
		}
	}
	return r, n, stDone, true
}

// mixedAfter is how short the last run of the Go loops must be for the
// AVX2 mixed-text kernel to be tried: after a long run of one length (as
// in Chinese text) the next one is likely long too, and the call would
// cost more than it saves.
const mixedAfter = 64

func utf8ToUTF16(dst, src []byte, atEOF, strict, be bool) (nd, ns int, st status) {
	last := 0
	for ns < len(src) {
		if (useAVX512 || useAVX2Mixed && src[ns] < 0xE0 && ns-last < mixedAfter) && !be {
			// Any mix of well-formed characters, 16 per step (AVX-512) or
			// 4-12 bytes per step (AVX2). Without AVX-512 a run of 3- or
			// 4-byte characters goes to the run kernels below first: the
			// AVX2 one leaves such runs to them anyway.
			d, s := utf8MixedRun(dst[nd:], src[ns:], 2)
			nd += d
			ns += s
			if ns == len(src) {
				break
			}
		}
		last = ns
		c := src[ns]
		if c < 0x80 {
			// A long ASCII run goes to the bulk helper; the short ones of
			// mixed-script text are done here, 4 bytes per step.
			if ns+16 <= len(src) && (ld64(src, ns)|ld64(src, ns+8))&hiBits == 0 {
				n := asciiToUTF16(dst[nd:], src[ns:], be)
				if n == 0 {
					return nd, ns, stShortDst
				}
				ns += n
				nd += 2 * n
				continue
			}
			ns0 := ns
			for ns+4 <= len(src) && nd+8 <= len(dst) {
				v := ld32(src, ns)
				if v&0x80808080 != 0 {
					break
				}
				x := spread16(uint64(v))
				if be {
					x <<= 8
				}
				st64(dst, nd, x)
				ns += 4
				nd += 8
			}
			for ns < len(src) && nd+2 <= len(dst) && src[ns] < 0x80 {
				put16(dst[nd:], uint16(src[ns]), be)
				ns++
				nd += 2
			}
			if ns == ns0 {
				return nd, ns, stShortDst
			}
			continue
		}
		// Runs of sequences of one length, as in text of one script.
		ns0 := ns
		switch {
		case c >= 0xF0:
			n := suppRun(supp8to16, dst[nd:], src[ns:], be)
			ns += n
			nd += n
			for ns+4 <= len(src) && nd+4 <= len(dst) {
				r, ok := dec4(ld32(src, ns))
				if !ok {
					break
				}
				s := surrogates(r)
				if be {
					s = swap16x2(s)
				}
				st32(dst, nd, s)
				ns += 4
				nd += 4
			}
		case c >= 0xE0:
			n := bmpRun(dst[nd:], src[ns:], 2, be)
			ns += n
			nd += n / 3 * 2
			for ns+4 <= len(src) && nd+2 <= len(dst) {
				r, ok := dec3(ld32(src, ns))
				if !ok {
					break
				}
				u := uint16(r)
				if be {
					u = bits.ReverseBytes16(u)
				}
				st16(dst, nd, u)
				ns += 3
				nd += 2
			}
		default:
			for ns+4 <= len(src) && nd+2 <= len(dst) {
				r, ok := dec2(ld32(src, ns))
				if !ok {
					break
				}
				u := uint16(r)
				if be {
					u = bits.ReverseBytes16(u)
				}
				st16(dst, nd, u)
				ns += 2
				nd += 2
			}
		}
		if ns > ns0 {
			continue
		}
		r, n, st, ok := decodeUTF8At(src[ns:], atEOF, strict)
		if !ok {
			return nd, ns, st
		}
		if r < 0x10000 {
			if nd+2 > len(dst) {
				return nd, ns, stShortDst
			}
			put16(dst[nd:], uint16(r), be)
			nd += 2
		} else {
			if nd+4 > len(dst) {
				return nd, ns, stShortDst
			}
			s := surrogates(r)
			if be {
				s = swap16x2(s)
			}
			binary.LittleEndian.PutUint32(dst[nd:], s)
			nd += 4
		}
		ns += n
	}
	return nd, ns, stDone
}

func utf8ToUTF32(dst, src []byte, atEOF, strict, be bool) (nd, ns int, st status) {
	last := 0
	for ns < len(src) {
		if (useAVX512 && src[ns] < 0xF0 || useAVX2Mixed && src[ns] < 0xE0 && ns-last < mixedAfter) && !be {
			// Any mix of well-formed characters, 16 per step. A run of
			// supplementary characters is left to suppRun below, which
			// measured faster into UTF-32 (Zen 4 splits 512-bit operations).
			d, s := utf8MixedRun(dst[nd:], src[ns:], 4)
			nd += d
			ns += s
			if ns == len(src) {
				break
			}
		}
		last = ns
		c := src[ns]
		if c < 0x80 {
			if ns+16 <= len(src) && (ld64(src, ns)|ld64(src, ns+8))&hiBits == 0 {
				n := asciiToUTF32(dst[nd:], src[ns:], be)
				if n == 0 {
					return nd, ns, stShortDst
				}
				ns += n
				nd += 4 * n
				continue
			}
			ns0 := ns
			shift := uint(0)
			if be {
				shift = 24
			}
			for ns+4 <= len(src) && nd+16 <= len(dst) {
				v := ld32(src, ns)
				if v&0x80808080 != 0 {
					break
				}
				st64(dst, nd, (uint64(v&0xFF)|uint64(v&0xFF00)<<24)<<shift)
				st64(dst, nd+8, (uint64(v>>16&0xFF)|uint64(v>>24)<<32)<<shift)
				ns += 4
				nd += 16
			}
			for ns < len(src) && nd+4 <= len(dst) && src[ns] < 0x80 {
				put32(dst[nd:], uint32(src[ns]), be)
				ns++
				nd += 4
			}
			if ns == ns0 {
				return nd, ns, stShortDst
			}
			continue
		}
		ns0 := ns
		switch {
		case c >= 0xF0:
			n := suppRun(supp8to32, dst[nd:], src[ns:], be)
			ns += n
			nd += n
			for ns+4 <= len(src) && nd+4 <= len(dst) {
				r, ok := dec4(ld32(src, ns))
				if !ok {
					break
				}
				if be {
					r = bits.ReverseBytes32(r)
				}
				st32(dst, nd, r)
				ns += 4
				nd += 4
			}
		case c >= 0xE0:
			n := bmpRun(dst[nd:], src[ns:], 4, be)
			ns += n
			nd += n / 3 * 4
			for ns+4 <= len(src) && nd+4 <= len(dst) {
				r, ok := dec3(ld32(src, ns))
				if !ok {
					break
				}
				if be {
					r = bits.ReverseBytes32(r)
				}
				st32(dst, nd, r)
				ns += 3
				nd += 4
			}
		default:
			for ns+4 <= len(src) && nd+4 <= len(dst) {
				r, ok := dec2(ld32(src, ns))
				if !ok {
					break
				}
				if be {
					r = bits.ReverseBytes32(r)
				}
				st32(dst, nd, r)
				ns += 2
				nd += 4
			}
		}
		if ns > ns0 {
			continue
		}
		if nd+4 > len(dst) {
			return nd, ns, stShortDst
		}
		r, n, st, ok := decodeUTF8At(src[ns:], atEOF, strict)
		if !ok {
			return nd, ns, st
		}
		put32(dst[nd:], r, be)
		nd += 4
		ns += n
	}
	return nd, ns, stDone
}

// utf8ToUTF8 copies valid UTF-8 and replaces (or reports) the rest.
func utf8ToUTF8(dst, src []byte, atEOF, strict bool) (nd, ns int, st status) {
	for ns < len(src) {
		if src[ns] < 0x80 {
			n := asciiPrefix(src[ns:min(len(src), ns+len(dst)-nd)])
			if n == 0 {
				return nd, ns, stShortDst
			}
			copy(dst[nd:], src[ns:ns+n])
			ns += n
			nd += n
			continue
		}
		var r uint32
		var n int
		if ns+4 <= len(src) {
			r, n = decodeUTF8Fast(src[ns:])
		}
		if n == 0 {
			var ok bool
			if r, n, st, ok = decodeUTF8At(src[ns:], atEOF, strict); !ok {
				return nd, ns, st
			}
		}
		if nd+4 > len(dst) && nd+utf8Len(r) > len(dst) {
			return nd, ns, stShortDst
		}
		if r == runeError {
			nd += copy(dst[nd:], replacements[UTF8])
		} else {
			nd += copy(dst[nd:], src[ns:ns+n])
		}
		ns += n
	}
	return nd, ns, stDone
}
