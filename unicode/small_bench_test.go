package unicode

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// Short texts, the size of a field, a line and a paragraph, cut at a
// character boundary at or below 16, 64 and 1024 bytes of UTF-8.
var smallTexts = []struct{ name, line string }{
	{"ASCII", "The quick brown fox jumps over the lazy dog. "},
	{"Latin", "Ça va? Größe, niño, déjà vu, façade, Æsir. "},
	{"CJK", "敏捷的棕色狐狸跳过了懒狗。東京タワー。"},
	{"Emoji", "🚄🚀😀🎉🌍🔥"},
}

var smallSizes = []struct {
	name string
	n    int
}{{"16B", 16}, {"64B", 64}, {"1KiB", 1024}}

// smallText returns line repeated and cut at the last character boundary
// at or before n bytes.
func smallText(line string, n int) []byte {
	s := strings.Repeat(line, n/len(line)+1)[:n]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return []byte(s)
}

// BenchmarkSmallUTF8ToUTF16LE converts short texts one call each: the cost
// of setting up a conversion counts here, as it does for a caller
// converting field by field. Each reports cpu-MB/s (see cpuLoop). The peers are a utf8.DecodeRune and
// utf16.AppendRune loop into a []uint16, and golang.org/x/text's encoder
// called directly (Reset, then Transform into a preallocated buffer).
func BenchmarkSmallUTF8ToUTF16LE(b *testing.B) {
	c, _ := New(UTF8, UTF16LE, Options{})
	for _, txt := range smallTexts {
		for _, sz := range smallSizes {
			in := smallText(txt.line, sz.n)
			out := make([]byte, 0, 2*len(in)+16)
			name := txt.name + "/" + sz.name
			b.Run(name+"/fastio", func(b *testing.B) {
				cpuLoop(b, len(in), func() { out, _ = c.Append(out[:0], in) })
			})
			b.Run(name+"/naive", func(b *testing.B) {
				units := make([]uint16, 0, len(in))
				cpuLoop(b, len(in), func() {
					units = units[:0]
					for s := in; len(s) > 0; {
						r, n := utf8.DecodeRune(s)
						s = s[n:]
						units = utf16.AppendRune(units, r)
					}
				})
			})
			b.Run(name+"/xtext", func(b *testing.B) {
				t := x16.NewEncoder()
				cpuLoop(b, len(in), func() {
					t.Reset()
					t.Transform(out[:cap(out)], in, true)
				})
			})
		}
	}
}

// BenchmarkSmallUTF16LEToUTF8 is the reverse direction on the same texts;
// the naive peer is a utf16.DecodeRune and utf8.AppendRune loop over the
// []uint16 units.
func BenchmarkSmallUTF16LEToUTF8(b *testing.B) {
	c, _ := New(UTF16LE, UTF8, Options{})
	for _, txt := range smallTexts {
		for _, sz := range smallSizes {
			in8 := smallText(txt.line, sz.n)
			in, _ := Convert(nil, in8, UTF8, UTF16LE)
			units := utf16.Encode([]rune(string(in8)))
			out := make([]byte, 0, 2*len(in)+16)
			name := txt.name + "/" + sz.name
			b.Run(name+"/fastio", func(b *testing.B) {
				cpuLoop(b, len(in), func() { out, _ = c.Append(out[:0], in) })
			})
			b.Run(name+"/naive", func(b *testing.B) {
				cpuLoop(b, len(in), func() {
					o := out[:0]
					for i := 0; i < len(units); i++ {
						r := rune(units[i])
						if utf16.IsSurrogate(r) && i+1 < len(units) {
							r = utf16.DecodeRune(r, rune(units[i+1]))
							i++
						}
						o = utf8.AppendRune(o, r)
					}
					out = o
				})
			})
			b.Run(name+"/xtext", func(b *testing.B) {
				t := x16.NewDecoder()
				cpuLoop(b, len(in), func() {
					t.Reset()
					t.Transform(out[:cap(out)], in, true)
				})
			})
		}
	}
}
