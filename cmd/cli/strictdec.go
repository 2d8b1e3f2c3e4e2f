package cli

import (
	"bytes"
	"errors"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/transform"
)

// replacementUTF8 is U+FFFD in UTF-8: what a golang.org/x/text decoder
// writes for input it cannot decode. No x/text encoding that conv bridges
// maps a byte sequence to U+FFFD (the Unicode forms are converted
// natively), so in a decoder's output it always marks bad input.
var replacementUTF8 = []byte("\uFFFD")

// strictDecoder decodes a golang.org/x/text encoding into UTF-8 as iconv
// does: the first sequence the decoder cannot decode stops it with a
// *unicode.Error (ErrInvalid, or ErrTruncated at the end of the input)
// whose Offset counts bytes from the decoder's first input byte, instead of
// the U+FFFD that x/text writes; with omit, the sequence is dropped and
// decoding goes on (input ending inside a character still stops it).
//
// Text without bad input goes through the x/text decoder in whole chunks.
// A chunk whose output holds U+FFFD is decoded again one character at a
// time (the decoder is stateless, so a fresh one gives the same bytes) to
// find the sequence; a stateful encoding (ISO-2022-JP, HZ-GB-2312), whose
// shift state a fresh decoder would lose, is decoded one character at a
// time throughout.
type strictDecoder struct {
	d        transform.Transformer
	stateful bool
	omit     bool
	off      int64 // input bytes consumed since the start
}

// newStrictDecoder returns a strictDecoder for x.
func newStrictDecoder(x encoding.Encoding, omit bool) *strictDecoder {
	return &strictDecoder{d: x.NewDecoder(), stateful: x == japanese.ISO2022JP || x == simplifiedchinese.HZGB2312, omit: omit}
}

// Reset implements transform.Transformer.
func (s *strictDecoder) Reset() {
	s.d.Reset()
	s.off = 0
}

// Transform implements transform.Transformer.
func (s *strictDecoder) Transform(dst, src []byte, atEOF bool) (int, int, error) {
	if !s.stateful {
		nDst, nSrc, err := s.d.Transform(dst, src, atEOF)
		if !bytes.Contains(dst[:nDst], replacementUTF8) {
			s.off += int64(nSrc)
			return nDst, nSrc, err
		}
		s.d.Reset()
	}
	return s.precise(dst, src, atEOF)
}

// precise decodes src one character at a time: each call of the decoder is
// given the shortest input from which it decodes something, and room for
// three bytes of output, U+FFFD's length. A valid character then needs the
// last byte of that input, so it is all of the output (a longer character
// gets more room); and a U+FFFD is the first of the output and fills it, so
// the bytes consumed are the bad sequence alone, not the bytes after it
// that x/text decodes in the same call (a Shift_JIS lead byte before an
// ASCII byte).
func (s *strictDecoder) precise(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		var n, m int
		var derr error
		room := min(len(dst)-nDst, len(replacementUTF8))
		for end := nSrc + 1; ; end++ {
			last := end >= len(src)
			n, m, derr = s.d.Transform(dst[nDst:nDst+room], src[nSrc:min(end, len(src))], atEOF && last)
			if derr == transform.ErrShortDst && n == 0 && m == 0 && room < len(dst)-nDst {
				room = len(dst) - nDst
				end--
				continue
			}
			if n > 0 || m > 0 || derr == transform.ErrShortDst || last {
				break
			}
		}
		if n == 0 && m == 0 {
			if derr == transform.ErrShortDst || derr == transform.ErrShortSrc {
				return nDst, nSrc, derr
			}
			if derr == nil {
				// Nothing decoded from all of src at its end: wait for more.
				return nDst, nSrc, transform.ErrShortSrc
			}
			return nDst, nSrc, derr
		}
		if bytes.Contains(dst[nDst:nDst+n], replacementUTF8) {
			// Input ending inside a character is an error even with omit,
			// as in iconv -c.
			cause := unicode.ErrInvalid
			if atEOF && nSrc+m == len(src) && s.incomplete(src[nSrc:]) {
				cause = unicode.ErrTruncated
			} else if s.omit {
				nSrc += m
				s.off += int64(m)
				continue
			}
			e := &unicode.Error{Offset: s.off, Err: cause}
			e.N = copy(e.Bytes[:], src[nSrc:nSrc+m])
			return nDst, nSrc, e
		}
		nDst += n
		nSrc += m
		s.off += int64(m)
		if derr != nil && derr != transform.ErrShortSrc {
			return nDst, nSrc, derr
		}
	}
	return nDst, nSrc, nil
}

// incomplete reports whether tail, the last bytes of the input, begins a
// character that more input could complete: the decoder, told more may
// follow, waits instead of decoding it.
func (s *strictDecoder) incomplete(tail []byte) bool {
	var tmp [16]byte
	n, m, err := s.d.Transform(tmp[:], tail, false)
	return n == 0 && m == 0 && errors.Is(err, transform.ErrShortSrc)
}
