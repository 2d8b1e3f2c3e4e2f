package charset

import (
	"unicode/utf8"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// ISO-2022-CN (RFC 1922) as glibc's iconv converts it, on the GB2312 part
// of the EUC-CN table and CNS 11643 planes 1 and 2 of the EUC-TW table.
//
// ESC $ ) A and ESC $ ) G designate GB2312 or CNS 11643 plane 1 as the set
// SO (0x0E) shifts to, GB2312 until one does; SI (0x0F) shifts back to
// ASCII; ESC N is followed by one character of plane 2 (ESC $ * H
// designates it, and the decoder does not insist). Unknown escape
// sequences pass through as text, as in glibc; 0x7F and bytes from 0x80
// are illegal, and in the shifted set so is every byte below 0x21.
//
// The encoder writes a character in the current SO set if it has it
// (GB2312, unless plane 1 is designated and the last character was not a
// GB2312 one), else in plane 2, else in the other SO set, as glibc does;
// it repeats the designations after each newline, writes SI before an
// ASCII character that follows a Chinese one, and SI at the end of a text
// that designated a set on its last line.
//
// Two differences from glibc, both where glibc cannot read back what it
// wrote: glibc's decoder applies a designation made while shifted only at
// the next SO (RFC 1922 and this decoder: at once, so that ESC $ ) G
// between two characters of one shifted run switches them to plane 1, as
// glibc's own encoder writes it); and after a plane 2 character written
// outside SO, glibc writes the next GB2312 or plane 1 character without
// SO, where this encoder writes SO.

// cnSet is a character set of ISO-2022-CN.
type cnSet uint8

const (
	cnASCII cnSet = iota
	cnGB          // GB2312
	cnCNS1        // CNS 11643 plane 1
	cnCNS2        // CNS 11643 plane 2
	cnIR165       // ISO-IR-165 (ISO-2022-CN-EXT)
	cnCNS3        // CNS 11643 planes 3 to 7 (ISO-2022-CN-EXT): cnCNS3+p-3
	cnCNS4
	cnCNS5
	cnCNS6
	cnCNS7
)

type cnEncoding struct {
	gb, tw *table // EUC-CN and EUC-TW
	ir     *table // ISO-IR-165, for ISO-2022-CN-EXT; nil for ISO-2022-CN
}

func (e cnEncoding) NewDecoder() *encoding.Decoder {
	if e.ir != nil {
		return &encoding.Decoder{Transformer: &extDecoder{e: e}}
	}
	return &encoding.Decoder{Transformer: &cnDecoder{e: e}}
}

func (e cnEncoding) NewEncoder() *encoding.Encoder {
	return &encoding.Encoder{Transformer: &cnEncoder{e: e}}
}

// NewStrictDecoder returns a decoder that stops at the first ill-formed
// sequence with a *unicode.Error.
func (e cnEncoding) NewStrictDecoder() transform.Transformer {
	if e.ir != nil {
		return &extDecoder{e: e, strict: true}
	}
	return &cnDecoder{e: e, strict: true}
}

func (e cnEncoding) String() string {
	if e.ir != nil {
		return "ISO-2022-CN-EXT"
	}
	return "ISO-2022-CN"
}

// walk follows seq through t's decoding trie: the code point, or -1.
func (t *table) walk(seq ...byte) rune {
	row := 0
	for i, b := range seq {
		v := t.rows[row][b]
		switch {
		case v >= 0 && i == len(seq)-1:
			return rune(v)
		case v <= -16 && i < len(seq)-1:
			row = int(-16 - v)
		default:
			return -1
		}
	}
	return -1
}

// decode returns the character of the 7-bit pair b1 b2 in set s, or -1.
func (e cnEncoding) decode(s cnSet, b1, b2 byte) rune {
	if b1 < 0x21 || b1 > 0x7E || b2 < 0x21 || b2 > 0x7E {
		return -1
	}
	switch s {
	case cnGB:
		return e.gb.walk(b1|0x80, b2|0x80)
	case cnCNS1:
		return e.tw.walk(b1|0x80, b2|0x80)
	case cnCNS2:
		return e.tw.walk(0x8E, 0xA2, b1|0x80, b2|0x80)
	case cnIR165:
		return e.ir.walk(b1, b2)
	case cnCNS3, cnCNS4, cnCNS5, cnCNS6, cnCNS7:
		return e.tw.walk(0x8E, 0xA3+byte(s-cnCNS3), b1|0x80, b2|0x80)
	}
	return -1
}

type cnDecoder struct {
	e       cnEncoding
	strict  bool
	shifted bool
	so      cnSet // the set SO designates: cnGB or cnCNS1
}

func (d *cnDecoder) Reset() { d.shifted, d.so = false, cnASCII }

func (d *cnDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		rest := src[nSrc:]
		r, n, bad := rune(c), 1, 0
		switch {
		case c == esc:
			if len(rest) < 2 || rest[1] == '$' && (len(rest) < 3 || (rest[2] == ')' || rest[2] == '*') && len(rest) < 4) ||
				rest[1] == 'N' && len(rest) < 4 {
				if !atEOF {
					return nDst, nSrc, transform.ErrShortSrc
				}
				if d.strict {
					return nDst, nSrc, ill(rest, unicode.ErrTruncated)
				}
				r, n = utf8.RuneError, len(rest)
				break
			}
			switch {
			case rest[1] == '$' && rest[2] == ')' && (rest[3] == 'A' || rest[3] == 'G'):
				d.so = cnGB
				if rest[3] == 'G' {
					d.so = cnCNS1
				}
				nSrc += 4
				continue
			case rest[1] == '$' && rest[2] == '*' && rest[3] == 'H':
				nSrc += 4
				continue
			case rest[1] == 'N':
				if r = d.e.decode(cnCNS2, rest[2], rest[3]); r < 0 {
					bad = 2
				} else {
					n = 4
				}
			case d.shifted:
				bad = 1
			}
		case c == so:
			d.shifted = true
			nSrc++
			continue
		case c == si:
			d.shifted = false
			nSrc++
			continue
		case c >= 0x7F || d.shifted && c < 0x21:
			bad = 1
		case d.shifted:
			if len(rest) < 2 {
				if !atEOF {
					return nDst, nSrc, transform.ErrShortSrc
				}
				if d.strict {
					return nDst, nSrc, ill(rest, unicode.ErrTruncated)
				}
				r = utf8.RuneError
				break
			}
			set := d.so
			if set == cnASCII {
				set = cnGB
			}
			if r = d.e.decode(set, c, rest[1]); r < 0 {
				bad = 1
			} else {
				n = 2
			}
		}
		if bad > 0 {
			if d.strict {
				return nDst, nSrc, ill(rest[:bad], unicode.ErrInvalid)
			}
			r, n = utf8.RuneError, bad
		}
		if len(dst)-nDst < utf8.RuneLen(r) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc += n
	}
	return nDst, nSrc, nil
}

