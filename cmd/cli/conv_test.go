package cli

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/unicode"
)

// replacementUTF8 is U+FFFD in UTF-8: what a golang.org/x/text decoder
// writes for input it cannot decode.
var replacementUTF8 = []byte("\uFFFD")

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
		{"ISO-8859-1", "ISO-8859-1", false},
		{"latin1", "ISO-8859-1", false},
		{"ASCII", "ANSI_X3.4-1968", false},
		{"CP1252", "CP1252", false},
		{"SJIS", "SJIS", false},
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
		// A bridged source stops at its first bad sequence as iconv does,
		// instead of the U+FFFD that x/text's decoders write.
		{"sjis-illegal", "SJIS", "UTF-8", false, "ab\x82\xffcd", "ab", 2, unicode.ErrInvalid},
		{"sjis-illegal-utf16", "SHIFT_JIS", "UTF-16LE", false, "ab\x82\xffcd", "a\x00b\x00", 2, unicode.ErrInvalid},
		{"sjis-illegal-after-kanji", "SJIS", "UTF-8", false, "\x93\xfa\x96\x7b\xff", "日本", 4, unicode.ErrInvalid},
		{"sjis-omit", "SJIS", "UTF-8", true, "ab\x82\xffcd\xff", "abcd", 0, nil},
		{"sjis-truncated", "SJIS", "UTF-8", false, "abcd\x81", "abcd", 0, unicode.ErrTruncated},
		{"sjis-truncated-omit", "SJIS", "UTF-16BE", true, "ab\xffcd\x81", "\x00a\x00b\x00c\x00d", 0, unicode.ErrTruncated},
		{"cp1252-undefined", "WINDOWS-1252", "UTF-8", false, "ab\x81cd", "ab", 2, unicode.ErrInvalid},
		{"cp1252-omit", "CP1252", "UTF-8", true, "a\x80b\x81c", "a€bc", 0, nil},
		{"cp1252-to-gb18030", "WINDOWS-1252", "GB18030", false, "\x80\x81", "\xa2\xe3", 1, unicode.ErrInvalid},
		{"euckr-illegal", "EUC-KR", "UTF-32LE", false, "a\xb0\xa1\xff\xff", "a\x00\x00\x00\x00\xac\x00\x00", 3, unicode.ErrInvalid},
		{"iso2022jp-illegal", "ISO-2022-JP", "UTF-8", false, "a\x1b$B\x30\x21\x30\xff\x1b(Bz", "a亜", 6, unicode.ErrInvalid},
		{"iso2022jp-omit", "ISO-2022-JP", "UTF-8", true, "a\x1b$B\x30\x21\x30\xff\x30\x21\x1b(Bz", "a亜亜z", 0, nil},
		{"iso2022jp-valid", "ISO-2022-JP", "UTF-8", false, "a\x1b$B\x30\x21\x1b(Bz", "a亜z", 0, nil},
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

// TestStrictDecoderChunks: a bridged source with a bad sequence far into
// the input (past the chunk that the fast path decodes at once) stops at
// the same byte and writes the same output however the input is read.
func TestStrictDecoderChunks(t *testing.T) {
	valid := bytes.Repeat([]byte("\x93\xfa\x96\x7b abc "), 40000) // 日本 abc, 360 000 bytes
	tests := []struct {
		name string
		in   []byte
		omit bool
		want []byte
		pos  int64
		err  error
	}{
		{"valid", valid, false, bytes.Repeat([]byte("日本 abc "), 40000), 0, nil},
		{"bad-late", append(append(valid[:len(valid):len(valid)], "x\x82\xff"...), valid...), false,
			append(bytes.Repeat([]byte("日本 abc "), 40000), 'x'), int64(len(valid) + 1), unicode.ErrInvalid},
		{"omit-late", append(append(valid[:len(valid):len(valid)], "\xffx\xff"...), valid...), true,
			append(append(bytes.Repeat([]byte("日本 abc "), 40000), 'x'), bytes.Repeat([]byte("日本 abc "), 40000)...), 0, nil},
	}
	for _, tc := range tests {
		for _, rd := range []struct {
			name string
			r    func([]byte) io.Reader
		}{
			{"whole", func(b []byte) io.Reader { return bytes.NewReader(b) }},
			{"halves", func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) }},
		} {
			t.Run(tc.name+"/"+rd.name, func(t *testing.T) {
				f, _ := lookupIconv("SJIS")
				to, _ := lookupIconv("UTF-8")
				c, err := newConverter(f, to, tc.omit, false)
				if err != nil {
					t.Fatal(err)
				}
				var out bytes.Buffer
				c.out = core.NewWriter(&out)
				err = c.convert(rd.r(tc.in))
				c.out.Flush()
				if !bytes.Equal(out.Bytes(), tc.want) {
					t.Errorf("output %d bytes, want %d", out.Len(), len(tc.want))
				}
				if tc.err == nil && err != nil || tc.err != nil && !errors.Is(err, tc.err) {
					t.Errorf("err = %v, want %v", err, tc.err)
				}
				if tc.err != nil && c.pos != tc.pos {
					t.Errorf("position %d, want %d", c.pos, tc.pos)
				}
			})
		}
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

