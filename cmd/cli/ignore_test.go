package cli

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/fastio-go/fastio/unicode"
)

// ignoreRun feeds chars (each a string of output bytes) to an ignoreStatus
// for target to, in writes of at most chunk bytes, with a drop before the
// characters whose index is in drops (len(chars) for one at the end).
func ignoreRun(t *testing.T, to iconvEncoding, chars []string, drops map[int]bool, chunk int) bool {
	t.Helper()
	s := newIgnoreStatus(iconvEncoding{enc: unicode.UTF8}, to, "UTF-8", "X")
	if s == nil {
		t.Fatal("no follower for the target")
	}
	s.w = io.Discard
	var pending bytes.Buffer
	flush := func() {
		for b := pending.Bytes(); len(b) > 0; {
			n := min(chunk, len(b))
			s.Write(b[:n])
			b = b[n:]
		}
		pending.Reset()
	}
	for i, c := range chars {
		if drops[i] {
			flush()
			s.drop()
		}
		pending.WriteString(c)
	}
	flush()
	if drops[len(chars)] {
		s.drop()
	}
	return s.failed()
}

func TestIgnoreStatus(t *testing.T) {
	repeat := func(ch string, n int) []string {
		c := make([]string, n)
		for i := range c {
			c[i] = ch
		}
		return c
	}
	ascii := func(n int) []string { return repeat("x", n) }
	ascii16 := func(n int) []string { return repeat("x\x00", n) }
	utf8 := iconvEncoding{enc: unicode.UTF8}
	utf16 := iconvEncoding{enc: unicode.UTF16LE}
	tests := []struct {
		name  string
		to    iconvEncoding
		chars []string
		drops []int
		want  bool
	}{
		{"no drop", utf8, ascii(100), nil, false},
		{"drop in a short file", utf8, ascii(100), []int{50}, true},
		{"drop at the end", utf8, ascii(100), []int{100}, true},
		{"drop in the first of two stretches", utf8, ascii(8200), []int{10}, false},
		{"drop just before the second stretch", utf8, ascii(8200), []int{8159}, false},
		{"drop opening the second stretch", utf8, ascii(8200), []int{8160}, true},
		{"drop after exactly one stretch", utf8, ascii(8160), []int{8160}, true},
		{"UTF-16: a full call forgets the drop", utf16, ascii16(16400), []int{16383}, false},
		{"UTF-16: the next call keeps it", utf16, ascii16(16400), []int{16384}, true},
		{"UTF-16: a character that does not fit ends the call", utf16, append(ascii16(16383), "\x3d\xd8\x00\xde", "x\x00"), []int{16383}, true},
	}
	for _, tc := range tests {
		drops := map[int]bool{}
		for _, d := range tc.drops {
			drops[d] = true
		}
		for _, chunk := range []int{1, 3, 4096, 1 << 20} {
			if got := ignoreRun(t, tc.to, tc.chars, drops, chunk); got != tc.want {
				t.Errorf("%s (writes of %d): failed = %v, want %v", tc.name, chunk, got, tc.want)
			}
		}
	}
}

// TestIgnoreStatusChunks: how the output is cut into writes does not
// change the verdict, for characters of every length.
func TestIgnoreStatusChunks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	targets := map[string]iconvEncoding{
		"UTF-8":    {enc: unicode.UTF8},
		"UTF-16BE": {enc: unicode.UTF16BE},
		"UTF-16":   {enc: unicode.UTF16, sniff: true},
		"GB18030":  {enc: unicode.GB18030},
	}
	samples := map[string][]string{
		"UTF-8":    {"a", "é", "中", "😀"},
		"UTF-16BE": {"\x00a", "\xd8\x3d\xde\x00"},
		"UTF-16":   {"a\x00", "\x3d\xd8\x00\xde"},
		"GB18030":  {"a", "\xd6\xd0", "\x81\x30\x81\x30"},
	}
	for name, to := range targets {
		for range 20 {
			n := r.IntN(40000)
			chars := make([]string, n)
			if to.sniff {
				chars = append([]string{"\xff\xfe"}, chars...)[:n]
			}
			for i := range chars {
				if i == 0 && to.sniff {
					continue
				}
				chars[i] = samples[name][r.IntN(len(samples[name]))]
			}
			drops := map[int]bool{}
			for range r.IntN(3) {
				drops[r.IntN(n+1)] = true
			}
			want := ignoreRun(t, to, chars, drops, 1<<20)
			for _, chunk := range []int{1, 2, 3, 5, 4093} {
				if got := ignoreRun(t, to, chars, drops, chunk); got != want {
					t.Fatalf("%s, %d characters, drops %v: writes of %d give %v, one write %v", name, n, drops, chunk, got, want)
				}
			}
		}
	}
}

// TestSingleByte: the charsets whose output //IGNORE's status follows are
// exactly those with one byte a character.
func TestSingleByte(t *testing.T) {
	for name, want := range map[string]bool{
		"ISO-8859-1": true, "CP1252": true, "KOI8-R": true, "IBM037": true, "ASCII": true,
		"SJIS": false, "EUC-JP": false, "GBK": false, "BIG5": false, "ISO-2022-JP": false, "HZ-GB-2312": false,
	} {
		e, err := lookupCharset(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if e.x == nil {
			t.Fatalf("%s: not a table charset", name)
		}
		if got := singleByte(e.x); got != want {
			t.Errorf("singleByte(%s) = %v, want %v", name, got, want)
		}
	}
}