type cnEncoder struct {
	e       cnEncoding
	set     cnSet // the set of the last character
	shifted bool  // SO is in effect
	so      cnSet // the set designated for SO on this line, cnASCII for none
	ss2     bool  // plane 2 is designated on this line
	ss3     cnSet // the plane designated for SS3 on this line, cnASCII for none
}

func (x *cnEncoder) Reset() { *x = cnEncoder{e: x.e} }

// code returns r's 7-bit pair in set s, 0 if s lacks it.
func (e cnEncoding) code(s cnSet, r rune) uint16 {
	switch s {
	case cnGB:
		if v := e.gb.encode(r); v>>24 == 2 && v&0x8080 == 0x8080 {
			return uint16(v & 0x7F7F)
		}
	case cnCNS1:
		if v := e.tw.encode(r); v>>24 == 2 && v&0x8080 == 0x8080 {
			return uint16(v & 0x7F7F)
		}
	case cnCNS2, cnCNS3, cnCNS4, cnCNS5, cnCNS6, cnCNS7:
		if v := e.tw.encode(r); v == fourBytes {
			plane := uint32(2)
			if s >= cnCNS3 {
				plane = 3 + uint32(s-cnCNS3)
			}
			if w := e.tw.four[r]; w>>16 == 0x8EA0+plane {
				return uint16(w & 0x7F7F)
			}
		}
	case cnIR165:
		if v := e.ir.encode(r); v>>24 == 2 {
			return uint16(v)
		}
	}
	return 0
}

