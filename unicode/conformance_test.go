package unicode

import (
	"bytes"
	"io"
	"strings"
	"testing"

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

// TestConformance runs core's conformance suite over the Writer (from
// UTF-8 into every native encoding) and the Reader (from every native
// encoding into UTF-8), under both policies, with the default buffers and
// the smallest.
func TestConformance(t *testing.T) {
	text := conformanceText()
	for _, enc := range []Encoding{UTF8, UTF16LE, UTF16BE, UTF32LE, UTF32BE, GB18030, UTF16, UTF32} {
		for _, strict := range []bool{false, true} {
			opt := Options{Strict: strict}
			mode := "replace"
			if strict {
				mode = "strict"
			}
			for _, size := range []int{0, DefaultWriterSize} {
				name := enc.String() + "/" + mode + "/" + itoa(size)
				// UTF-8 into enc; the device's bytes decode back to the text.
				to, _ := New(UTF8, enc, opt)
				back, _ := New(enc, UTF8, Options{Strict: true})
				t.Run("Writer/from-UTF-8/"+name, func(t *testing.T) {
					c := coretest.WriterConfig{
						New:       func(dev io.Writer) core.BufferedWriter { return to.NewWriterSize(dev, size) },
						Decode:    func(out []byte) ([]byte, error) { return back.Append(nil, out) },
						Input:     text,
						KeepsTail: 3,
					}
					if strict {
						c.Bad = append(append(bytes.Clone(text[:1000]), 0xFF), text[1000:]...)
						c.BadAt = 1000
					}
					coretest.TestBufferedWriter(t, c)
				})
				// enc into UTF-8, written (GB18030, whose ASCII prefix
				// keeps the suite's cuts at character boundaries; a UTF-16
				// or UTF-32 source is left to FuzzStrictStream and the
				// stream tests, since the suite cuts its input at byte
				// offsets, inside their units) and read.
				from, _ := New(enc, UTF8, opt)
				if enc == GB18030 {
					toGB, _ := New(UTF8, GB18030, Options{Strict: true})
					t.Run("Writer/to-UTF-8/"+name, func(t *testing.T) {
						gb := mustConvert(t, text, UTF8, GB18030, Options{})
						c := coretest.WriterConfig{
							New:       func(dev io.Writer) core.BufferedWriter { return from.NewWriterSize(dev, size) },
							Decode:    func(out []byte) ([]byte, error) { return toGB.Append(nil, out) },
							Input:     gb,
							KeepsTail: 3,
						}
						if strict {
							c.Bad = append(append(bytes.Clone(gb[:1000]), 0xFF), gb[1000:]...)
							c.BadAt = 1000
						}
						coretest.TestBufferedWriter(t, c)
					})
				}
				t.Run("Reader/"+name, func(t *testing.T) {
					coretest.TestBufferedReader(t, coretest.ReaderConfig{
						New:    func(src io.Reader) core.BufferedReader { return from.NewReaderSize(src, size) },
						Encode: func(data []byte) []byte { return mustConvert(t, data, UTF8, enc, Options{}) },
						Input:  text,
					})
				})
			}
		}
	}
}
