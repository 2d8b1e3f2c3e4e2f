package charset

import (
	"unicode/utf8"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/transform"
)

// ISO-2022-CN-EXT (RFC 1922) as glibc's iconv converts it: ISO-2022-CN
// and ISO-IR-165 (ESC $ ) E, a GB2312 extension) for SO, and CNS 11643
// planes 3 to 7 (ESC $ + I to M) for SS3 (ESC O). Its decoder is glibc's
// other module, with other rules: SO before any designation is illegal
// (glibc reports the byte after it), 0x7F is a character, an illegal pair
// of the shifted set is dropped whole by -c, and an illegal plane 2 pair is
// reported at the pair, after its ESC N. The encoder is ISO-2022-CN's,
// with ISO-IR-165 tried after GB2312 and planes 3 to 7 last, and has the
// same two differences from glibc.

type extDecoder struct {
	e       cnEncoding
	strict  bool
	shifted bool
	so      cnSet // the designated SO set, cnASCII for none
	ss3     cnSet // the designated SS3 plane, cnASCII for none
}

func (d *extDecoder) Reset() { d.shifted, d.so, d.ss3 = false, cnASCII, cnASCII }

func (d *extDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		rest := src[nSrc:]
		r, n := rune(c), 1
		bad, skip := 0, 0 // an illegal sequence: its offset in rest and length
		switch {
		case c > 0x7F:
			bad, skip = 0, 1
		case c == esc && (len(rest) < 2 || rest[1] == '$' && (len(rest) < 3 || (rest[2] == ')' || rest[2] == '*' || rest[2] == '+') && len(rest) < 4) ||
			(rest[1] == 'N' || rest[1] == 'O') && len(rest) < 4):
			if !atEOF {
				return nDst, nSrc, transform.ErrShortSrc
			}
			if d.strict {
				return nDst, nSrc, ill(rest, unicode.ErrTruncated)
			}
			r, n = utf8.RuneError, len(rest)
		case c == esc && rest[1] == '$' && (rest[2] == ')' && (rest[3] == 'A' || rest[3] == 'G' || rest[3] == 'E') ||
			rest[2] == '*' && rest[3] == 'H' || rest[2] == '+' && rest[3] >= 'I' && rest[3] <= 'M'):
			switch rest[3] {
			case 'A':
				d.so = cnGB
			case 'G':
				d.so = cnCNS1
			case 'E':
				d.so = cnIR165
			case 'H':
			default:
				d.ss3 = cnCNS3 + cnSet(rest[3]-'I')
			}
			nSrc += 4
			continue
		case c == so:
			if d.so != cnASCII {
				d.shifted = true
				nSrc++
				continue
			}
			// glibc consumes the SO and reports the byte after it.
			if len(rest) < 2 {
				if !atEOF {
					return nDst, nSrc, transform.ErrShortSrc
				}
				bad, skip = 0, 1
				break
			}
			bad, skip = 1, 1
		case c == si:
			d.shifted = false
			nSrc++
			continue
		case c == esc && rest[1] == 'N':
			if r = d.e.decode(cnCNS2, rest[2], rest[3]); r < 0 {
				bad, skip = 2, 2
			} else {
				n = 4
			}
		case c == esc && rest[1] == 'O':
			if d.ss3 == cnASCII {
				bad, skip = 0, 4
			} else if r = d.e.decode(d.ss3, rest[2], rest[3]); r < 0 {
				bad, skip = 0, 4
			} else {
				n = 4
			}
		case !d.shifted:
		default:
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
			if r = d.e.decode(d.so, c, rest[1]); r < 0 {
				bad, skip = 0, 2
			} else {
				n = 2
			}
		}
		if skip > 0 {
			// The bytes before the illegal sequence are consumed.
			if d.strict {
				return nDst, nSrc + bad, ill(rest[bad:bad+skip], unicode.ErrInvalid)
			}
			r, n = utf8.RuneError, bad+skip
		}
		if len(dst)-nDst < utf8.RuneLen(r) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc += n
	}
	return nDst, nSrc, nil
}
