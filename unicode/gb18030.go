package unicode

import (
	"sync"
)

//go:generate go run gen_gb18030.go

// GB18030 has three forms (GB 18030-2005, sections 5 and 6):
//
//   - one byte 0x00–0x7F: ASCII;
//   - two bytes, lead 0x81–0xFE and trail 0x40–0x7E or 0x80–0xFE: 23,940
//     codes, every one mapped to a BMP code point by the generated table
//     (gb18030_tables.go);
//   - four bytes b0 b1 b2 b3 with b0, b2 in 0x81–0xFE and b1, b3 in
//     0x30–0x39, numbered by the linear index
//     ((b0-0x81)*10 + b1-0x30)*126 + b2-0x81)*10 + b3-0x30. Indexes 0–39419
//     are the BMP code points no other form covers, in code point order
//     (ranges in gbFourByteRanges); index 189000 + (c - 0x10000) is
//     supplementary code point c (0x90308130 is U+10000, 0xE3329A35 is
//     U+10FFFF). Other indexes are unassigned.
//
// Bad input follows Python's codec, the project's reference: a lead byte
// whose follower does not continue a valid form, and a four-byte code with
// an unassigned index, are one invalid byte, and decoding resumes at the next
// byte; a valid prefix cut by the end of the input is one truncated sequence.

const (
	gbTwoByteCount = 126 * 190
	gbBMPLinear    = 39420  // four-byte indexes of the BMP
	gbSuppBase     = 189000 // linear index of U+10000
)

type gbTables struct {
	dec [gbTwoByteCount]uint16 // two-byte pointer → code point
	enc [0x10000]uint16        // code point → two-byte code lead<<8|trail, 0 if none
	lin [0x10000]uint16        // code point → four-byte linear index, where enc has none
	bmp [gbBMPLinear]uint16    // four-byte linear index → BMP code point
	// A four-byte code is q = lin/1260 and m = lin%1260: hi[q] holds its
	// first two bytes and lo[m] its last two, little-endian.
	hi [gbMaxLinear/1260 + 1]uint16
	lo [1260]uint16
	// u8 maps a two-byte code, read as a little-endian 16-bit word (lead
	// byte low), to its UTF-8 form in the low bytes and the form's length
	// in the top byte; 0 for pairs that are not a two-byte code.
	u8 [0x10000]uint32
}

const gbMaxLinear = gbSuppBase + 0xFFFFF

var (
	gbOnce sync.Once
	gbTab  *gbTables
)

// loadGB expands the generated range tables once, on first use of GB18030,
// into 380 KiB of direct-indexed tables, so that the hot loops do one load
// per character whatever its form.
func loadGB() *gbTables {
	gbOnce.Do(func() {
		t := new(gbTables)
		for i := 0; i+2 < len(gbTwoByteRuns); i += 3 {
			p, c, n := int(gbTwoByteRuns[i]), gbTwoByteRuns[i+1], int(gbTwoByteRuns[i+2])
			for k := 0; k < n; k++ {
				t.dec[p+k] = c + uint16(k)
			}
		}
		j := 0
		for p := range t.dec {
			if t.dec[p] == 0 {
				t.dec[p] = gbTwoByteList[j]
				j++
			}
		}
		for p, c := range t.dec {
			lead, trail := p/190+0x81, p%190+0x40
			if trail >= 0x7F {
				trail++
			}
			t.enc[c] = uint16(lead<<8 | trail)
			if c < 0x800 {
				t.u8[lead|trail<<8] = uint32(utf8Word2(uint32(c))) | 2<<24
			} else {
				t.u8[lead|trail<<8] = utf8Word3(uint32(c))&0xFFFFFF | 3<<24
			}
		}
		for i := 0; i+2 < len(gbFourByteRanges); i += 3 {
			lin, c, n := gbFourByteRanges[i], gbFourByteRanges[i+1], gbFourByteRanges[i+2]
			for k := uint16(0); k < n; k++ {
				t.bmp[lin+k] = c + k
				t.lin[c+k] = lin + k
			}
		}
		for q := range t.hi {
			t.hi[q] = uint16(q/10+0x81) | uint16(q%10+0x30)<<8
		}
		for m := range t.lo {
			t.lo[m] = uint16(m/10+0x81) | uint16(m%10+0x30)<<8
		}
		// The 2005 correction (see gen_gb18030.go): U+1E3F is A8BC now,
		// and its old four-byte code is U+E7C7's.
		t.bmp[gbE7C7Linear] = 0xE7C7
		t.lin[0xE7C7] = gbE7C7Linear
		t.lin[0x1E3F] = 0
		gbTab = t
	})
	return gbTab
}

// gbPointer returns the two-byte pointer of a lead and a trail byte that
// the caller has checked.
func gbPointer(lead, trail byte) int {
	off := 0x40
	if trail >= 0x80 {
		off = 0x41
	}
	return int(lead-0x81)*190 + int(trail) - off
}

