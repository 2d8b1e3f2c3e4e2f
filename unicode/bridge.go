package unicode

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// The bridge makes every golang.org/x/text encoding an Encoding, so that a
// Converter joins any two of them: the source is decoded to UTF-8 by its
// x/text decoder (or this package's, for a native encoding), and UTF-8 is
// encoded to the target by its x/text encoder (or this package's). The
// charset subpackage looks encodings up by their IANA and WHATWG labels.

// firstBridged is the first Encoding value handed out by Register.
const firstBridged Encoding = 64

type bridge struct {
	name     string
	enc      encoding.Encoding
	fffd     []byte // the encoding's own bytes for U+FFFD, nil if it has none
	stateful bool   // a shift state carries from one character to the next
	modes    *shiftModes
}

var (
	bridgeMu sync.Mutex
	bridges  atomic.Pointer[[]bridge] // copy on write, so readers take no lock
)

func bridged(e Encoding) *bridge {
	list := bridges.Load()
	if e < firstBridged || list == nil || int(e-firstBridged) >= len(*list) {
		return nil
	}
	return &(*list)[e-firstBridged]
}

// Register returns the Encoding for a golang.org/x/text encoding, under the
// given name. Registering the same name again returns the same value (the
// first encoding registered under a name wins), so a program can call it
// freely; names are compared without regard to case. A name that is a
// native encoding's ("UTF-8", "UTF-16LE", …, "GB18030") returns the native
// Encoding, whose fast paths are then used. A nil enc or an empty name
// gives ErrUnknownEncoding.
//
// The registry is one list for the whole process, by design: an Encoding
// is a small comparable value (a map key, a field of the stateless
// Converter) that must mean the same encoding wherever it is passed, which
// a registry value handed around would not give without making every
// Converter carry it. Register is safe for concurrent use, and converting
// takes no lock (the list is replaced, never changed, under a mutex). A
// registration is never undone, and at most 65,471 names fit, so a program
// should not register names taken from its input; charset.Lookup registers
// only golang.org/x/text's own encodings, under their canonical names.
func Register(name string, enc encoding.Encoding) (Encoding, error) {
	if enc == nil || name == "" {
		return 0, fmt.Errorf("%w: Register needs a name and an encoding", ErrUnknownEncoding)
	}
	for e := UTF8; e < numNative; e++ {
		if strings.EqualFold(name, nativeNames[e]) {
			return e, nil
		}
	}
	bridgeMu.Lock()
	defer bridgeMu.Unlock()
	var list []bridge
	if p := bridges.Load(); p != nil {
		list = *p
	}
	for i, b := range list {
		if strings.EqualFold(b.name, name) {
			return firstBridged + Encoding(i), nil
		}
	}
	if len(list) >= int(^Encoding(0)-firstBridged) {
		return 0, fmt.Errorf("%w: too many registered encodings", ErrUnknownEncoding)
	}
	next := make([]bridge, len(list), len(list)+1)
	copy(next, list)
	next = append(next, bridge{name: name, enc: enc, fffd: encodeFFFD(enc), stateful: isStateful(name, enc), modes: findModes(enc)})
	bridges.Store(&next)
	return firstBridged + Encoding(len(list)), nil
}

// bridgeChain builds the transformer of a conversion with a bridged end.
func (c Converter) bridgeChain() transform.Transformer {
	var stages []transform.Transformer
	if b := bridged(c.from); b != nil {
		if sd, ok := b.enc.(strictDecoding); ok && c.opt.Strict {
			stages = append(stages, &exactDecoder{d: sd.NewStrictDecoder(), enc: c.from})
		} else if c.opt.Strict {
			stages = append(stages, newStrictDecoder(c.from, b))
		} else {
			stages = append(stages, b.enc.NewDecoder())
		}
	} else if c.from != UTF8 || !c.opt.KeepBOM || c.opt.Strict {
		// The native source is decoded to UTF-8 with the caller's options.
		opt := c.opt
		opt.EmitBOM = false
		stages = append(stages, Converter{from: c.from, to: UTF8, opt: opt}.NewTransformer())
	}
	if b := bridged(c.to); b != nil {
		var enc transform.Transformer = b.enc.NewEncoder()
		if !c.opt.Strict {
			enc = substituter{enc}
		}
		stages = append(stages, enc)
	} else if c.to != UTF8 || c.opt.EmitBOM {
		opt := Options{Strict: c.opt.Strict, EmitBOM: c.opt.EmitBOM, KeepBOM: true}
		stages = append(stages, Converter{from: UTF8, to: c.to, opt: opt}.NewTransformer())
	}
	if len(stages) == 1 {
		return stages[0]
	}
	return transform.Chain(stages...)
}

