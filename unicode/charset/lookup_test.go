package charset

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding/japanese"
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
		{"Shift_JIS", 0, "shift_jis"},
		{"sjis", 0, "shift_jis"},
		{"windows-1252", 0, "windows-1252"},
		{"latin1", 0, "windows-1252"},
		{"euc-kr", 0, "euc-kr"},
		{"gbk", 0, "gbk"},
		{"IBM437", 0, "IBM437"},
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
		if _, err := Lookup(bad); !errors.Is(err, unicode.ErrUnknownEncoding) {
			t.Errorf("Lookup(%q) error %v", bad, err)
		}
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
			var buf core.Buffer
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