func gbTrailOK(b byte) bool { return b >= 0x40 && b != 0x7F && b != 0xFF }

// gbE7C7Linear is the four-byte index of 81 35 F4 37, which GB18030-2005
// maps to U+E7C7 (the 2000 edition, and Python, to U+1E3F, now A8BC): the
// one code outside the ranges of gbFourByteRanges.
const gbE7C7Linear = 7457

// putGB4 writes the four-byte code of linear index lin (at most
// gbMaxLinear) to dst, which has room for it.
func putGB4(t *gbTables, dst []byte, lin uint32) {
	st32(dst, 0, uint32(t.hi[lin/1260])|uint32(t.lo[lin%1260])<<16)
}

// decodeGB decodes the GB18030 sequence at the start of p (len(p) >= 1).
func decodeGB(t *gbTables, p []byte) (r uint32, n int, st int) {
	b0 := p[0]
	if b0 < 0x80 {
		return uint32(b0), 1, decOK
	}
	if b0 == 0x80 || b0 == 0xFF {
		return runeError, 1, decInvalid
	}
	if len(p) < 2 {
		return runeError, len(p), decIncomplete
	}
	b1 := p[1]
	if b1 >= 0x30 && b1 <= 0x39 {
		if len(p) < 3 {
			return runeError, len(p), decIncomplete
		}
		b2 := p[2]
		if b2 < 0x81 || b2 == 0xFF {
			return runeError, 1, decInvalid
		}
		if len(p) < 4 {
			return runeError, len(p), decIncomplete
		}
		b3 := p[3]
		if b3 < 0x30 || b3 > 0x39 {
			return runeError, 1, decInvalid
		}
		lin := ((uint32(b0-0x81)*10+uint32(b1-0x30))*126+uint32(b2-0x81))*10 + uint32(b3-0x30)
		if lin < gbBMPLinear {
			return uint32(t.bmp[lin]), 4, decOK
		}
		if lin-gbSuppBase < 0x100000 {
			return lin - gbSuppBase + 0x10000, 4, decOK
		}
		return runeError, 1, decInvalid
	}
	if !gbTrailOK(b1) {
		return runeError, 1, decInvalid
	}
	return uint32(t.dec[gbPointer(b0, b1)]), 2, decOK
}

// gbLen returns the length of scalar value r in GB18030.
func gbLen(t *gbTables, r uint32) int {
	if r < 0x80 {
		return 1
	}
	if r < 0x10000 && t.enc[r] != 0 {
		return 2
	}
	return 4
}

// putGB writes scalar value r as GB18030 to dst, which has room for it, and
// returns the length.
func putGB(t *gbTables, dst []byte, r uint32) int {
	if r < 0x80 {
		dst[0] = byte(r)
		return 1
	}
	lin := r - 0x10000 + gbSuppBase
	if r < 0x10000 {
		if c := t.enc[r]; c != 0 {
			_ = dst[1]
			dst[0], dst[1] = byte(c>>8), byte(c)
			return 2
		}
		lin = uint32(t.lin[r])
	}
	_ = dst[3]
	putGB4(t, dst, lin)
	return 4
}

