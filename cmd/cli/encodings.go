package cli

import (
	"io"
	"slices"
	"strings"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/unicode"
	"github.com/fastio-go/fastio/unicode/charset"
)

// hzLabels are the names of HZ-GB-2312 (RFC 1843), which conv converts
// although glibc's iconv does not.
var hzLabels = []string{"HZ-GB-2312", "HZ"}

// lookupCharset finds an encoding that is not one of iconvNames: one of
// package charset's glibc charsets by its name or any alias glibc accepts,
// or HZ-GB-2312. Other labels that package charset knows (WHATWG and IANA
// ones of golang.org/x/text) are refused here, as iconv refuses them.
func lookupCharset(name string) (iconvEncoding, error) {
	up := strings.ToUpper(strings.TrimSpace(name))
	if _, ok := slices.BinarySearch(charset.Names(), up); !ok && !slices.Contains(hzLabels, up) {
		if _, err := charset.Lookup(name); err != nil {
			return iconvEncoding{}, err // unknown, or unsupported (ISO-2022-CN)
		}
		if e, _ := charset.Lookup(name); e.Native() {
			return iconvEncoding{enc: e}, nil
		}
		return iconvEncoding{}, &unknownCharset{name}
	}
	e, err := charset.Lookup(name)
	if err != nil {
		return iconvEncoding{}, err
	}
	x, err := charset.TextEncoding(name)
	if err != nil {
		return iconvEncoding{}, err
	}
	return iconvEncoding{enc: e, x: x}, nil
}

// unknownCharset is the error for a label iconv does not know.
type unknownCharset struct{ name string }

func (e *unknownCharset) Error() string { return "unknown encoding " + e.name }
func (e *unknownCharset) Unwrap() error { return unicode.ErrUnknownEncoding }

// writeCharsetList writes the names conv accepts, one a line with iconv's
// "//", sorted as iconv -l sorts them: the Unicode names, the names and
// aliases of package charset's glibc charsets, and HZ-GB-2312.
func writeCharsetList(w io.Writer, unicodeNames []string) error {
	names := slices.Concat(unicodeNames, charset.Names(), hzLabels[:1])
	slices.Sort(names)
	names = slices.Compact(names)
	bw := core.NewWriter(w)
	for _, n := range names {
		bw.WriteString(n)
		bw.WriteString("//\n")
	}
	return bw.Flush()
}
