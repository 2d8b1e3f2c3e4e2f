package unicode

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/transform"
)

// Options tune a Converter. The zero value is the default: replace bad
// input with U+FFFD, strip the source's byte order mark, write none.
type Options struct {
	// Strict stops the conversion at the first ill-formed or truncated
	// sequence with an *Error giving its byte offset, instead of writing
	// one U+FFFD per maximal invalid subpart.
	Strict bool
	// EmitBOM starts the output with the target encoding's byte order mark.
	EmitBOM bool
	// KeepBOM converts a byte order mark at the start of the source like
	// any U+FEFF instead of dropping it.
	KeepBOM bool
	// SniffBOM lets a byte order mark at the start of the source (see
	// DetectBOM) override the source encoding, as browsers do; the mark
	// itself is dropped unless KeepBOM is set.
	SniffBOM bool
}

// Converter converts text from one encoding to another. It is a small value
// with no state: its methods may be called concurrently, and the streaming
// forms (NewWriter, NewReader, NewTransformer) carry their own state.
type Converter struct {
	from, to Encoding
	opt      Options
	// direct is set for a pair of native encodings that needs no byte
	// order decided at the start of the text (neither end is UTF16 or
	// UTF32, no SniffBOM, no EmitBOM): the slice forms then skip a
	// leading mark by comparison and call kernel k at once, with no
	// Transformer to set up, which is most of the cost of a short text.
	direct bool
	k      kernel
	short  shortKind // the loop for texts shorter than shortLen bytes
	// shortLen is the source length from which the general kernel is
	// faster than the short loop (0 without one).
	shortLen uint8
	// bomLead is the first byte of the source's mark where it is dropped
	// and the pair has a short loop: texts starting with it go the
	// longer way, through skipBOM.
	bomLead byte
}

// New returns a Converter from one encoding to another. Both may be native
// encodings or values returned by Lookup; it fails with ErrUnknownEncoding
// for any other value.
func New(from, to Encoding, opt Options) (Converter, error) {
	for _, e := range [2]Encoding{from, to} {
		if !e.Native() && bridged(e) == nil {
			return Converter{}, fmt.Errorf("%w: %v", ErrUnknownEncoding, e)
		}
		if e == GB18030 {
			loadGB()
		}
	}
	c := Converter{from: from, to: to, opt: opt}
	if c.native() && !from.marked() && !to.marked() && !opt.SniffBOM && !opt.EmitBOM {
		c.direct, c.k, c.short = true, kernelFor(from, to), shortFor(from, to)
		c.shortLen = shortLimit(c.short)
		if c.short != shortNone && !opt.KeepBOM {
			c.bomLead = boms[from][0]
		}
	}
	return c, nil
}

// skipBOM returns how many bytes of byte order mark a direct conversion
// drops from the start of src: the source encoding's own mark, unless
// KeepBOM is set.
func (c *Converter) skipBOM(src []byte) int {
	if c.opt.KeepBOM {
		return 0
	}
	b := boms[c.from]
	if len(src) >= len(b) && src[0] == b[0] && string(src[:len(b)]) == b {
		return len(b)
	}
	return 0
}

// appendDirect is Append for a direct Converter: the kernel runs on the
// whole of src, and again after each growth of dst.
func (c *Converter) appendDirect(dst, src []byte) ([]byte, error) {
	off := c.skipBOM(src)
	if len(src)-off < int(c.shortLen) {
		var nd, ns int
		switch c.short {
		case short8to16LE:
			nd, ns = utf8ToUTF16LEShort(dst[len(dst):cap(dst)], src[off:])
		case short16LEto8:
			nd, ns = utf16LEToUTF8Short(dst[len(dst):cap(dst)], src[off:])
		}
		dst = dst[:len(dst)+nd]
		off += ns
		if off == len(src) {
			return dst, nil
		}
	}
	return c.appendRun(dst, src, off)
}