func (c Converter) appendBridged(dst, src []byte) ([]byte, error) {
	if bridged(c.from) == nil && !c.from.Native() || bridged(c.to) == nil && !c.to.Native() {
		return dst, fmt.Errorf("%w: %v to %v", ErrUnknownEncoding, c.from, c.to)
	}
	t := c.NewTransformer()
	for {
		nd, ns, err := t.Transform(dst[len(dst):cap(dst)], src, true)
		dst = dst[:len(dst)+nd]
		src = src[ns:]
		if err != transform.ErrShortDst {
			return dst, err
		}
		dst = growFor(dst, 2*len(src)+16)
	}
}

// substituter writes the target encoding's substitute byte (the
// Replacement of an x/text encoder's error, SUB for most) for a character
// the encoder cannot represent, as encoding.ReplaceUnsupported does; unlike
// it, it hands the encoder the end of the text even when the last character
// was substituted, so that a stateful encoder returns to its initial state
// (ISO-2022-JP's final ESC ( B) whether the text is converted whole or in
// pieces.
type substituter struct{ t transform.Transformer }

func (s substituter) Reset() { s.t.Reset() }

func (s substituter) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for {
		nd, ns, err := s.t.Transform(dst[nDst:], src[nSrc:], atEOF)
		nDst += nd
		nSrc += ns
		rerr, ok := err.(interface{ Replacement() byte })
		if !ok {
			return nDst, nSrc, err
		}
		_, size := utf8.DecodeRune(src[nSrc:])
		if size == 0 {
			return nDst, nSrc, err // no character to substitute
		}
		if nDst == len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst] = rerr.Replacement()
		nDst++
		nSrc += size
	}
}

// replacementUTF8 is U+FFFD in UTF-8: what a golang.org/x/text decoder
// writes for input it cannot decode.
var replacementUTF8 = []byte("\uFFFD")

// encodeFFFD returns enc's own encoding of U+FFFD, or nil if it cannot
// represent it. A decoder's U+FFFD that came from exactly these bytes is a
// character of the text (UTF-8 "\xEF\xBF\xBD" through x/text's UTF-8),
// not a mark of bad input.
func encodeFFFD(enc encoding.Encoding) []byte {
	var buf [16]byte
	n, _, err := enc.NewEncoder().Transform(buf[:], replacementUTF8, true)
	if err != nil || n == 0 {
		return nil
	}
	return bytes.Clone(buf[:n])
}

// statefulNames are the golang.org/x/text encodings whose decoders keep a
// shift state (the mode an escape sequence selects) between characters.
var statefulNames = []string{"ISO-2022-JP", "csISO2022JP", "HZ-GB-2312", "HZ-GB2312"}

// shiftModes lets the strict decoder of a stateful encoding learn the mode
// of its decoder without changing it, and put a fresh decoder in that mode:
// a probe, a short input that each mode decodes differently and after
// which the mode is the same, and for each mode the escape sequence that
// selects it and what the probe decodes to in it.
type shiftModes struct {
	probe   []byte
	escapes [][]byte
	outputs [][]byte
}

// shiftModeSets are the modes of golang.org/x/text's ISO-2022-JP decoder
// (ASCII, JIS X 0201 katakana, JIS X 0208, JIS X 0212) and HZ-GB-2312's
// (ASCII, GB2312).
var shiftModeSets = []shiftModes{
	{probe: []byte("\x21\x21"), escapes: [][]byte{nil, []byte("\x1b(I"), []byte("\x1b$B"), []byte("\x1b$(D")}},
	{probe: []byte("\x30\x21"), escapes: [][]byte{nil, []byte("~{")}},
}

