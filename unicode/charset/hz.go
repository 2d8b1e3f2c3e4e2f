package charset

import (
	"unicode/utf8"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// HZ-GB-2312 (RFC 1843), which glibc's iconv lacks, on the GB2312 part of
// glibc's EUC-CN table: "~{" enters GB mode, in which each pair of bytes
// from 0x21 to 0x7E is the 7-bit form of a GB2312 code, and "~}" returns to
// ASCII. In either mode "~~" is "~" and "~" before a newline joins two
// lines (both disappear); any other byte after "~", a byte from 0x80, and
// in GB mode a byte outside 0x21–0x7E or a pair GB2312 lacks, is illegal.
// The encoder writes "~" as "~~", enters GB mode before a run of Chinese
// characters and leaves it before the next ASCII character and at the end
// of the text.

type hzEncoding struct{ t *table }

func (e hzEncoding) NewDecoder() *encoding.Decoder {
	return &encoding.Decoder{Transformer: &hzDecoder{t: e.t}}
}

func (e hzEncoding) NewEncoder() *encoding.Encoder {
	return &encoding.Encoder{Transformer: &hzEncoder{t: e.t}}
}

// NewStrictDecoder returns a decoder that stops at the first ill-formed
// sequence with a *unicode.Error.
func (e hzEncoding) NewStrictDecoder() transform.Transformer {
	return &hzDecoder{t: e.t, strict: true}
}

func (hzEncoding) String() string { return "HZ-GB-2312" }

type hzDecoder struct {
	t      *table
	strict bool
	gb     bool
}

func (d *hzDecoder) Reset() { d.gb = false }

func (d *hzDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	k := iso2022Encoding{t: d.t}
	for nSrc < len(src) {
		c := src[nSrc]
		r, n := rune(c), 1
		switch {
		case c == '~':
			if nSrc+1 == len(src) {
				if !atEOF {
					return nDst, nSrc, transform.ErrShortSrc
				}
				if d.strict {
					return nDst, nSrc, ill(src[nSrc:], unicode.ErrTruncated)
				}
				r = utf8.RuneError
				break
			}
			switch src[nSrc+1] {
			case '{', '}':
				d.gb = src[nSrc+1] == '{'
				nSrc += 2
				continue
			case '\n':
				nSrc += 2
				continue
			case '~':
				n = 2
			default:
				if d.strict {
					return nDst, nSrc, ill(src[nSrc:nSrc+1], unicode.ErrInvalid)
				}
				r = utf8.RuneError
			}
		case c >= 0x80 || d.gb && (c < 0x21 || c > 0x7E):
			if d.strict {
				return nDst, nSrc, ill(src[nSrc:nSrc+1], unicode.ErrInvalid)
			}
			r = utf8.RuneError
		case d.gb:
			if nSrc+1 == len(src) {
				if !atEOF {
					return nDst, nSrc, transform.ErrShortSrc
				}
				if d.strict {
					return nDst, nSrc, ill(src[nSrc:], unicode.ErrTruncated)
				}
				r = utf8.RuneError
				break
			}
			if r = k.double(c, src[nSrc+1]); r < 0 {
				if d.strict {
					return nDst, nSrc, ill(src[nSrc:nSrc+1], unicode.ErrInvalid)
				}
				r = utf8.RuneError
			} else {
				n = 2
			}
		}
		if len(dst)-nDst < utf8.RuneLen(r) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc += n
	}
	return nDst, nSrc, nil
}

type hzEncoder struct {
	t  *table
	gb bool
}

func (x *hzEncoder) Reset() { x.gb = false }

func (x *hzEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	k := iso2022Encoding{t: x.t}
	for nSrc < len(src) {
		r, size := rune(src[nSrc]), 1
		if r >= utf8.RuneSelf {
			if !atEOF && !utf8.FullRune(src[nSrc:]) {
				return nDst, nSrc, transform.ErrShortSrc
			}
			r, size = utf8.DecodeRune(src[nSrc:])
		}
		var out [4]byte
		n := 0
		if r < 0x80 {
			if x.gb {
				n = copy(out[:], "~}")
			}
			out[n] = byte(r)
			n++
			if r == '~' {
				out[n] = '~'
				n++
			}
		} else {
			code := k.code(r)
			if code == 0 {
				return nDst, nSrc, unencodable(r)
			}
			if !x.gb {
				n = copy(out[:], "~{")
			}
			out[n], out[n+1] = byte(code>>8), byte(code)
			n += 2
		}
		if len(dst)-nDst < n {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], out[:n])
		x.gb = r >= 0x80
		nSrc += size
	}
	if atEOF && x.gb {
		if len(dst)-nDst < 2 {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], "~}")
		x.gb = false
	}
	return nDst, nSrc, nil
}