// appendRun is the general part of appendDirect: the pair's kernel
// converts src from byte off on.
func (c *Converter) appendRun(dst, src []byte, off int) ([]byte, error) {
	for {
		nd, ns, st := run(c.k, c.from, c.to, dst[len(dst):cap(dst)], src[off:], true, c.opt.Strict)
		dst = dst[:len(dst)+nd]
		off += ns
		switch st {
		case stDone:
			return dst, nil
		case stShortDst:
			dst = growFor(dst, c.estimate(len(src)-off))
		case stShortSrc: // not reported at the end of the input
			return dst, transform.ErrShortSrc
		default:
			return dst, c.stopError(st, src, off)
		}
	}
}

// stopError is the *Error for a kernel that stopped with st at byte off
// of src: ill-formed or truncated input under the Strict policy.
func (c *Converter) stopError(st status, src []byte, off int) error {
	cause := ErrInvalid
	if st == stTruncated {
		cause = ErrTruncated
	}
	return newError(c.from, int64(off), src[off:], cause)
}

// From returns the source encoding.
func (c Converter) From() Encoding { return c.from }

// To returns the target encoding.
func (c Converter) To() Encoding { return c.to }

// Options returns the options the Converter was made with.
func (c Converter) Options() Options { return c.opt }

// native reports whether both ends are converted by this package.
func (c Converter) native() bool { return c.from.Native() && c.to.Native() }

// Convert converts src from one encoding to another with the default
// options and appends the result to dst.
func Convert(dst, src []byte, from, to Encoding) ([]byte, error) {
	c, err := New(from, to, Options{})
	if err != nil {
		return dst, err
	}
	return c.Append(dst, src)
}

// Append converts src and appends the result to dst, growing it as needed;
// it allocates nothing when dst has room for the output (Count says how much
// that is). Under the Strict policy it stops at the first bad sequence and
// returns what it converted before it along with an *Error.
func (c Converter) Append(dst, src []byte) ([]byte, error) {
	if len(src) < int(c.shortLen) && (len(src) == 0 || src[0] != c.bomLead) {
		// A short text with no mark to drop: the pair's short loop, called
		// from here, as the cost of one more call shows on a text of a few
		// characters.
		var nd, ns int
		if c.short == short8to16LE {
			nd, ns = utf8ToUTF16LEShort(dst[len(dst):cap(dst)], src)
		} else {
			nd, ns = utf16LEToUTF8Short(dst[len(dst):cap(dst)], src)
		}
		dst = dst[:len(dst)+nd]
		if ns == len(src) {
			return dst, nil
		}
		return c.appendRun(dst, src, ns)
	}
	if c.direct {
		return c.appendDirect(dst, src)
	}
	return c.appendTransform(dst, src)
}

// appendTransform is Append through a Transformer, for the conversions
// that decide a byte order at the start of the text or are bridged; out of
// line, so that Append's own frame stays small.
func (c Converter) appendTransform(dst, src []byte) ([]byte, error) {
	if !c.native() {
		return c.appendBridged(dst, src)
	}
	var t Transformer
	t.init(c)
	for {
		nd, ns, err := t.native(dst[len(dst):cap(dst)], src, true)
		dst = dst[:len(dst)+nd]
		src = src[ns:]
		if err != transform.ErrShortDst {
			return dst, err
		}
		dst = growFor(dst, c.estimate(len(src)))
	}
}

// AppendString is Append for a string source, without copying it.
func (c Converter) AppendString(dst []byte, src string) ([]byte, error) {
	return c.Append(dst, unsafe.Slice(unsafe.StringData(src), len(src)))
}

// estimate returns how many bytes converting n source bytes of valid input
// takes at most, plus room for a byte order mark.
func (c Converter) estimate(n int) int {
	e := n
	switch {
	case c.from == UTF8 && c.to.unit() > 1:
		e = n * c.to.unit()
	case c.from == UTF8 && c.to == GB18030:
		e = 2 * n
	case c.to == UTF8 || c.to == GB18030:
		e = n + n/2
	case c.from.unit() < c.to.unit():
		e = 2 * n
	}
	return e + 8
}