// findModes returns the shiftModes that fit enc's decoder: each escape
// sequence decodes to nothing, and the probe to a different output in each
// mode. Nil means none fits (any stateless encoding, whose probe output
// never differs); the strict decoder of a stateful encoding then decodes
// one character at a time throughout.
func findModes(enc encoding.Encoding) *shiftModes {
	for _, set := range shiftModeSets {
		m := &shiftModes{probe: set.probe, escapes: set.escapes}
		seen := map[string]bool{}
		for _, esc := range set.escapes {
			d := enc.NewDecoder()
			var tmp [16]byte
			n, k, err := d.Transform(tmp[:], esc, false)
			if n != 0 || k != len(esc) || err != nil {
				m = nil
				break
			}
			out := modeOutput(d, set.probe)
			if out == nil || seen[string(out)] {
				m = nil
				break
			}
			seen[string(out)] = true
			m.outputs = append(m.outputs, out)
		}
		if m != nil {
			return m
		}
	}
	return nil
}

// modeOutput returns what d decodes the probe to, nil if it does not decode
// all of it.
func modeOutput(d transform.Transformer, probe []byte) []byte {
	var tmp [16]byte
	n, k, err := d.Transform(tmp[:], probe, false)
	if k != len(probe) || err != nil {
		return nil
	}
	return bytes.Clone(tmp[:n])
}

// mode returns the index of d's mode in m, or -1.
func (m *shiftModes) mode(d transform.Transformer) int {
	var tmp [16]byte
	n, k, err := d.Transform(tmp[:], m.probe, false)
	if k != len(m.probe) || err != nil {
		return -1
	}
	for i, out := range m.outputs {
		if bytes.Equal(tmp[:n], out) {
			return i
		}
	}
	return -1
}

// isStateful reports whether enc, registered under name, is one of the
// stateful encodings, by its registered name or the name x/text gives it.
func isStateful(name string, enc encoding.Encoding) bool {
	names := []string{name}
	if s, ok := enc.(fmt.Stringer); ok {
		names = append(names, s.String())
	}
	for _, n := range names {
		for _, m := range statefulNames {
			if strings.EqualFold(n, m) {
				return true
			}
		}
	}
	return false
}

// strictDecoding is implemented by an encoding whose decoder can find bad
// input itself (those of package charset): the Transform of the decoder
// NewStrictDecoder returns stops at an ill-formed sequence, having
// consumed the bytes before it, with an *Error whose Bytes and N hold the
// whole sequence (the bytes that skipping it drops) and whose Err is
// ErrInvalid, or ErrTruncated for a sequence the end of the input cuts
// short.
type strictDecoding interface {
	NewStrictDecoder() transform.Transformer
}

// exactDecoder is the Strict decoding stage of an encoding with a
// strictDecoding: it gives the decoder's errors their encoding and source
// offset, and after an ErrInvalid, a Transform given the source again from
// the bad sequence drops that sequence and goes on in the decoder's state,
// as strictDecoder does.
type exactDecoder struct {
	d    transform.Transformer
	enc  Encoding
	off  int64 // source bytes consumed since the start
	skip int   // bytes of the bad sequence the next call drops
}

func (x *exactDecoder) Reset() {
	x.d.Reset()
	x.off, x.skip = 0, 0
}

func (x *exactDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if x.skip > 0 {
		nSrc = min(x.skip, len(src))
		x.skip -= nSrc
		x.off += int64(nSrc)
		if x.skip > 0 {
			return 0, nSrc, transform.ErrShortSrc
		}
	}
	nd, ns, err := x.d.Transform(dst, src[nSrc:], atEOF)
	x.off += int64(ns)
	if e, ok := err.(*Error); ok {
		e.Encoding, e.Offset = x.enc, x.off
		if e.Err == ErrInvalid {
			x.skip = max(e.N, 1)
		}
	}
	return nd, nSrc + ns, err
}

