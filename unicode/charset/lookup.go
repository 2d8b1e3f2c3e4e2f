package charset

import (
	"fmt"
	"strings"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
)

// natives maps the labels of the natively converted encodings. The labels
// without a byte order follow glibc's iconv: "utf-16" and "utf-32" are
// unicode.UTF16 and unicode.UTF32 (a leading byte order mark gives the
// order, little-endian without one; as a target, a mark and little-endian
// text), "ucs-2" is UTF-16LE and "ucs-4" UTF-32BE, with no mark written or
// looked for.
var natives = map[string]unicode.Encoding{
	"utf-8": unicode.UTF8, "utf8": unicode.UTF8, "unicode-1-1-utf-8": unicode.UTF8, "unicode11utf8": unicode.UTF8,
	"unicode20utf8": unicode.UTF8, "x-unicode20utf8": unicode.UTF8,
	"utf-16": unicode.UTF16, "utf16": unicode.UTF16, "unicode": unicode.UTF16, "csutf16": unicode.UTF16,
	"utf-32": unicode.UTF32, "utf32": unicode.UTF32, "csutf32": unicode.UTF32,
	"utf-16le": unicode.UTF16LE, "utf16le": unicode.UTF16LE, "csutf16le": unicode.UTF16LE, "unicodefeff": unicode.UTF16LE,
	"ucs-2": unicode.UTF16LE, "ucs2": unicode.UTF16LE, "iso-10646-ucs-2": unicode.UTF16LE, "csunicode": unicode.UTF16LE,
	"utf-16be": unicode.UTF16BE, "utf16be": unicode.UTF16BE, "csutf16be": unicode.UTF16BE, "unicodefffe": unicode.UTF16BE,
	"utf-32le": unicode.UTF32LE, "utf32le": unicode.UTF32LE, "csutf32le": unicode.UTF32LE,
	"utf-32be": unicode.UTF32BE, "utf32be": unicode.UTF32BE, "csutf32be": unicode.UTF32BE,
	"ucs-4": unicode.UTF32BE, "ucs4": unicode.UTF32BE, "iso-10646-ucs-4": unicode.UTF32BE, "csucs4": unicode.UTF32BE,
	"gb18030": unicode.GB18030, "csgb18030": unicode.GB18030,
}

// Lookup returns the Encoding named by label, compared without regard to
// case or surrounding white space. An unknown label gives an error wrapping
// unicode.ErrUnknownEncoding.
func Lookup(label string) (unicode.Encoding, error) {
	l := strings.ToLower(strings.TrimSpace(label))
	if e, ok := natives[l]; ok {
		return e, nil
	}
	enc, err := htmlindex.Get(l)
	name := ""
	if err == nil && enc != nil {
		name, err = htmlindex.Name(enc)
	} else {
		enc, err = ianaindex.IANA.Encoding(l)
		if err == nil && enc != nil {
			name, err = ianaindex.IANA.Name(enc)
		}
	}
	if enc == nil {
		return 0, fmt.Errorf("charset: %w: %q", unicode.ErrUnknownEncoding, label)
	}
	if err != nil || name == "" {
		name = l
	}
	if e, ok := natives[strings.ToLower(name)]; ok {
		return e, nil
	}
	return unicode.Register(name, enc)
}

// Convert converts src between the encodings named by two labels with the
// default options (U+FFFD for bad input, a substitute for characters the
// target lacks) and appends the result to dst.
func Convert(dst, src []byte, fromLabel, toLabel string) ([]byte, error) {
	from, err := Lookup(fromLabel)
	if err != nil {
		return dst, err
	}
	to, err := Lookup(toLabel)
	if err != nil {
		return dst, err
	}
	return unicode.Convert(dst, src, from, to)
}
