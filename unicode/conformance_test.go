package unicode

import (
	"io"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// conformanceText is valid UTF-8 of every length of character, after 1000
// bytes of ASCII: the suite writes prefixes of its input of up to 1000
// bytes and expects them back whole, which holds only where a prefix ends
// at a character boundary.
func conformanceText() []byte {
	var b strings.Builder
	for b.Len() < 1000 {
		b.WriteString("ASCII text first. ")
	}
	s := b.String()[:1000]
	b.Reset()
	b.WriteString(s)
	for i := range 300 {
		b.WriteString([]string{"ASCII line, ", "Ça va? ", "Быстрая лиса ", "世界のテキスト ", "🚄🚀 "}[i%5])
		if i%7 == 0 {
			b.WriteByte('\n')
		}
	}
	return []byte(b.String())
}

func mustConvert(t testing.TB, in []byte, from, to Encoding, opt Options) []byte {
	c, err := New(from, to, opt)
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.Append(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// conformanceEncodings are the native encodings, every one a source and
// a target of the conformance runs.
var conformanceEncodings = []Encoding{UTF8, UTF16LE, UTF16BE, UTF32LE, UTF32BE, GB18030, UTF16, UTF32}

// conformanceInput is text in enc, with its character boundaries
// (offsets, ascending) and, for the Strict runs, the same text with a
// unit enc rejects at the first boundary from 1000 bytes on.
type conformanceInput struct {
	text, bad []byte
	badAt     int
	cuts      []int
}

// cut returns the last character boundary of in.text not above n.
func (in *conformanceInput) cut(_ []byte, n int) int {
	i, _ := slices.BinarySearch(in.cuts, n+1)
	return in.cuts[max(i-1, 0)]
}

// badUnits are units each encoding rejects: a byte no UTF-8 or GB18030
// character starts with, a lone low surrogate, a value above U+10FFFF.
var badUnits = map[Encoding][]byte{
	UTF8: {0xFF}, GB18030: {0xFF},
	UTF16LE: {0x00, 0xDC}, UTF16BE: {0xDC, 0x00}, UTF16: {0x00, 0xDC},
	UTF32LE: {0x00, 0x00, 0x11, 0x00}, UTF32BE: {0x00, 0x11, 0x00, 0x00}, UTF32: {0x00, 0x00, 0x11, 0x00},
}

func newConformanceInput(t testing.TB, text []byte, enc Encoding) *conformanceInput {
	in := &conformanceInput{text: mustConvert(t, text, UTF8, enc, Options{})}
	// The marked encodings write the mark and little-endian text.
	unit, off := enc, 0
	switch enc {
	case UTF16:
		unit, off = UTF16LE, 2
	case UTF32:
		unit, off = UTF32LE, 4
	}
	in.cuts = append(in.cuts, 0)
	for _, r := range string(text) {
		off += len(mustConvert(t, utf8.AppendRune(nil, r), UTF8, unit, Options{}))
		in.cuts = append(in.cuts, off)
	}
	if off != len(in.text) {
		t.Fatalf("%v: characters encoded one by one take %d bytes, the text %d", enc, off, len(in.text))
	}
	i, _ := slices.BinarySearch(in.cuts, 1000)
	in.badAt = in.cuts[i]
	in.bad = slices.Concat(in.text[:in.badAt], badUnits[enc], in.text[in.badAt:])
	return in
}

// TestConformance runs core's conformance suite over the Writer and the
// Reader of every pair of native encodings, under both policies; with
// the default buffers and the smallest where UTF-8 is one side of the
// pair, with the smallest for the others (in -short mode only the pairs
// with UTF-8, and those from each encoding to itself). Writers whose
// source is UTF-16 or UTF-32 have their prefixes cut at character
// boundaries (WriterConfig.Cut), since the suite cuts its input at byte
// offsets, inside their units.
func TestConformance(t *testing.T) {
	text := conformanceText()
	inputs := map[Encoding]*conformanceInput{}
	for _, enc := range conformanceEncodings {
		inputs[enc] = newConformanceInput(t, text, enc)
	}
	for _, from := range conformanceEncodings {
		for _, to := range conformanceEncodings {
			withUTF8 := from == UTF8 || to == UTF8
			if testing.Short() && !withUTF8 && from != to {
				continue
			}
			sizes := []int{0}
			if withUTF8 {
				sizes = append(sizes, DefaultWriterSize)
			}
			src, dst := inputs[from], inputs[to]
			for _, strict := range []bool{false, true} {
				opt := Options{Strict: strict}
				mode := "replace"
				if strict {
					mode = "strict"
				}
				conv, err := New(from, to, opt)
				if err != nil {
					t.Fatal(err)
				}
				back, err := New(to, from, Options{Strict: true})
				if err != nil {
					t.Fatal(err)
				}
				for _, size := range sizes {
					name := from.String() + "-" + to.String() + "/" + mode + "/" + itoa(size)
					// from into to; the device's bytes convert back to
					// the input.
					t.Run("Writer/"+name, func(t *testing.T) {
						c := coretest.WriterConfig{
							New:       func(dev io.Writer) core.BufferedWriter { return conv.NewWriterSize(dev, size) },
							Decode:    func(out []byte) ([]byte, error) { return back.Append(nil, out) },
							Input:     src.text,
							Cut:       src.cut,
							KeepsTail: 3,
						}
						if strict {
							c.Bad, c.BadAt = src.bad, src.badAt
						}
						coretest.TestBufferedWriter(t, c)
					})
					// A Reader from from yields the text in to.
					t.Run("Reader/"+name, func(t *testing.T) {
						coretest.TestBufferedReader(t, coretest.ReaderConfig{
							New:    func(s io.Reader) core.BufferedReader { return conv.NewReaderSize(s, size) },
							Encode: func(data []byte) []byte { return mustConvert(t, data, to, from, Options{}) },
							Input:  dst.text,
						})
					})
				}
			}
		}
	}
}