// strictFast is how many source bytes the strict decoder gives its x/text
// decoder at a time, so that the output it then searches for U+FFFD is
// still in the cache.
const strictFast = 16 << 10

// strictWindow is how many source bytes the strict decoder gives its x/text
// decoder at a time after a U+FFFD of the input was found, so that finding
// the next one re-decodes a bounded stretch.
const strictWindow = 256

// strictDecoder is the decoding stage of a bridged source under the Strict
// policy: the first sequence the x/text decoder cannot decode stops it with
// an *Error (ErrInvalid, or ErrTruncated for a sequence the end of the
// input cuts short), instead of the U+FFFD that x/text writes. Offset
// counts source bytes from the decoder's first input byte.
//
// Text without U+FFFD in its output goes through the x/text decoder in
// calls of strictFast bytes. When the output of a call holds U+FFFD, the
// call is decoded again by a fresh decoder (a stateless decoder gives the
// same bytes from any character boundary), in windows of strictWindow
// bytes, and a window whose output holds U+FFFD one character at a time,
// to find the sequence that gave it: bad input, or the encoding's own bytes
// for U+FFFD, which are a character like any other. A stateful decoder
// (ISO-2022-JP, HZ-GB-2312), whose shift state a fresh decoder would lose,
// goes the same way, except that the call is decoded again one character
// at a time by a second decoder put in the mode the first had at the call's
// start (learnt from a probe, see shiftModes).
//
// After an ErrInvalid, a Transform given the source again from the bad
// sequence (as the transform contract has it: from the first byte not
// consumed) drops that sequence and goes on in the decoder's state, so
// that a caller can skip bad input as iconv -c does.
type strictDecoder struct {
	d        transform.Transformer
	enc      Encoding
	fffd     []byte
	stateful bool
	modes    *shiftModes           // for a stateful decoder, how to restore its mode
	spare    transform.Transformer // a second decoder of a stateful encoding
	off      int64                 // source bytes consumed since the start
	skip     int                   // bytes of the bad sequence the next call drops
}

// newStrictDecoder returns a strictDecoder for the bridged encoding e.
func newStrictDecoder(e Encoding, b *bridge) *strictDecoder {
	s := &strictDecoder{d: b.enc.NewDecoder(), enc: e, fffd: b.fffd, stateful: b.stateful}
	if b.stateful && b.modes != nil {
		s.modes, s.spare = b.modes, b.enc.NewDecoder()
	}
	return s
}

// Reset implements transform.Transformer.
func (s *strictDecoder) Reset() {
	s.d.Reset()
	s.off, s.skip = 0, 0
}

// Transform implements transform.Transformer.
func (s *strictDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if s.skip > 0 {
		nSrc = min(s.skip, len(src))
		s.skip -= nSrc
		s.off += int64(nSrc)
		if s.skip > 0 {
			return 0, nSrc, transform.ErrShortSrc
		}
		src = src[nSrc:]
	}
	skipped := nSrc
	nSrc = 0
	for !s.stateful || s.modes != nil {
		mode := 0
		if s.stateful {
			if mode = s.modes.mode(s.d); mode < 0 {
				break // a mode the probe does not know: one character at a time
			}
		}
		end := min(len(src), nSrc+strictFast)
		last := end == len(src)
		nd, ns, err := s.d.Transform(dst[nDst:], src[nSrc:end], atEOF && last)
		if bytes.Contains(dst[nDst:nDst+nd], replacementUTF8) {
			if s.stateful {
				// Decode the call again from its start, by a decoder put
				// in the mode the first one had there.
				s.spare.Reset()
				esc := s.modes.escapes[mode]
				var tmp [16]byte
				s.spare.Transform(tmp[:], esc, false)
				s.d, s.spare = s.spare, s.d
			} else {
				s.d.Reset()
			}
			break
		}
		nDst += nd
		nSrc += ns
		s.off += int64(ns)
		if !last && (err == nil || err == transform.ErrShortSrc && ns > 0) {
			continue
		}
		if last || err != transform.ErrShortSrc {
			return nDst, skipped + nSrc, err
		}
		break // a character longer than the window
	}
	nd, ns, err := s.precise(dst[nDst:], src[nSrc:], atEOF)
	return nDst + nd, skipped + nSrc + ns, err
}

