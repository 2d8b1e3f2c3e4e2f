package cli

import (
	"strings"
	"testing"
)

func TestFormatSumLine(t *testing.T) {
	hex := []byte("abc123")
	tests := []struct {
		name                 string
		tagged, binary, zero bool
		want                 string
	}{
		{"plain", false, false, false, "abc123  plain\n"},
		{"plain", false, true, false, "abc123 *plain\n"},
		{"plain", true, false, false, "SHA256 (plain) = abc123\n"},
		{"a\\b", false, false, false, "\\abc123  a\\\\b\n"},
		{"n\nl", true, false, false, "\\SHA256 (n\\nl) = abc123\n"},
		{"c\rr", false, false, false, "\\abc123  c\\rr\n"},
		{"n\nl", false, false, true, "abc123  n\nl\x00"},
		{"sp ace", false, false, false, "abc123  sp ace\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := string(formatSumLine(nil, "SHA256", hex, tc.name, tc.tagged, tc.binary, tc.zero))
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestParseCheckLine(t *testing.T) {
	d := strings.Repeat("ab", 32)
	tests := []struct {
		line   string
		ok     bool
		digest string
		name   string
		binary bool
	}{
		{d + "  file", true, d, "file", false},
		{d + " *file", true, d, "file", true},
		{"  " + d + "  lead", true, d, "lead", false},
		{"\\" + d + "  a\\\\b\\nc\\rd", true, d, "a\\b\nc\rd", false},
		{"\\" + d + "  bad\\x", false, "", "", false},
		{"\\" + d + "  trailing\\", false, "", "", false},
		{"SHA256 (f (1).txt) = " + d, true, d, "f (1).txt", false},
		{"SHA256(f)= " + d, true, d, "f", false},
		{"SHA256 (f) = " + d[:10], false, "", "", false},
		{"SHA256 () = " + d, false, "", "", false},
		{"\\SHA256 (a\\\\b) = " + d, true, d, "a\\b", false},
		{"SHA512 (f) = " + d, false, "", "", false},
		{strings.ToUpper(d) + "  up", true, strings.ToUpper(d), "up", false},
		{d[:63] + "g  f", false, "", "", false},
		{d + "x f", false, "", "", false},
		{d + "  ", true, d, " ", false}, // the one-space form of the name " ", as coreutils reads it
		{d, false, "", "", false},
		{"", false, "", "", false},
		{"junk", false, "", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			p := newLineParser("SHA256", 32)
			l, ok := p.parse(tc.line)
			if ok != tc.ok || ok && (l.digest != tc.digest || l.name != tc.name || l.binary != tc.binary) {
				t.Errorf("parse = %+v, %v; want %q %q %v, %v", l, ok, tc.digest, tc.name, tc.binary, tc.ok)
			}
		})
	}
}

// TestBSDReversed: once a line uses the one-space form, later lines keep to
// it, so "HEX *name" names the file "*name" (coreutils does the same).
func TestBSDReversed(t *testing.T) {
	d := strings.Repeat("0f", 32)
	p := newLineParser("SHA256", 32)
	if l, ok := p.parse(d + " first"); !ok || l.name != "first" {
		t.Fatalf("first: %+v %v", l, ok)
	}
	if l, ok := p.parse(d + " *star"); !ok || l.name != "*star" || l.binary {
		t.Errorf("second: %+v %v", l, ok)
	}
	q := newLineParser("SHA256", 32)
	q.parse(d + "  gnu")
	if _, ok := q.parse(d + " bsd"); ok {
		t.Error("a BSD line after a GNU line parsed")
	}
}

func TestQuotef(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain.txt", "plain.txt"},
		{"a/b-c_d.e:f,g+h@i%j^k=l", "a/b-c_d.e:f,g+h@i%j^k=l"},
		{"sp ace", "'sp ace'"},
		{"it's", `"it's"`},
		{"it's$", `'it'\''s$'`},
		{"new\nline", `'new'$'\n''line'`},
		{"\tlead", `$'\t''lead'`},
		{"end\n", `'end'$'\n'`},
		{"", "''"},
		{"naïve", "naïve"},
	}
	for _, tc := range tests {
		if got := quotef(tc.in); got != tc.want {
			t.Errorf("quotef(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// FuzzCheckLine: parsing any line never panics, and every line sum prints
// parses back to its digest and name.
func FuzzCheckLine(f *testing.F) {
	d := strings.Repeat("ab", 32)
	for _, s := range []string{d + "  f", "\\" + d + "  a\\\\b", "SHA256 (x) = " + d, "junk", "\\", "SHA256 ("} {
		f.Add(s, "name")
	}
	f.Fuzz(func(t *testing.T, line, name string) {
		newLineParser("SHA256", 32).parse(line)
		if name == "" {
			return
		}
		for _, tagged := range []bool{false, true} {
			out := strings.TrimSuffix(string(formatSumLine(nil, "SHA256", []byte(d), name, tagged, false, false)), "\n")
			l, ok := newLineParser("SHA256", 32).parse(out)
			if !ok || l.digest != d || l.name != name {
				t.Fatalf("%q parsed as %+v %v, want name %q", out, l, ok, name)
			}
		}
	})
}