// FuzzStrictDecoder: for any input in a bridged encoding, the strict
// conversion writes x/text's decoding up to its first U+FFFD and stops
// there, the omitting one writes x/text's decoding without its U+FFFDs
// (unless the input ends inside a character), and reading one byte at a
// time gives the same bytes as reading it whole.
func FuzzStrictDecoder(f *testing.F) {
	f.Add(uint8(0), []byte("ab\x82\xffcd\x81"))
	f.Add(uint8(1), []byte("a\xb0\xa1\xff\xff"))
	f.Add(uint8(2), []byte("a\x1b$B\x30\x21\x7f\x7f\x1b(Bz"))
	f.Add(uint8(3), []byte("a\x80b\x81c"))
	f.Add(uint8(4), []byte("\xa4\x40\xff"))
	names := []string{"SJIS", "EUC-KR", "ISO-2022-JP", "WINDOWS-1252", "BIG5", "EUC-JP", "GBK"}
	f.Fuzz(func(t *testing.T, which uint8, in []byte) {
		name := names[int(which)%len(names)]
		from, err := lookupIconv(name)
		if err != nil || from.x == nil {
			t.Fatalf("%s: %v (bridged: %v)", name, err, from.x != nil)
		}
		ref, err := from.x.NewDecoder().Bytes(in)
		if err != nil {
			t.Skip("x/text's decoder fails:", err)
		}
		conv := func(omit bool, r io.Reader) ([]byte, error) {
			to, _ := lookupIconv("UTF-8")
			c, err := newConverter(from, to, omit, false)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			c.out = core.NewWriter(&out)
			err = c.convert(r)
			c.out.Flush()
			return out.Bytes(), err
		}
		strict, serr := conv(false, bytes.NewReader(in))
		if i := bytes.Index(ref, replacementUTF8); i < 0 {
			if serr != nil || !bytes.Equal(strict, ref) {
				t.Fatalf("%s %q: valid input gave %q, %v; x/text %q", name, in, strict, serr, ref)
			}
		} else if serr == nil || !bytes.Equal(strict, ref[:i]) {
			t.Fatalf("%s %q: gave %q, %v; want %q and an error", name, in, strict, serr, ref[:i])
		}
		if slow, err := conv(false, iotest.OneByteReader(bytes.NewReader(in))); !bytes.Equal(slow, strict) || (err == nil) != (serr == nil) {
			t.Fatalf("%s %q: one byte at a time %q, %v; whole %q, %v", name, in, slow, err, strict, serr)
		}
		omitted, oerr := conv(true, bytes.NewReader(in))
		if oerr == nil && !bytes.Equal(omitted, bytes.ReplaceAll(ref, replacementUTF8, nil)) {
			t.Fatalf("%s %q: -c gave %q, want %q", name, in, omitted, bytes.ReplaceAll(ref, replacementUTF8, nil))
		}
		if oerr != nil && !errors.Is(oerr, unicode.ErrTruncated) {
			t.Fatalf("%s %q: -c failed: %v", name, in, oerr)
		}
	})
}