// precise decodes src in windows (a stateless decoder) or one character at
// a time, from the first window whose output holds U+FFFD until that U+FFFD
// is accounted for.
func (s *strictDecoder) precise(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	hunting := false // a window's output held U+FFFD: one character at a time until it is found
	for nSrc < len(src) {
		if !s.stateful && !hunting {
			end := min(nSrc+strictWindow, len(src))
			n, m, derr := s.d.Transform(dst[nDst:], src[nSrc:end], atEOF && end == len(src))
			if !bytes.Contains(dst[nDst:nDst+n], replacementUTF8) {
				nDst += n
				nSrc += m
				s.off += int64(m)
				switch {
				case derr == transform.ErrShortSrc && end < len(src) && m > 0:
					continue // a character cut by the window's end
				case derr == transform.ErrShortSrc && end < len(src):
					// One character longer than the window: decode it alone.
					n, m, derr = s.char(dst[nDst:], src[nSrc:], atEOF)
					if n == 0 && m == 0 || bytes.Contains(dst[nDst:nDst+n], replacementUTF8) {
						break
					}
					nDst += n
					nSrc += m
					s.off += int64(m)
					if derr != nil && derr != transform.ErrShortSrc {
						return nDst, nSrc, derr
					}
					continue
				case derr != nil || end == len(src):
					return nDst, nSrc, derr
				default:
					continue
				}
			}
			s.d.Reset()
			hunting = true
		}
		n, m, derr := s.char(dst[nDst:], src[nSrc:], atEOF)
		if n == 0 && m == 0 {
			if derr == nil {
				// Nothing decoded from all of src at its end: wait for more.
				derr = transform.ErrShortSrc
			}
			return nDst, nSrc, derr
		}
		if bytes.Contains(dst[nDst:nDst+n], replacementUTF8) {
			seq := src[nSrc : nSrc+m]
			if s.fffd == nil || !bytes.Equal(seq, s.fffd) {
				cause := ErrInvalid
				if atEOF && nSrc+m == len(src) && s.incomplete(src[nSrc:]) {
					cause = ErrTruncated
				} else {
					s.skip = m
				}
				return nDst, nSrc, newError(s.enc, s.off, seq, cause)
			}
			hunting = false // a U+FFFD of the text: back to windows
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

// char decodes the next character of src: the decoder is given the shortest
// input from which it decodes something, and room for three bytes of
// output, U+FFFD's length. A valid character then needs the last byte of
// that input, so it is all of the output (a longer character gets more
// room); and a U+FFFD is the first of the output and fills it, so the bytes
// consumed are the sequence alone, not the bytes after it that x/text
// decodes in the same call (a Shift_JIS lead byte before an ASCII byte).
func (s *strictDecoder) char(dst, src []byte, atEOF bool) (n, m int, err error) {
	room := min(len(dst), len(replacementUTF8))
	for end := 1; ; end++ {
		last := end >= len(src)
		n, m, err = s.d.Transform(dst[:room], src[:min(end, len(src))], atEOF && last)
		if err == transform.ErrShortDst && n == 0 && m == 0 && room < len(dst) {
			room = len(dst)
			end--
			continue
		}
		if n > 0 || m > 0 || err == transform.ErrShortDst || last {
			return n, m, err
		}
	}
}

// incomplete reports whether tail, the last bytes of the input, begins a
// character that more input could complete: the decoder, told more may
// follow, waits instead of decoding it.
func (s *strictDecoder) incomplete(tail []byte) bool {
	var tmp [16]byte
	n, m, err := s.d.Transform(tmp[:], tail, false)
	return n == 0 && m == 0 && errors.Is(err, transform.ErrShortSrc)
}
