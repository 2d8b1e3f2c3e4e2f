package unicode

import "bytes"

// Encoding names a character encoding. The constants are the encodings this
// package converts natively; Lookup returns further values for the
// golang.org/x/text encodings it bridges to.
type Encoding uint16

// The native encodings. The zero Encoding is invalid.
const (
	UTF8    Encoding = iota + 1 // UTF-8
	UTF16LE                     // UTF-16, little-endian
	UTF16BE                     // UTF-16, big-endian
	UTF32LE                     // UTF-32, little-endian
	UTF32BE                     // UTF-32, big-endian
	GB18030                     // GB18030-2005 (see the package documentation)
	// UTF16 is UTF-16 whose byte order a mark gives, as glibc's iconv reads
	// and writes its "UTF-16": as a source, a leading FE FF selects
	// big-endian and FF FE little-endian, and the mark is removed (kept as
	// U+FEFF under Options.KeepBOM); without one the text is little-endian.
	// As a target, FF FE and little-endian text, the mark written before
	// the first character (an empty text stays empty).
	UTF16
	// UTF32 is the same for UTF-32: the marks 00 00 FE FF and FF FE 00 00,
	// little-endian without one.
	UTF32
	numNative
)

var nativeNames = [numNative]string{"", "UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "GB18030", "UTF-16", "UTF-32"}

// boms are the byte order marks (U+FEFF encoded) of the native encodings;
// UTF16's and UTF32's are the marks they write.
var boms = [numNative]string{"", "\xEF\xBB\xBF", "\xFF\xFE", "\xFE\xFF", "\xFF\xFE\x00\x00", "\x00\x00\xFE\xFF", "\x84\x31\x95\x33", "\xFF\xFE", "\xFF\xFE\x00\x00"}

// replacements are U+FFFD encoded in each native encoding.
var replacements = [numNative]string{"", "\xEF\xBF\xBD", "\xFD\xFF", "\xFF\xFD", "\xFD\xFF\x00\x00", "\x00\x00\xFF\xFD", "\x84\x31\xA4\x37", "\xFD\xFF", "\xFD\xFF\x00\x00"}

// marked reports whether e takes its byte order from a byte order mark.
func (e Encoding) marked() bool { return e == UTF16 || e == UTF32 }

// ordered returns the encoding with a byte order that e writes: UTF16LE
// for UTF16, UTF32LE for UTF32, e itself otherwise.
func (e Encoding) ordered() Encoding {
	switch e {
	case UTF16:
		return UTF16LE
	case UTF32:
		return UTF32LE
	}
	return e
}

// String returns the encoding's name: "UTF-8", "UTF-16LE", …, "GB18030", or
// for a bridged encoding the name Lookup was given in canonical form.
func (e Encoding) String() string {
	if e > 0 && e < numNative {
		return nativeNames[e]
	}
	if b := bridged(e); b != nil {
		return b.name
	}
	return "Encoding(" + itoa(int(e)) + ")"
}

// Native reports whether e is converted by this package's own code rather
// than through golang.org/x/text.
func (e Encoding) Native() bool { return e > 0 && e < numNative }

// BOM returns e's byte order mark, U+FEFF in that encoding, or nil for a
// bridged encoding.
func (e Encoding) BOM() []byte {
	if !e.Native() {
		return nil
	}
	return []byte(boms[e])
}

// unit returns the code unit size of a native encoding.
func (e Encoding) unit() int {
	switch e {
	case UTF16LE, UTF16BE, UTF16:
		return 2
	case UTF32LE, UTF32BE, UTF32:
		return 4
	}
	return 1
}

// DetectBOM reports which Unicode encoding the byte order mark at the start
// of p announces, and the mark's length; it returns 0, 0 when p starts with
// none. UTF-32LE's mark is tested before UTF-16LE's, which is its prefix.
// GB18030's mark (0x84 0x31 0x95 0x33) is recognised too.
func DetectBOM(p []byte) (Encoding, int) {
	for _, e := range [...]Encoding{UTF32LE, UTF32BE, UTF8, UTF16LE, UTF16BE, GB18030} {
		if bytes.HasPrefix(p, []byte(boms[e])) {
			return e, len(boms[e])
		}
	}
	return 0, 0
}

func itoa(v int) string {
	var b [20]byte
	i := len(b)
	neg := v < 0
	u := uint(v)
	if neg {
		u = -u
	}
	for {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
