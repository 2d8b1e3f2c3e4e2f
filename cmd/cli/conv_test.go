package cli

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/unicode"
)

func TestSplitSuffixes(t *testing.T) {
	tests := []struct {
		in               string
		name             string
		ignore, translit bool
	}{
		{"UTF-8", "UTF-8", false, false},
		{"ASCII//IGNORE", "ASCII", true, false},
		{"ASCII//TRANSLIT", "ASCII", false, true},
		{"ASCII//TRANSLIT//IGNORE", "ASCII", true, true},
		{"latin1//translit,ignore", "latin1", true, true},
		{"UTF-16//", "UTF-16", false, false},
	}
	for _, tc := range tests {
		n, ig, tr := splitSuffixes(tc.in)
		if n != tc.name || ig != tc.ignore || tr != tc.translit {
			t.Errorf("splitSuffixes(%q) = %q %v %v", tc.in, n, ig, tr)
		}
	}
}

func TestLookupIconv(t *testing.T) {
	tests := []struct {
		name  string
		want  string
		sniff bool
	}{
		{"utf-8", "UTF-8", false},
		{"UTF-16", "UTF-16", true},
		{"ucs-4", "UTF-32BE", false},
		{"GB18030", "GB18030", false},
		{"ISO-8859-1", "ISO_8859-1:1987", false},
		{"latin1", "ISO_8859-1:1987", false},
		{"ASCII", "US-ASCII", false},
		{"CP1252", "windows-1252", false},
		{"SJIS", "Shift_JIS", false},
	}
	for _, tc := range tests {
		e, err := lookupIconv(tc.name)
		if err != nil || !strings.EqualFold(e.enc.String(), tc.want) || e.sniff != tc.sniff {
			t.Errorf("lookupIconv(%q) = %v %v %v, want %s", tc.name, e.enc, e.sniff, err, tc.want)
		}
	}
	if _, err := lookupIconv("NO-SUCH-CHARSET"); !errors.Is(err, unicode.ErrUnknownEncoding) {
		t.Errorf("unknown: %v", err)
	}
}

// convertAll runs a converter over src read one byte at a time, so that
// every multi-byte character is split between reads.
func convertAll(t *testing.T, from, to string, omit bool, src []byte) ([]byte, int64, error) {
	t.Helper()
	f, err := lookupIconv(from)
	if err != nil {
		t.Fatal(err)
	}
	tt, err := lookupIconv(to)
	if err != nil {
		t.Fatal(err)
	}
	c, err := newConverter(f, tt, omit, false)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c.out = core.NewWriter(&out)
	err = c.convert(iotest.OneByteReader(bytes.NewReader(src)))
	c.out.Flush()
	return out.Bytes(), c.pos, err
}

func TestConverterChunking(t *testing.T) {
	text := "ascii é ü 中文 😀 end\n"
	u16, _ := unicode.Convert(nil, []byte(text), unicode.UTF8, unicode.UTF16LE)
	tests := []struct {
		name     string
		from, to string
		omit     bool
		in       string
		want     string
		pos      int64
		err      error
	}{
		{"utf8-utf16le", "UTF-8", "UTF-16LE", false, text, string(u16), 0, nil},
		{"utf16le-utf8", "UTF-16LE", "UTF-8", false, string(u16), text, 0, nil},
		{"bom", "UTF-8", "UTF-16", false, text, "\xff\xfe" + string(u16), 0, nil},
		{"illegal", "UTF-8", "UTF-16LE", false, "ab\xffcd", "a\x00b\x00", 2, unicode.ErrInvalid},
		{"omit", "UTF-8", "UTF-8", true, "a\xc0\xafb\xed\xa0\x80c\xe2\x82d", "abcd", 0, nil},
		{"omit-utf16", "UTF-16LE", "UTF-8", true, "a\x00\x00\xd8b\x00", "ab", 0, nil},
		{"truncated", "UTF-8", "UTF-16LE", false, "a\xe2\x82", "a\x00", 0, unicode.ErrTruncated},
		{"unencodable-pos", "UTF-8", "ISO-8859-1", false, "é中x", "\xe9", 2, unicode.ErrUnencodable},
		{"unencodable-pos-utf16", "UTF-16LE", "ISO-8859-1", false, "\xe9\x00\x2d\x4e", "\xe9", 2, unicode.ErrUnencodable},
		{"omit-unencodable", "UTF-8", "ISO-8859-1", true, "é中x", "\xe9x", 0, nil},
		{"bridged-source", "SJIS", "UTF-8", false, "\x93\xfa\x96\x7b", "日本", 0, nil},
		{"bridged-both-pos", "SJIS", "ISO-8859-1", false, "ab\x93\xfa", "ab", 2, unicode.ErrUnencodable},
		{"bridged-both-omit", "SJIS", "ISO-8859-1", true, "a\x93\xfab", "ab", 0, nil},
		{"utf16-be-mark-omit", "UTF-16", "UTF-8", true, "\xfe\xff\x00a\xdc\x00\x00b", "ab", 0, nil},
		{"utf16-le-mark-omit", "UTF-16", "UTF-8", true, "\xff\xfea\x00\x00\xdcb\x00", "ab", 0, nil},
		{"utf32-be-mark", "UTF-32", "UTF-8", false, "\x00\x00\xfe\xff\x00\x00\x00a", "a", 0, nil},
		{"utf16-be-illegal", "UTF-16", "UTF-8", false, "\xfe\xff\x00a\xdc\x00", "a", 4, unicode.ErrInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, pos, err := convertAll(t, tc.from, tc.to, tc.omit, []byte(tc.in))
			if string(got) != tc.want {
				t.Errorf("output %q, want %q", got, tc.want)
			}
			if tc.err == nil && err != nil || tc.err != nil && !errors.Is(err, tc.err) {
				t.Errorf("err = %v, want %v", err, tc.err)
			}
			if tc.err != nil && !errors.Is(tc.err, unicode.ErrTruncated) && pos != tc.pos {
				t.Errorf("position %d, want %d", pos, tc.pos)
			}
		})
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {"123", 123, true}, {"1K", 1024, true}, {"2m", 2 << 20, true},
		{"1G", 1 << 30, true}, {"1T", 1 << 40, true}, {"5MB", 5 << 20, true},
		{"", 0, false}, {"x", 0, false}, {"-1", 0, false}, {"99999999999T", 0, false},
	}
	for _, tc := range tests {
		got, err := parseSize(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v", tc.in, got, err)
		}
	}
}
