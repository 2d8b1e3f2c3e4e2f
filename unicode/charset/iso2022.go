package charset

import (
	"unicode/utf8"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// ISO-2022-JP (RFC 1468) and ISO-2022-KR (RFC 1557) as glibc's iconv
// converts them, on the JIS X 0208 part of the EUC-JP table and the
// KS X 1001 part of the EUC-KR table (a two-byte code b1 b2 of the 7-bit
// form is b1|0x80 b2|0x80 in the EUC form).
//
// ISO-2022-JP: ESC ( B selects ASCII (the initial set), ESC ( J JIS X 0201
// Roman (0x5C is U+00A5, 0x7E U+203E), ESC $ @ and ESC $ B JIS X 0208.
// In every set a byte below 0x21 and 0x7F stand for themselves, so that an
// escape sequence glibc does not know passes through as text; bytes from
// 0x80 are illegal. The encoder writes each character in the current set
// if it can, else in ASCII, JIS X 0201 Roman or JIS X 0208, in that order,
// and returns to ASCII at the end.
//
// ISO-2022-KR: ESC $ ) C announces the encoding and is skipped wherever it
// is; SO (0x0E) selects KS X 1001, SI (0x0F) ASCII. In the KS X 1001 set
// every byte but SO, SI and ESC is the first of a two-byte code (a newline
// there is illegal, and a lone last byte below 0x80 incomplete, as in
// glibc). The encoder writes the announcement
// first, SO before the first Korean character of a run and SI before the
// next ASCII character, and SI at the end.

const (
	esc = 0x1B
	so  = 0x0E
	si  = 0x0F
)

// iso2022Encoding is ISO-2022-JP or ISO-2022-KR on the table t of EUC-JP
// or EUC-KR.
type iso2022Encoding struct {
	name string
	kr   bool
	t    *table
}

func (e iso2022Encoding) NewDecoder() *encoding.Decoder {
	return &encoding.Decoder{Transformer: &iso2022Decoder{e: e}}
}

func (e iso2022Encoding) NewEncoder() *encoding.Encoder {
	return &encoding.Encoder{Transformer: &iso2022Encoder{e: e}}
}

// NewStrictDecoder returns a decoder that stops at the first ill-formed
// sequence with a *unicode.Error.
func (e iso2022Encoding) NewStrictDecoder() transform.Transformer {
	return &iso2022Decoder{e: e, strict: true}
}

func (e iso2022Encoding) String() string { return e.name }

// The character sets of the two encodings.
const (
	setASCII  = iota
	setRoman  // JIS X 0201 Roman
	setDouble // JIS X 0208 or KS X 1001
)

type iso2022Decoder struct {
	e      iso2022Encoding
	strict bool
	set    int
}

func (d *iso2022Decoder) Reset() { d.set = setASCII }

// double decodes the two-byte code b1 b2 of the 7-bit form, -1 if it is
// not a character.
func (e iso2022Encoding) double(b1, b2 byte) rune {
	if b1 < 0x21 || b1 > 0x7E || b2 < 0x21 || b2 > 0x7E {
		return -1
	}
	v := e.t.rows[0][b1|0x80]
	if v > -16 {
		return -1
	}
	v = e.t.rows[-16-v][b2|0x80]
	if v < 0 {
		return -1
	}
	return rune(v)
}

func (d *iso2022Decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	bad := func(n int) error {
		if d.strict {
			return ill(src[nSrc:nSrc+n], unicode.ErrInvalid)
		}
		if len(dst)-nDst < 3 {
			return transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], utf8.RuneError)
		nSrc += n
		return nil
	}
	short := func() error {
		if !atEOF {
			return transform.ErrShortSrc
		}
		if d.strict {
			return ill(src[nSrc:], unicode.ErrTruncated)
		}
		if len(dst)-nDst < 3 {
			return transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], utf8.RuneError)
		nSrc = len(src)
		return nil
	}
	for nSrc < len(src) {
		c := src[nSrc]
		rest := src[nSrc:]
		if c == esc {
			if d.e.kr {
				// Only the announcement ESC $ ) C is an escape sequence.
				if len(rest) < 2 || rest[1] == '$' && (len(rest) < 3 || rest[2] == ')' && len(rest) < 4) {
					if err := short(); err != nil {
						return nDst, nSrc, err
					}
					continue
				}
				if rest[1] == '$' && rest[2] == ')' && rest[3] == 'C' {
					nSrc += 4
					continue
				}
			} else {
				if len(rest) < 3 {
					if err := short(); err != nil {
						return nDst, nSrc, err
					}
					continue
				}
				set := -1
				switch {
				case rest[1] == '(' && rest[2] == 'B':
					set = setASCII
				case rest[1] == '(' && rest[2] == 'J':
					set = setRoman
				case rest[1] == '$' && (rest[2] == '@' || rest[2] == 'B'):
					set = setDouble
				}
				if set >= 0 {
					d.set = set
					nSrc += 3
					continue
				}
			}
		}
		if d.e.kr && (c == so || c == si) {
			d.set = setASCII
			if c == so {
				d.set = setDouble
			}
			nSrc++
			continue
		}
		r := rune(c)
		n := 1
		switch {
		case d.e.kr && d.set == setDouble:
			// glibc refuses a byte from 0x80 first, then asks for the
			// second byte before it looks at the first: a lone last
			// byte below 0x80 is an incomplete character.
			if c >= 0x80 {
				if err := bad(1); err != nil {
					return nDst, nSrc, err
				}
				continue
			}
			if len(rest) < 2 {
				if err := short(); err != nil {
					return nDst, nSrc, err
				}
				continue
			}
			if c < 0x21 || c > 0x7E {
				if err := bad(1); err != nil {
					return nDst, nSrc, err
				}
				continue
			}
			if r = d.e.double(c, rest[1]); r < 0 {
				if err := bad(1); err != nil {
					return nDst, nSrc, err
				}
				continue
			}
			n = 2
		case c >= 0x80:
			if err := bad(1); err != nil {
				return nDst, nSrc, err
			}
			continue
		case d.e.kr || d.set == setASCII || c < 0x21 || c == 0x7F:
		case d.set == setRoman:
			switch c {
			case 0x5C:
				r = 0xA5
			case 0x7E:
				r = 0x203E
			}
		default:
			if len(rest) < 2 {
				if err := short(); err != nil {
					return nDst, nSrc, err
				}
				continue
			}
			if r = d.e.double(c, rest[1]); r < 0 {
				if err := bad(1); err != nil {
					return nDst, nSrc, err
				}
				continue
			}
			n = 2
		}
		if len(dst)-nDst < utf8.RuneLen(r) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc += n
	}
	return nDst, nSrc, nil
}

