package unicode_test

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/unicode"
	xencoding "golang.org/x/text/encoding"
	xrunes "golang.org/x/text/runes"
	xtransform "golang.org/x/text/transform"
)

func Example() {
	c, err := unicode.New(unicode.UTF8, unicode.UTF16LE, unicode.Options{})
	if err != nil {
		panic(err)
	}
	out, _ := c.Append(nil, []byte("A世🚄"))
	fmt.Printf("% X\n", out)
	back, _ := unicode.Convert(nil, out, unicode.UTF16LE, unicode.UTF8)
	fmt.Println(string(back))
	// Output:
	// 41 00 16 4E 3D D8 84 DE
	// A世🚄
}

func ExampleConverter_Count() {
	c, _ := unicode.New(unicode.UTF8, unicode.UTF16LE, unicode.Options{})
	src := []byte("héllo 🚄")
	n, _ := c.Count(src)
	fmt.Println(n/2, "UTF-16 code units")
	dst := make([]byte, 0, n) // Append fills it without allocating
	dst, _ = c.Append(dst, src)
	fmt.Println(len(dst) == n)
	// Output:
	// 8 UTF-16 code units
	// true
}

func ExampleConverter_NewWriter() {
	c, _ := unicode.New(unicode.UTF8, unicode.GB18030, unicode.Options{})
	var out bytes.Buffer
	w := c.NewWriter(&out)
	// The emoji arrives split across two writes.
	w.Write([]byte("中文 \xF0\x9F"))
	w.Write([]byte("\x9A\x84"))
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("% X\n", out.Bytes())
	// Output:
	// D6 D0 CE C4 20 95 30 8B 38
}

func ExampleConverter_NewReader() {
	c, _ := unicode.New(unicode.UTF16BE, unicode.UTF8, unicode.Options{})
	src := bytes.NewReader([]byte{0xFE, 0xFF, 0x00, 'h', 0x00, 'i', 0xD8, 0x3D, 0xDE, 0x84})
	text, _ := io.ReadAll(c.NewReader(src)) // the byte order mark is dropped
	fmt.Println(string(text))
	// Output:
	// hi🚄
}

func ExampleOptions_strict() {
	c, _ := unicode.New(unicode.UTF8, unicode.UTF32LE, unicode.Options{Strict: true})
	_, err := c.Append(nil, []byte("ok \xC0\xAF"))
	fmt.Println(err)
	if e, ok := err.(*unicode.Error); ok {
		fmt.Println(e.Offset)
	}
	// Output:
	// unicode: invalid UTF-8 sequence 0xC0 at byte offset 3
	// 3
}

func ExampleOptions_replace() {
	out, _ := unicode.Convert(nil, []byte("a\xE2\x82b\xFF"), unicode.UTF8, unicode.UTF8)
	fmt.Printf("%+q\n", out)
	// Output:
	// "a\ufffdb\ufffd"
}

func ExampleDetectBOM() {
	enc, n := unicode.DetectBOM([]byte("\xFF\xFEh\x00i\x00"))
	fmt.Println(enc, n)
	c, _ := unicode.New(unicode.UTF8, unicode.UTF8, unicode.Options{SniffBOM: true})
	out, _ := c.Append(nil, []byte("\xFF\xFEh\x00i\x00"))
	fmt.Println(string(out))
	// Output:
	// UTF-16LE 2
	// hi
}

func ExampleValidate() {
	err := unicode.Validate(unicode.UTF16LE, []byte{'a', 0, 0x00, 0xDC})
	fmt.Println(err)
	fmt.Println(unicode.Valid(unicode.GB18030, []byte{0xCA, 0xC0}))
	// Output:
	// unicode: invalid UTF-16LE sequence 0x00 0xDC at byte offset 2
	// true
}

func ExampleConverter_NewTransformer() {
	// A Transformer plugs into golang.org/x/text/transform; here it is used
	// directly, with the input cut inside a character: as the transform
	// contract says, the unconsumed bytes come again with the rest.
	c, _ := unicode.New(unicode.UTF8, unicode.UTF32BE, unicode.Options{})
	t := c.NewTransformer()
	dst := make([]byte, 64)
	src := []byte("é\xE4\xB8")
	n1, s1, err := t.Transform(dst, src, false)
	fmt.Println(n1, s1, err)
	n2, s2, err := t.Transform(dst[n1:], append(src[s1:], 0x96), true)
	fmt.Println(n2, s2, err)
	fmt.Printf("% X\n", dst[:n1+n2])
	// Output:
	// 4 2 transform: short source buffer
	// 4 3 <nil>
	// 00 00 00 E9 00 00 4E 16
}

func ExampleRegister() {
	// Any golang.org/x/text encoding joins in; the charset subpackage finds
	// them by label. Here a trivial one, upper-casing ASCII on decode, stands
	// in for a real character set.
	enc, _ := unicode.Register("x-example", upper{})
	out, _ := unicode.Convert(nil, []byte("abc"), enc, unicode.UTF16BE)
	fmt.Printf("% X\n", out)
	// Output:
	// 00 41 00 42 00 43
}

func ExampleConverter_NewWriter_formatter() {
	// A Writer is a core.BufferedWriter: format in place, convert on Commit.
	c, _ := unicode.New(unicode.UTF8, unicode.UTF16LE, unicode.Options{EmitBOM: true})
	var out bytes.Buffer
	var w core.BufferedWriter = c.NewWriter(&out)
	p := w.Reserve(16)
	n := copy(p, strings.Repeat("z", 3))
	w.Commit(n)
	if err := w.(*unicode.Writer).Close(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("% X\n", out.Bytes())
	// Output:
	// FF FE 7A 00 7A 00 7A 00
}

func ExampleUTF16() {
	// UTF16 takes its byte order from a leading mark, as iconv's "UTF-16".
	c, _ := unicode.New(unicode.UTF16, unicode.UTF8, unicode.Options{})
	be, _ := c.Append(nil, []byte{0xFE, 0xFF, 0x00, 'h', 0x00, 'i'})
	le, _ := c.Append(nil, []byte{0xFF, 0xFE, 'h', 0x00, 'i', 0x00})
	none, _ := c.Append(nil, []byte{'h', 0x00, 'i', 0x00}) // little-endian
	fmt.Println(string(be), string(le), string(none))
	// As a target it writes the mark and little-endian text.
	out, _ := unicode.Convert(nil, []byte("hi"), unicode.UTF8, unicode.UTF16)
	fmt.Printf("% X\n", out)
	// Output:
	// hi hi hi
	// FF FE 68 00 69 00
}

func ExampleConverter_NewWriterSize() {
	// Strict conversion into a plain io.Writer: the text before the bad
	// byte is delivered, and Close reports where it was.
	c, _ := unicode.New(unicode.UTF8, unicode.UTF16BE, unicode.Options{Strict: true})
	var out bytes.Buffer
	w := c.NewWriterSize(&out, 64)
	w.WriteString("ok\xffno")
	err := w.Close()
	fmt.Printf("% X\n%v\n", out.Bytes(), err)
	// Output:
	// 00 6F 00 6B
	// unicode: invalid UTF-8 sequence 0xFF at byte offset 2
}

// upper is a minimal golang.org/x/text encoding for ExampleRegister.
type upper struct{}

func (upper) NewDecoder() *xencoding.Decoder {
	return &xencoding.Decoder{Transformer: xrunes.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' {
			return r - 32
		}
		return r
	})}
}

func (upper) NewEncoder() *xencoding.Encoder {
	return &xencoding.Encoder{Transformer: xtransform.Nop}
}