func (x *cnEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		r, size := rune(src[nSrc]), 1
		if r >= utf8.RuneSelf {
			if !atEOF && !utf8.FullRune(src[nSrc:]) {
				return nDst, nSrc, transform.ErrShortSrc
			}
			r, size = utf8.DecodeRune(src[nSrc:])
		}
		var out [12]byte
		n := 0
		if r < 0x80 {
			if x.set != cnASCII {
				out[n] = si
				n++
			}
			out[n] = byte(r)
			n++
			if len(dst)-nDst < n {
				return nDst, nSrc, transform.ErrShortDst
			}
			x.set, x.shifted = cnASCII, false
			if r == '\n' {
				x.so, x.ss2, x.ss3 = cnASCII, false, cnASCII
			}
			nDst += copy(dst[nDst:], out[:n])
			nSrc += size
			continue
		}
		set, code := x.choose(r)
		if code == 0 {
			return nDst, nSrc, unencodable(r)
		}
		switch {
		case set == cnCNS2:
			if !x.ss2 {
				n += copy(out[n:], "\x1b$*H")
			}
			n += copy(out[n:], "\x1bN")
		case set >= cnCNS3:
			if x.ss3 != set {
				n += copy(out[n:], "\x1b$+I")
				out[n-1] += byte(set - cnCNS3)
			}
			n += copy(out[n:], "\x1bO")
		default:
			if x.so != set {
				n += copy(out[n:], "\x1b$)")
				switch set {
				case cnGB:
					out[n] = 'A'
				case cnCNS1:
					out[n] = 'G'
				case cnIR165:
					out[n] = 'E'
				}
				n++
			}
			if !x.shifted {
				out[n] = so
				n++
			}
		}
		out[n], out[n+1] = byte(code>>8), byte(code)
		n += 2
		if len(dst)-nDst < n {
			return nDst, nSrc, transform.ErrShortDst
		}
		switch {
		case set == cnCNS2:
			x.ss2 = true
		case set >= cnCNS3:
			x.ss3 = set
		default:
			x.so, x.shifted = set, true
		}
		x.set = set
		nDst += copy(dst[nDst:], out[:n])
		nSrc += size
	}
	if atEOF && (x.set != cnASCII || x.so != cnASCII || x.ss2 || x.ss3 != cnASCII) {
		if nDst == len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst] = si
		nDst++
		x.set, x.shifted, x.so, x.ss2, x.ss3 = cnASCII, false, cnASCII, false, cnASCII
	}
	return nDst, nSrc, nil
}

// choose returns the set glibc writes r in, and r's pair in it (0 if none
// has it): the current SO set, then plane 2, then the other SO sets, then
// (ISO-2022-CN-EXT) planes 3 to 7. The current set is GB2312 unless plane 1
// or ISO-IR-165 is designated and the last character was not GB2312's;
// then ISO-IR-165 if the last character was ISO-IR-165's, else plane 1
// (glibc's ISO-2022-CN-EXT does not look at the ISO-IR-165 designation
// there, so neither does this).
func (x *cnEncoder) choose(r rune) (cnSet, uint16) {
	cur := cnGB
	if x.set != cnGB && (x.so == cnCNS1 || x.so == cnIR165 && x.e.ir != nil) {
		cur = cnCNS1
		if x.set == cnIR165 {
			cur = cnIR165
		}
	}
	if code := x.e.code(cur, r); code != 0 {
		return cur, code
	}
	if code := x.e.code(cnCNS2, r); code != 0 {
		return cnCNS2, code
	}
	others := []cnSet{cnGB, cnCNS1}
	if x.e.ir != nil {
		others = []cnSet{cnGB, cnIR165, cnCNS1, cnCNS3, cnCNS4, cnCNS5, cnCNS6, cnCNS7}
	}
	for _, s := range others {
		if s == cur {
			continue
		}
		if code := x.e.code(s, r); code != 0 {
			return s, code
		}
	}
	return cnASCII, 0
}