type iso2022Encoder struct {
	e       iso2022Encoding
	set     int
	started bool // ISO-2022-KR: the announcement is written
}

func (x *iso2022Encoder) Reset() { x.set, x.started = setASCII, false }

// code returns r's two-byte code in the 7-bit form, 0 if the table has
// none. For ISO-2022-KR the code must decode to r again: glibc's EUC-KR
// writes U+20A9 (WON SIGN) as the code of U+FFE6 (FULLWIDTH WON SIGN),
// and its ISO-2022-KR does not.
func (e iso2022Encoding) code(r rune) uint16 {
	v := e.t.encode(r)
	if v>>24 != 2 || v&0x8000 == 0 || v&0x80 == 0 || v&0xFF00 < 0xA100 {
		return 0
	}
	c := uint16(v & 0x7F7F)
	if e.kr && e.double(byte(c>>8), byte(c)) != r {
		return 0
	}
	return c
}

// escapes are the sequences that select each set of ISO-2022-JP, and SI
// and SO of ISO-2022-KR.
var (
	jpEscapes = [...]string{setASCII: "\x1b(B", setRoman: "\x1b(J", setDouble: "\x1b$B"}
	krShifts  = [...]string{setASCII: "\x0f", setDouble: "\x0e"}
)

func (x *iso2022Encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if x.e.kr && !x.started && (len(src) > 0 || atEOF) {
		if len(src) == 0 {
			return 0, 0, nil // an empty text stays empty
		}
		if len(dst) < 4 {
			return 0, 0, transform.ErrShortDst
		}
		nDst = copy(dst, "\x1b$)C")
		x.started = true
	}
	for nSrc < len(src) {
		r, size := rune(src[nSrc]), 1
		if r >= utf8.RuneSelf {
			if !atEOF && !utf8.FullRune(src[nSrc:]) {
				return nDst, nSrc, transform.ErrShortSrc
			}
			r, size = utf8.DecodeRune(src[nSrc:])
		}
		set, code := -1, uint16(0)
		roman := r < 0x80 && r != 0x5C && r != 0x7E || r == 0xA5 || r == 0x203E
		switch {
		case x.e.kr && r < 0x80:
			set = setASCII
		case x.e.kr:
			if code = x.e.code(r); code != 0 {
				set = setDouble
			}
		case x.set == setRoman && roman:
			set = setRoman
		case r < 0x80:
			set = setASCII
		case roman:
			set = setRoman
		default:
			if code = x.e.code(r); code != 0 {
				set = setDouble
			}
		}
		if set < 0 {
			return nDst, nSrc, unencodable(r)
		}
		var shift string
		if set != x.set {
			shift = jpEscapes[set]
			if x.e.kr {
				shift = krShifts[set]
			}
		}
		need := len(shift) + 1
		if set == setDouble {
			need++
		}
		if len(dst)-nDst < need {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], shift)
		x.set = set
		switch {
		case set == setDouble:
			dst[nDst], dst[nDst+1] = byte(code>>8), byte(code)
			nDst += 2
		case r == 0xA5:
			dst[nDst] = 0x5C
			nDst++
		case r == 0x203E:
			dst[nDst] = 0x7E
			nDst++
		default:
			dst[nDst] = byte(r)
			nDst++
		}
		nSrc += size
	}
	if atEOF && x.set != setASCII {
		shift := jpEscapes[setASCII]
		if x.e.kr {
			shift = krShifts[setASCII]
		}
		if len(dst)-nDst < len(shift) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], shift)
		x.set = setASCII
	}
	return nDst, nSrc, nil
}
