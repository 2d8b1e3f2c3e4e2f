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
	return Converter{from: from, to: to, opt: opt}, nil
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
	var t Transformer
	t.init(c)
	if c.from == UTF8 && c.to != UTF8 && c.to != GB18030 && !c.to.marked() && !c.opt.EmitBOM && !c.opt.SniffBOM && utf8.Valid(src) {
		if !c.opt.KeepBOM && len(src) >= 3 && string(src[:3]) == boms[UTF8] {
			src = src[3:]
		}
		return countValidUTF8(src, c.to.unit()), nil
	}
	var scratch [1024]byte
	total := 0
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
