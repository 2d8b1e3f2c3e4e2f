package charset

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		label  string
		native unicode.Encoding // 0: bridged
		name   string
	}{
		{"utf-8", unicode.UTF8, "UTF-8"},
		{" UTF8 ", unicode.UTF8, "UTF-8"},
		{"UTF-16", unicode.UTF16, "UTF-16"},
		{"UCS-2", unicode.UTF16LE, "UTF-16LE"},
		{"utf-32", unicode.UTF32, "UTF-32"},
		{"UCS-4", unicode.UTF32BE, "UTF-32BE"},
		{"utf-16be", unicode.UTF16BE, "UTF-16BE"},
		{"UTF-32BE", unicode.UTF32BE, "UTF-32BE"},
		{"GB18030", unicode.GB18030, "GB18030"},
		{"Shift_JIS", 0, "SJIS"},
		{"sjis", 0, "SJIS"},
		{"windows-1252", 0, "CP1252"},
		{"latin1", 0, "ISO-8859-1"},
		{"euc-kr", 0, "EUC-KR"},
		{"gbk", 0, "GBK"},
		{"IBM437", 0, "IBM437"},
		{"437", 0, "IBM437"},
		{"ISO-2022-KR", 0, "ISO-2022-KR"},
		{"csISO2022KR", 0, "ISO-2022-KR"},
		{"ISO-2022-JP", 0, "ISO-2022-JP"},
		{"HZ-GB-2312", 0, "HZ-GB-2312"},
		{"x-user-defined", 0, "x-user-defined"},
		{"windows-874", 0, "IBM874"},
		{"x-sjis", 0, "SJIS"},
		{"ks_c_5601-1987", 0, "EUC-KR"},
		{"Extended_UNIX_Code_Packed_Format_for_Japanese", 0, "EUC-JP"},
		{"hz", 0, "HZ-GB-2312"},
	}
	for _, tc := range tests {
		t.Run(tc.label, func(t *testing.T) {
			e, err := Lookup(tc.label)
			if err != nil {
				t.Fatal(err)
			}
			if tc.native != 0 && e != tc.native {
				t.Fatalf("Lookup = %v, want the native %v", e, tc.native)
			}
			if tc.native == 0 && e.Native() {
				t.Fatalf("Lookup = native %v", e)
			}
			if !strings.EqualFold(e.String(), tc.name) {
				t.Fatalf("name %q, want %q", e.String(), tc.name)
			}
			again, _ := Lookup(tc.label)
			if again != e {
				t.Fatalf("second Lookup = %v, first %v", again, e)
			}
		})
	}
	for _, bad := range []string{"", "no-such-charset", "utf-9"} {
		_, err := Lookup(bad)
		if !errors.Is(err, unicode.ErrUnknownEncoding) {
			t.Errorf("Lookup(%q) error %v", bad, err)
		}
		if want := `charset: unknown encoding "` + bad + `"`; err == nil || err.Error() != want {
			t.Errorf("Lookup(%q) error %q, want %q", bad, err, want)
		}
	}
	// No label resolves to the WHATWG's "replacement" encoding: every one
	// of its labels is a charset that converts text.
	for _, label := range []string{"ISO-2022-KR", "csISO2022KR", "ISO-2022-CN", "ISO-2022-CN-EXT", "HZ-GB-2312", "replacement"} {
		x, err := TextEncoding(label)
		if x == encoding.Replacement || err == nil && label == "replacement" {
			t.Errorf("Lookup(%q) gives the replacement encoding (%v)", label, err)
		}
	}
}

// TestReplacementLabels converts text through every label that the WHATWG
// maps to its "replacement" encoding and that this package converts: the
// text comes back, in every form (slice, Reader, strict), never as a
// lone U+FFFD or nothing.
func TestReplacementLabels(t *testing.T) {
	tests := []struct {
		label string
		text  string
		enc   string
	}{
		{"ISO-2022-KR", "hello, 한국어", "\x1b$)Chello, \x0eGQ19>n\x0f"},
		{"csISO2022KR", "hello", "\x1b$)Chello"},
		{"HZ-GB-2312", "hello, 中文", "hello, ~{VPND~}"},
	}
	for _, tc := range tests {
		t.Run(tc.label, func(t *testing.T) {
			enc, err := Convert(nil, []byte(tc.text), "UTF-8", tc.label)
			if err != nil || string(enc) != tc.enc {
				t.Fatalf("encoding: %q, %v; want %q", enc, err, tc.enc)
			}
			dec, err := Convert(nil, enc, tc.label, "UTF-8")
			if err != nil || string(dec) != tc.text {
				t.Fatalf("decoding: %q, %v", dec, err)
			}
			e, _ := Lookup(tc.label)
			c, _ := unicode.New(e, unicode.UTF8, unicode.Options{Strict: true})
			got, err := io.ReadAll(c.NewReader(bytes.NewReader(enc)))
			if err != nil || string(got) != tc.text {
				t.Fatalf("strict Reader: %q, %v", got, err)
			}
		})
	}
}