func growFor(dst []byte, n int) []byte {
	if n <= cap(dst)-len(dst) {
		n = cap(dst) - len(dst) + 64
	}
	nb := make([]byte, len(dst), max(len(dst)+n, 2*cap(dst)))
	copy(nb, dst)
	return nb
}

// Count returns how many bytes converting src produces (divide by 2 or 4
// for UTF-16 or UTF-32 code units), without writing them. Under the Strict
// policy it returns the count up to the first bad sequence and its *Error.
func (c Converter) Count(src []byte) (int, error) {
	if !c.native() {
		out, err := c.appendBridged(nil, src)
		return len(out), err
	}
	if c.from == UTF8 && c.to != UTF8 && c.to != GB18030 && !c.to.marked() && !c.opt.EmitBOM && !c.opt.SniffBOM && utf8.Valid(src) {
		if !c.opt.KeepBOM && len(src) >= 3 && string(src[:3]) == boms[UTF8] {
			src = src[3:]
		}
		return countValidUTF8(src, c.to.unit()), nil
	}
	var scratch [1024]byte
	total := 0
	if c.direct {
		off := c.skipBOM(src)
		for {
			nd, ns, st := run(c.k, c.from, c.to, scratch[:], src[off:], true, c.opt.Strict)
			total += nd
			off += ns
			switch st {
			case stDone:
				return total, nil
			case stShortSrc:
				return total, transform.ErrShortSrc
			case stShortDst:
				continue
			}
			return total, c.stopError(st, src, off)
		}
	}
	var t Transformer
	t.init(c)
	for {
		nd, ns, err := t.native(scratch[:], src, true)
		total += nd
		src = src[ns:]
		if err != transform.ErrShortDst {
			return total, err
		}
	}
}

// countValidUTF8 counts the UTF-16 (unit 2) or UTF-32 (unit 4) bytes of
// valid UTF-8: one unit per byte that is not a continuation byte
// (10xxxxxx), and for UTF-16 a second one per lead byte of a 4-byte
// sequence (11110xxx), 8 bytes per step with SWAR bit tricks.
func countValidUTF8(p []byte, unit int) int {
	n, i := 0, 0
	for ; i+8 <= len(p); i += 8 {
		x := binary.LittleEndian.Uint64(p[i:])
		if x&hiBits == 0 {
			n += 8
			continue
		}
		cont := x &^ (x << 1) & hiBits // top bits 10
		n += 8 - bits.OnesCount64(cont)
		if unit == 2 {
			n += bits.OnesCount64(x & (x << 1) & (x << 2) & (x << 3) & hiBits)
		}
	}
	for ; i < len(p); i++ {
		c := p[i]
		if c&0xC0 != 0x80 {
			n++
		}
		if c >= 0xF0 && unit == 2 {
			n++
		}
	}
	return n * unit
}

// Valid reports whether src is well-formed in the native encoding enc.
func Valid(enc Encoding, src []byte) bool {
	if enc == UTF8 {
		return utf8.Valid(src)
	}
	return Validate(enc, src) == nil
}

// Validate returns nil if src is well-formed in the native encoding enc,
// and otherwise an *Error locating the first bad sequence. A byte order mark
// is validated as the character U+FEFF.
func Validate(enc Encoding, src []byte) error {
	if !enc.Native() {
		return fmt.Errorf("%w: %v is not a native encoding", ErrUnknownEncoding, enc)
	}
	to := UTF8
	if enc == UTF8 {
		to = UTF32LE
	}
	c, _ := New(enc, to, Options{Strict: true, KeepBOM: true})
	if c.direct {
		_, err := c.Count(src)
		return err
	}
	var t Transformer
	t.init(c)
	var scratch [1024]byte
	for {
		_, ns, err := t.native(scratch[:], src, true)
		src = src[ns:]
		if err != transform.ErrShortDst {
			return err
		}
	}
}
