package unicode

import (
	"bytes"
	"strings"

	"golang.org/x/text/transform"
)

// Transformer is the resumable form of a Converter, following
// golang.org/x/text/transform's contract: Transform converts as much of src
// as it can into dst and reports ErrShortDst or ErrShortSrc when it needs
// more room or more input, so that it can sit in a transform.Chain or under
// transform.NewReader. A sequence split between two calls is converted as if
// it had come in one piece. Writer and Reader are built on it.
type Transformer struct {
	c       Converter
	from    Encoding // the effective source encoding, after BOM sniffing
	to      Encoding // the effective target encoding (UTF16LE for UTF16)
	k       kernel
	started bool
	off     int64                 // source bytes consumed so far
	x       transform.Transformer // set when an end is bridged
}

// NewTransformer returns a Transformer for the conversion c.
func (c Converter) NewTransformer() *Transformer {
	t := new(Transformer)
	t.init(c)
	return t
}

func (t *Transformer) init(c Converter) {
	*t = Transformer{c: c, from: c.from, to: c.to.ordered()}
	if !c.native() {
		t.x = c.bridgeChain()
	}
}

// Reset forgets the state of the conversion so far, so that the next
// Transform starts a new text (a byte order mark is looked for again).
func (t *Transformer) Reset() {
	if t.x != nil {
		t.x.Reset()
	}
	*t = Transformer{c: t.c, from: t.c.from, to: t.c.to.ordered(), x: t.x}
}

// Offset returns how many source bytes the Transformer has consumed since it
// was made or Reset.
func (t *Transformer) Offset() int64 { return t.off }

// isBOMPrefix reports whether p is a proper prefix of a byte order mark.
func isBOMPrefix(p []byte) bool {
	for _, b := range boms[1:] {
		if len(p) < len(b) && bytes.HasPrefix([]byte(b), p) {
			return true
		}
	}
	return false
}

// start handles the byte order marks at the start of a text.
func (t *Transformer) start(dst, src []byte, atEOF bool) (nd, ns int, err error) {
	opt := t.c.opt
	if opt.SniffBOM {
		if !atEOF && isBOMPrefix(src) {
			return 0, 0, transform.ErrShortSrc
		}
		if e, n := DetectBOM(src); n > 0 {
			t.from = e
			if !opt.KeepBOM {
				ns = n
			}
		}
	}
	if t.from.marked() {
		// The mark, if any, gives the byte order; little-endian without.
		unit := t.from.unit()
		le, be := boms[UTF16LE], boms[UTF16BE]
		t.from = t.from.ordered()
		if unit == 4 {
			le, be = boms[UTF32LE], boms[UTF32BE]
		}
		if len(src) < unit && !atEOF && (strings.HasPrefix(le, string(src)) || strings.HasPrefix(be, string(src))) {
			t.from = t.c.from
			return 0, 0, transform.ErrShortSrc
		}
		switch {
		case strings.HasPrefix(string(src), be):
			t.from = be16or32(unit)
			fallthrough
		case strings.HasPrefix(string(src), le):
			if !opt.KeepBOM {
				ns = unit
			}
		}
	} else if !opt.SniffBOM && !opt.KeepBOM {
		bom := boms[t.from]
		if len(src) >= len(bom) {
			if bytes.HasPrefix(src, []byte(bom)) {
				ns = len(bom)
			}
		} else if !atEOF && bytes.HasPrefix([]byte(bom), src) {
			return 0, 0, transform.ErrShortSrc
		}
	}
	if opt.EmitBOM || t.c.to.marked() {
		if t.c.to.marked() && !opt.EmitBOM && len(src) == 0 {
			// The mark of UTF16 and UTF32 comes with the first character:
			// an empty text stays empty, as with iconv.
			if !atEOF {
				return 0, 0, transform.ErrShortSrc
			}
		} else {
			b := boms[t.c.to]
			if len(dst) < len(b) {
				t.from = t.c.from
				return 0, 0, transform.ErrShortDst
			}
			nd = copy(dst, b)
		}
	}
	t.k = kernelFor(t.from, t.to)
	t.started = true
	return nd, ns, nil
}

// be16or32 returns the big-endian encoding with code units of unit bytes.
func be16or32(unit int) Encoding {
	if unit == 4 {
		return UTF32BE
	}
	return UTF16BE
}

// Transform implements transform.Transformer. Under the Strict policy the
// error for bad input is an *Error whose Offset counts from the first byte
// the Transformer was given.
func (t *Transformer) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if t.x != nil {
		nDst, nSrc, err = t.x.Transform(dst, src, atEOF)
		t.off += int64(nSrc)
		if err != nil && err != transform.ErrShortDst && err != transform.ErrShortSrc {
			if _, ok := err.(*Error); !ok {
				err = &Error{Encoding: t.c.to, Offset: -1, Err: ErrUnencodable}
			}
		}
		return nDst, nSrc, err
	}
	return t.native(dst, src, atEOF)
}

// native is Transform for two native encodings. It makes no interface call,
// so that escape analysis lets Count and Validate keep their scratch space
// on the stack.
func (t *Transformer) native(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if !t.started {
		if nDst, nSrc, err = t.start(dst, src, atEOF); err != nil {
			return 0, 0, err
		}
	}
	nd, ns, st := run(t.k, t.from, t.to, dst[nDst:], src[nSrc:], atEOF, t.c.opt.Strict)
	nDst += nd
	nSrc += ns
	off := t.off + int64(nSrc)
	t.off = off
	switch st {
	case stShortDst:
		err = transform.ErrShortDst
	case stShortSrc:
		err = transform.ErrShortSrc
	case stInvalid:
		err = newError(t.from, off, src[nSrc:], ErrInvalid)
	case stTruncated:
		err = newError(t.from, off, src[nSrc:], ErrTruncated)
	}
	return nDst, nSrc, err
}