func TestUniversalConversion(t *testing.T) {
	text := "日本語のテキスト, ASCII too"
	sjis, _, err := transform.Bytes(japanese.ShiftJIS.NewEncoder(), []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ from, to string }{
		{"shift_jis", "utf-8"},
		{"shift_jis", "utf-16le"},
		{"shift_jis", "gb18030"},
		{"shift_jis", "euc-jp"},
		{"shift_jis", "shift_jis"},
	}
	for _, tc := range tests {
		t.Run(tc.from+"→"+tc.to, func(t *testing.T) {
			out, err := Convert(nil, sjis, tc.from, tc.to)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Convert(nil, out, tc.to, "utf-8")
			if err != nil || string(back) != text {
				t.Fatalf("back to UTF-8: %q, %v", back, err)
			}
			// The streaming forms give the same bytes, 1 byte at a time.
			from, _ := Lookup(tc.from)
			to, _ := Lookup(tc.to)
			c, _ := unicode.New(from, to, unicode.Options{})
			var buf bytes.Buffer
			w := c.NewWriter(&buf)
			for i := range sjis {
				if _, err := w.Write(sjis[i : i+1]); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil || !bytes.Equal(buf.Bytes(), out) {
				t.Fatalf("Writer: % X, %v; want % X", buf.Bytes(), err, out)
			}
			got, err := io.ReadAll(c.NewReader(bytes.NewReader(sjis)))
			if err != nil || !bytes.Equal(got, out) {
				t.Fatalf("Reader: % X, %v", got, err)
			}
			if n, err := c.Count(sjis); err != nil || n != len(out) {
				t.Fatalf("Count = %d, %v; want %d", n, err, len(out))
			}
		})
	}
	if _, err := Convert(nil, sjis, "bogus", "utf-8"); !errors.Is(err, unicode.ErrUnknownEncoding) {
		t.Errorf("unknown source label: %v", err)
	}
	if _, err := Convert(nil, sjis, "utf-8", "bogus"); !errors.Is(err, unicode.ErrUnknownEncoding) {
		t.Errorf("unknown target label: %v", err)
	}
}

func TestUnencodable(t *testing.T) {
	latin1, _ := Lookup("iso-8859-1")
	src := []byte("a世b")
	c, _ := unicode.New(unicode.UTF8, latin1, unicode.Options{})
	out, err := c.Append(nil, src)
	if err != nil || string(out) != "a\x1Ab" {
		t.Fatalf("replace policy: %q, %v", out, err)
	}
	strict, _ := unicode.New(unicode.UTF8, latin1, unicode.Options{Strict: true})
	if _, err := strict.Append(nil, src); !errors.Is(err, unicode.ErrUnencodable) {
		t.Fatalf("strict policy: %v", err)
	}
	// Strict with a native source still reports bad input with its offset.
	u16, _ := unicode.New(unicode.UTF16LE, latin1, unicode.Options{Strict: true})
	_, err = u16.Append(nil, []byte{'a', 0, 0x00, 0xDC})
	var e *unicode.Error
	if !errors.As(err, &e) || !errors.Is(err, unicode.ErrInvalid) || e.Offset != 2 {
		t.Fatalf("strict native source: %v", err)
	}
}

// TestTextEncodings finds the golang.org/x/text encodings that Lookup
// still bridges (the labels glibc does not know), and sweeps each one's
// single bytes and byte pairs: the strict decoder refuses exactly the
// sequences that x/text's own decoder turns into U+FFFD, at their offset.
func TestTextEncodings(t *testing.T) {
	var all []encoding.Encoding
	for _, list := range [][]encoding.Encoding{charmap.All, japanese.All, korean.All, simplifiedchinese.All, traditionalchinese.All} {
		all = append(all, list...)
	}
	bridged := map[string]encoding.Encoding{}
	for _, x := range all {
		for _, name := range []func(encoding.Encoding) (string, error){htmlindex.Name, ianaindex.IANA.Name, ianaindex.MIME.Name} {
			n, err := name(x)
			if err != nil || n == "" {
				continue
			}
			got, err := TextEncoding(n)
			if err != nil {
				t.Errorf("Lookup(%q): %v", n, err)
				continue
			}
			if got == x {
				bridged[n] = x
			}
		}
	}
	if len(bridged) == 0 {
		t.Fatal("no label reaches an x/text encoding")
	}
	for label, x := range bridged {
		t.Run(label, func(t *testing.T) {
			e, _ := Lookup(label)
			c, _ := unicode.New(e, unicode.UTF8, unicode.Options{Strict: true, KeepBOM: true})
			for b1 := range 256 {
				for b2 := range 256 {
					in := []byte{'a', byte(b1), byte(b2)}
					ref, _ := x.NewDecoder().Bytes(in)
					got, err := c.Append(nil, in)
					i := bytes.Index(ref, []byte("\uFFFD"))
					var ue *unicode.Error
					switch {
					case i < 0 && (err != nil || !bytes.Equal(got, ref)):
						t.Fatalf("% X: %q, %v; x/text %q", in, got, err, ref)
					case i >= 0 && (!errors.As(err, &ue) || !bytes.Equal(got, ref[:i])):
						t.Fatalf("% X: %q, %v; x/text %q", in, got, err, ref)
					}
				}
			}
		})
	}
}

// TestGlibcDetails are conversions whose bytes the package documentation
// promises, each as glibc's iconv gives it (TestIconvDifferential compares
// the whole tables).
func TestGlibcDetails(t *testing.T) {
	tests := []struct{ from, to, in, out string }{
		{"EUC-JP", "UTF-8", "\xa1\xc1", "\u301c"},
		{"ISO-2022-JP", "UTF-8", "\x1b$B\x21\x41\x1b(B", "\u301c"},
		{"ISO-2022-JP", "UTF-8", "a\x1b(I1\x1b$(D", "a\x1b(I1\x1b$(D"},
		{"UTF-8", "ISO-2022-JP", "a¥亜\n", "a\x1b(J\\\x1b$B0!\x1b(B\n"},
		{"ISO-8859-15", "UTF-8", "\x80\x9f\xa4", "\u0080\u009f€"},
		{"CP1255", "UTF-8", "\xf9\xd1", "\ufb2a"},
		{"UTF-8", "CP1255", "\ufb2a", "\xf9\xd1"},
		{"UTF-8", "ISO-2022-KR", "", ""},
		{"UTF-8", "ISO-2022-KR", "a\n한\n", "\x1b$)Ca\n\x0eGQ\x0f\n"},
		// ISO-2022-CN: where glibc cannot read back what it writes.
		{"ISO-2022-CN", "UTF-8", "\x1b$)A\x0e\x21\x21\x1b$)G\x21\x22\x0f", "\u3000\uff0c"},
		{"UTF-8", "ISO-2022-CN", "乂乂", "\x1b$*H\x1bN!!\x1bN!!\x0f"},
		{"UTF-8", "ISO-2022-CN", "乂中", "\x1b$*H\x1bN!!\x1b$)A\x0eVP\x0f"},
	}
	for _, tc := range tests {
		got, err := Convert(nil, []byte(tc.in), tc.from, tc.to)
		if err != nil || string(got) != tc.out {
			t.Errorf("%s → %s of %q: %q, %v; want %q", tc.from, tc.to, tc.in, got, err, tc.out)
		}
	}
}

// TestSubstituteLast converts text whose last character the stateful
// target lacks: the substitute byte is written, and the text still ends
// in the initial state, whole and streamed alike.
func TestSubstituteLast(t *testing.T) {
	for _, tc := range []struct{ label, text, want string }{
		{"ISO-2022-JP", "亜€", "\x1b$B0!\x1a\x1b(B"},
		{"ISO-2022-KR", "한ฟ", "\x1b$)C\x0eGQ\x1a\x0f"},
		{"HZ-GB-2312", "中€", "~{VP\x1a~}"},
	} {
		to, _ := Lookup(tc.label)
		c, _ := unicode.New(unicode.UTF8, to, unicode.Options{})
		whole, err := c.Append(nil, []byte(tc.text))
		if err != nil || string(whole) != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.label, whole, err, tc.want)
		}
		var buf bytes.Buffer
		w := c.NewWriter(&buf)
		for _, b := range []byte(tc.text) {
			w.Write([]byte{b})
		}
		if err := w.Close(); err != nil || buf.String() != tc.want {
			t.Errorf("%s streamed: %q, %v; want %q", tc.label, buf.Bytes(), err, tc.want)
		}
	}
}
