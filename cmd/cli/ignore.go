package cli

import (
	"io"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"
)

// ignoreStatus follows the exit status glibc 2.36's iconv gives "TO//IGNORE"
// without -c: invalid input is dropped in both tools, but glibc exits 1
// ("illegal input sequence at position N", N the end of the file, and the
// remaining files are not converted) only when an invalid sequence was
// dropped in the last stretch of the file it converted in one go. The
// stretches are set by its buffers: each iconv() call of the iconv program
// writes at most 32768 bytes, and within a call the first step (FROM to
// glibc's internal UCS-4) converts at most 8160 characters at a time
// before the second step (UCS-4 to TO) writes them. A dropped sequence
// marks the stretch it falls in; a stretch that ends because a buffer is
// full forgets the mark, the last one reports it.
//
// The stretches are counted in characters of the output and their bytes,
// so ignoreStatus reads the output (it is an io.Writer in front of the real
// output) of the targets whose character lengths it can tell from the
// bytes: the UTF forms, GB18030, and single-byte charsets.
type ignoreStatus struct {
	w       io.Writer
	charLen func(p []byte) int // length of the character p starts with, 0 if p is too short to tell
	steps   int                // 2, or 1 when one side is glibc's internal form (WCHAR_T)
	bom     int                // bytes of byte-order mark the target writes first in each file, not characters
	bomLeft int

	partial  []byte // the start of a character split between writes
	outLeft  int    // bytes left in the current call's output buffer
	runChars int    // characters the first step has converted in its current stretch
	marked   bool   // a sequence was dropped in the current stretch
	pending  bool   // a sequence was dropped after the last character: it joins the stretch of the next one
}

const (
	glibcOutBuf  = 32768 // the iconv program's output buffer (OUTBUF_SIZE)
	glibcRunGoal = 8160  // characters of a step's intermediate buffer (GCONV_NCHAR_GOAL)
)

// newIgnoreStatus returns the follower of a conversion into to, or nil when
// it cannot tell the target's character lengths from its bytes.
func newIgnoreStatus(from, to iconvEncoding, fromName, toName string) *ignoreStatus {
	s := &ignoreStatus{steps: 2}
	if isWcharT(fromName) || isWcharT(toName) {
		s.steps = 1
	}
	switch {
	case to.x != nil:
		if !singleByte(to.x) {
			return nil
		}
		s.charLen = func([]byte) int { return 1 }
	case to.enc == unicode.UTF8:
		s.charLen = utf8Len
	case to.enc == unicode.UTF16LE || to.enc == unicode.UTF16:
		s.charLen = func(p []byte) int { return utf16Len(p, 1) }
		if to.sniff {
			s.bom = 2
		}
	case to.enc == unicode.UTF16BE:
		s.charLen = func(p []byte) int { return utf16Len(p, 0) }
	case to.enc == unicode.UTF32LE || to.enc == unicode.UTF32BE || to.enc == unicode.UTF32:
		s.charLen = func(p []byte) int { return 4 }
		if to.sniff {
			s.bom = 4
		}
	case to.enc == unicode.GB18030:
		s.charLen = gb18030Len
	default:
		return nil
	}
	s.startFile()
	return s
}

func isWcharT(name string) bool {
	n, _, _ := splitSuffixes(name)
	return n == "WCHAR_T" || n == "wchar_t"
}

// singleByte reports whether a golang.org/x/text encoding writes one byte a
// character: no byte is the start of a longer sequence (a lead byte, an
// escape or a shift), so none on its own leaves the decoder wanting more.
func singleByte(x encoding.Encoding) bool {
	if _, ok := x.(*charmap.Charmap); ok {
		return true
	}
	d := x.NewDecoder()
	var dst [16]byte
	for b := range 256 {
		d.Reset()
		if _, _, err := d.Transform(dst[:], []byte{byte(b)}, false); err == transform.ErrShortSrc {
			return false
		}
	}
	return true
}

func utf8Len(p []byte) int {
	switch b := p[0]; {
	case b < 0xe0:
		if b < 0xc0 {
			return 1
		}
		return 2
	case b < 0xf0:
		return 3
	}
	return 4
}

// utf16Len: hi is the index of the high byte of a code unit.
func utf16Len(p []byte, hi int) int {
	if len(p) < 2 {
		return 0
	}
	if p[hi]&0xfc == 0xd8 {
		return 4
	}
	return 2
}

func gb18030Len(p []byte) int {
	if p[0] < 0x80 {
		return 1
	}
	if len(p) < 2 {
		return 0
	}
	if p[1] >= 0x30 && p[1] <= 0x39 {
		return 4
	}
	return 2
}

// startFile begins a file: the iconv program converts each file with calls
// of its own.
func (s *ignoreStatus) startFile() {
	s.outLeft, s.runChars, s.marked, s.pending = glibcOutBuf-s.bom, 0, false, false
	s.bomLeft = s.bom
	s.partial = s.partial[:0]
}

// drop records a sequence dropped after everything written so far.
func (s *ignoreStatus) drop() { s.pending = true }

// failed reports whether glibc would end the file with an error: a mark
// on its last stretch.
func (s *ignoreStatus) failed() bool { return s.marked || s.pending }

// Write passes p on and follows its characters.
func (s *ignoreStatus) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	q := p[:n]
	if s.bomLeft > 0 {
		// The mark itself is not a character.
		k := min(s.bomLeft, len(q))
		q = q[k:]
		s.bomLeft -= k
	}
	if len(s.partial) > 0 {
		need := 0
		for len(q) > 0 {
			s.partial = append(s.partial, q[0])
			q = q[1:]
			if need = s.charLen(s.partial); need > 0 && len(s.partial) == need {
				break
			}
		}
		if need == 0 || len(s.partial) < need {
			return n, err
		}
		s.char(need)
		s.partial = s.partial[:0]
	}
	for len(q) > 0 {
		l := s.charLen(q)
		if l == 0 || l > len(q) {
			s.partial = append(s.partial, q...)
			break
		}
		s.char(l)
		q = q[l:]
	}
	return n, err
}

// char follows one character of l output bytes.
func (s *ignoreStatus) char(l int) {
	full := l > s.outLeft
	if full {
		// The call's buffer is full: the next call starts at this
		// character, with what was dropped just before it.
		s.outLeft = glibcOutBuf
	}
	if full || s.steps == 2 && s.runChars == glibcRunGoal {
		s.runChars, s.marked = 0, false
	}
	if s.pending {
		s.marked, s.pending = true, false
	}
	s.runChars++
	s.outLeft -= l
}