func gbToUTF8(dst, src []byte, atEOF, strict bool) (nd, ns int, st status) {
	t := loadGB()
	for ns < len(src) {
		c := src[ns]
		if c < 0x80 {
			if ns+16 > len(src) || nd+16 > len(dst) || (ld64(src, ns)|ld64(src, ns+8))&hiBits != 0 {
				ns0 := ns
				for ns < len(src) && nd < len(dst) && src[ns] < 0x80 {
					dst[nd] = src[ns]
					ns++
					nd++
				}
				if ns == ns0 {
					return nd, ns, stShortDst
				}
				continue
			}
			n := asciiPrefix(src[ns:min(len(src), ns+len(dst)-nd)])
			if n == 0 {
				return nd, ns, stShortDst
			}
			copy(dst[nd:], src[ns:ns+n])
			ns += n
			nd += n
			continue
		}
		// A run of well-formed codes of any form, as in Chinese text with
		// Latin letters (four-byte codes), emoji, and spaces between.
		ns0 := ns
		if c >= 0x90 && ns+1 < len(src) && src[ns+1] <= 0x39 {
			n := gbSuppRun(dst[nd:], src[ns:])
			ns += n
			nd += n
		}
		// Two-byte codes (Chinese text) in a loop of their own: one table
		// load and one store each.
		for ns+2 <= len(src) && nd+4 <= len(dst) {
			w := t.u8[ld16(src, ns)]
			if w == 0 {
				break
			}
			st32(dst, nd, w)
			nd += int(w >> 24)
			ns += 2
		}
		for ns+4 <= len(src) && nd+4 <= len(dst) {
			v := ld32(src, ns)
			b0, b1 := v&0xFF, v>>8&0xFF
			if b0 < 0x80 {
				if v&0x8080 == 0 {
					break // two ASCII bytes or more: the copy loop
				}
				dst[nd] = byte(b0)
				ns++
				nd++
				continue
			}
			if b0 == 0x80 || b0 == 0xFF {
				break
			}
			if b1 >= 0x40 {
				if b1 == 0x7F || b1 == 0xFF {
					break
				}
				r := uint32(t.dec[gbPointer(byte(b0), byte(b1))])
				if r < 0x800 {
					st16(dst, nd, utf8Word2(r))
					nd += 2
				} else {
					st32(dst, nd, utf8Word3(r))
					nd += 3
				}
				ns += 2
				continue
			}
			b2, b3 := v>>16&0xFF, v>>24
			if b1-0x30 > 9 || b3-0x30 > 9 || b2-0x81 > 0xFE-0x81 {
				break
			}
			lin := ((b0-0x81)*10+b1-0x30)*1260 + (b2-0x81)*10 + b3 - 0x30
			switch {
			case lin < gbBMPLinear:
				r := uint32(t.bmp[lin])
				if r < 0x800 {
					st16(dst, nd, utf8Word2(r))
					nd += 2
				} else {
					st32(dst, nd, utf8Word3(r))
					nd += 3
				}
			case lin-gbSuppBase < 0x100000:
				st32(dst, nd, utf8Word(lin-gbSuppBase+0x10000))
				nd += 4
			default:
				goto careful
			}
			ns += 4
		}
		if ns > ns0 {
			continue
		}
	careful:
		r, n, d := decodeGB(t, src[ns:])
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
		if nd+4 > len(dst) && nd+utf8Len(r) > len(dst) {
			return nd, ns, stShortDst
		}
		nd += putUTF8(dst[nd:], r)
		ns += n
	}
	return nd, ns, stDone
}

func utf8ToGB(dst, src []byte, atEOF, strict bool) (nd, ns int, st status) {
	t := loadGB()
	for ns < len(src) {
		c := src[ns]
		if c < 0x80 {
			if ns+16 > len(src) || nd+16 > len(dst) || (ld64(src, ns)|ld64(src, ns+8))&hiBits != 0 {
				// A short run, as between words of other scripts: here.
				ns0 := ns
				for ns < len(src) && nd < len(dst) && src[ns] < 0x80 {
					dst[nd] = src[ns]
					ns++
					nd++
				}
				if ns == ns0 {
					return nd, ns, stShortDst
				}
				continue
			}
			n := asciiPrefix(src[ns:min(len(src), ns+len(dst)-nd)])
			if n == 0 {
				return nd, ns, stShortDst
			}
			copy(dst[nd:], src[ns:ns+n])
			ns += n
			nd += n
			continue
		}
		// Runs of characters with two-byte codes (Chinese text, 3-byte
		// UTF-8; Greek and Cyrillic, 2-byte UTF-8) and of supplementary
		// characters (emoji).
		ns0 := ns
		switch {
		case c >= 0xF0:
			for ns+4 <= len(src) && nd+4 <= len(dst) {
				r, ok := dec4(ld32(src, ns))
				if !ok {
					break
				}
				putGB4(t, dst[nd:], r-0x10000+gbSuppBase)
				ns += 4
				nd += 4
			}
		case c >= 0xE0:
			for ns+4 <= len(src) && nd+4 <= len(dst) {
				r, ok := dec3(ld32(src, ns))
				if !ok {
					break
				}
				if g := t.enc[uint16(r)]; g != 0 {
					st16(dst, nd, g>>8|g<<8)
					nd += 2
				} else {
					putGB4(t, dst[nd:], uint32(t.lin[uint16(r)]))
					nd += 4
				}
				ns += 3
			}
		default:
			for ns+4 <= len(src) && nd+4 <= len(dst) {
				r, ok := dec2(ld32(src, ns))
				if !ok {
					break
				}
				if g := t.enc[uint16(r)]; g != 0 {
					st16(dst, nd, g>>8|g<<8)
					nd += 2
				} else {
					putGB4(t, dst[nd:], uint32(t.lin[uint16(r)]))
					nd += 4
				}
				ns += 2
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
			if g := t.enc[r]; g != 0 {
				if nd+2 > len(dst) {
					return nd, ns, stShortDst
				}
				dst[nd], dst[nd+1] = byte(g>>8), byte(g)
				nd += 2
				ns += n
				continue
			}
		}
		if nd+4 > len(dst) {
			return nd, ns, stShortDst
		}
		nd += putGB(t, dst[nd:], r)
		ns += n
	}
	return nd, ns, stDone
}
