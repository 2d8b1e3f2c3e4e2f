package charset

import (
	"slices"
	"strings"
	"sync"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
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
	"unicode20utf8": unicode.UTF8, "x-unicode20utf8": unicode.UTF8, "iso-10646/utf8": unicode.UTF8, "iso-10646/utf-8": unicode.UTF8,
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

// lookupError is the error of Lookup: "charset: unknown encoding "NOPE"".
// It wraps unicode.ErrUnknownEncoding.
type lookupError struct{ label string }

func (e *lookupError) Error() string { return "charset: unknown encoding " + quote(e.label) }

func (e *lookupError) Unwrap() error { return unicode.ErrUnknownEncoding }

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		if r < 0x20 || r == 0x7F {
			b.WriteString("\\x")
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&15])
			continue
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

var (
	glibcOnce   sync.Once
	glibcByName map[string]*glibcCharset // upper-case name or alias
)

// glibcLookup returns the glibc charset a name or alias names.
func glibcLookup(label string) *glibcCharset {
	glibcOnce.Do(func() {
		glibcByName = map[string]*glibcCharset{}
		for i := range glibcCharsets {
			c := &glibcCharsets[i]
			glibcByName[c.name] = c
			for _, a := range c.aliases {
				glibcByName[a] = c
			}
		}
	})
	return glibcByName[strings.ToUpper(label)]
}

var (
	textMu    sync.Mutex
	textByEnc = map[unicode.Encoding]encoding.Encoding{}
)

// Lookup returns the Encoding named by label, compared without regard to
// case or surrounding white space. A name or alias of one of the charsets
// that glibc's iconv converts and this package carries tables of (see the
// package documentation) means what it means to iconv, and converts with
// iconv's bytes; any other label is looked up in golang.org/x/text's
// WHATWG index (htmlindex) and then its IANA index. An unknown label gives
// an error wrapping unicode.ErrUnknownEncoding. No label decodes to the
// WHATWG's "replacement" encoding, which turns any text into a single
// U+FFFD.
func Lookup(label string) (unicode.Encoding, error) {
	e, _, err := lookup(label)
	return e, err
}

// TextEncoding returns the encoding named by label (as Lookup finds it) in
// the form of a golang.org/x/text encoding.Encoding, so that it can sit in
// a transform.Chain; it returns nil and no error for the native encodings,
// which Lookup's Encoding converts directly.
func TextEncoding(label string) (encoding.Encoding, error) {
	_, x, err := lookup(label)
	return x, err
}

func lookup(label string) (unicode.Encoding, encoding.Encoding, error) {
	l := strings.ToLower(strings.TrimSpace(label))
	if e, ok := natives[l]; ok {
		return e, nil, nil
	}
	if c := glibcLookup(l); c != nil {
		return registerGlibc(c)
	}
	if l == "hz-gb-2312" || l == "hz" || l == "hz-gb2312" {
		t, err := loadTable("EUC-CN")
		if err != nil {
			return 0, nil, err
		}
		return register("HZ-GB-2312", hzEncoding{t})
	}
	enc, err := htmlindex.Get(l)
	name := ""
	if err == nil && enc != nil && enc != encoding.Replacement {
		name, err = htmlindex.Name(enc)
	} else {
		enc, err = ianaindex.IANA.Encoding(l)
		if err == nil && enc != nil {
			name, err = ianaindex.IANA.Name(enc)
		}
	}
	if enc == nil || enc == encoding.Replacement {
		// No label means the WHATWG's replacement encoding, which
		// turns a whole text into one U+FFFD: its labels are charsets
		// of glibc, HZ, or unknown.
		return 0, nil, &lookupError{label}
	}
	if err != nil || name == "" {
		name = l
	}
	if e, ok := natives[strings.ToLower(name)]; ok {
		return e, nil, nil
	}
	// A WHATWG or IANA label of a charset glibc names ("ks_c_5601-1987"
	// is "euc-kr") is that charset.
	for _, n := range []string{name, mimeName(enc)} {
		if c := glibcLookup(n); c != nil {
			return registerGlibc(c)
		}
	}
	e, err := unicode.Register(name, enc)
	return e, enc, err
}

func mimeName(enc encoding.Encoding) string {
	n, _ := ianaindex.MIME.Name(enc)
	return n
}

// registerGlibc registers a glibc charset under its module name.
func registerGlibc(c *glibcCharset) (unicode.Encoding, encoding.Encoding, error) {
	var x encoding.Encoding
	switch c.kind {
	case kind2022CN, kind2022CNEXT:
		gb, err := loadTable("EUC-CN")
		if err != nil {
			return 0, nil, err
		}
		tw, err := loadTable("EUC-TW")
		if err != nil {
			return 0, nil, err
		}
		cn := cnEncoding{gb: gb, tw: tw}
		if c.kind == kind2022CNEXT {
			if cn.ir, err = loadTable("ISO-IR-165"); err != nil {
				return 0, nil, err
			}
		}
		x = cn
	case kind2022JP, kind2022KR:
		base := "EUC-JP"
		if c.kind == kind2022KR {
			base = "EUC-KR"
		}
		t, err := loadTable(base)
		if err != nil {
			return 0, nil, err
		}
		x = iso2022Encoding{name: c.name, kr: c.kind == kind2022KR, t: t}
	default:
		t, err := loadTable(c.name)
		if err != nil {
			return 0, nil, err
		}
		x = tableEncoding{t}
	}
	return register(c.name, x)
}

// register registers one of this package's encodings.
func register(name string, x encoding.Encoding) (unicode.Encoding, encoding.Encoding, error) {
	textMu.Lock()
	defer textMu.Unlock()
	e, err := unicode.Register(name, x)
	if err != nil {
		return 0, nil, err
	}
	if prev, ok := textByEnc[e]; ok {
		return e, prev, nil
	}
	textByEnc[e] = x
	return e, x, nil
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

var (
	namesOnce sync.Once
	names     []string
)

// Names returns, sorted, the names and aliases of the charsets that
// Lookup converts with glibc's tables, in upper case as iconv -l spells
// them. The slice is shared: do not change it.
func Names() []string {
	namesOnce.Do(func() {
		for _, c := range glibcCharsets {
			names = append(names, c.name)
			names = append(names, c.aliases...)
		}
		slices.Sort(names)
		names = slices.Compact(names)
	})
	return names
}
