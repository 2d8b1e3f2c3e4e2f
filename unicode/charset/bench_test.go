package charset

import (
	"testing"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/transform"
)

// The benchmark texts: prose with some ASCII, as on a web page.
const (
	japaneseText = "日本語のテキストと ASCII の混在、カタカナも少し。"
	koreanText   = "한국어 텍스트와 ASCII 혼합, 조금 더 긴 문장. "
)

func benchTransform(b *testing.B, t transform.Transformer, src []byte) {
	dst := make([]byte, 4*len(src)+64)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		t.Reset()
		if _, _, err := t.Transform(dst, src, true); err != nil {
			b.Fatal(err)
		}
	}
}

func benchInput(b *testing.B, x encoding.Encoding, sample string, n int) []byte {
	var text []byte
	for len(text) < n {
		text = append(text, sample...)
	}
	src, err := x.NewEncoder().Bytes(text)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

func mustText(b *testing.B, label string) encoding.Encoding {
	x, err := TextEncoding(label)
	if err != nil {
		b.Fatal(err)
	}
	return x
}

// BenchmarkDecodeEUCJP64K decodes 64 KiB of EUC-JP with glibc's table;
// BenchmarkDecodeEUCJP64KXText is golang.org/x/text's decoder on the same
// bytes (its table differs at a few codes, none in this text).
func BenchmarkDecodeEUCJP64K(b *testing.B) {
	x := mustText(b, "EUC-JP")
	benchTransform(b, x.NewDecoder(), benchInput(b, japanese.EUCJP, japaneseText, 64<<10))
}

func BenchmarkDecodeEUCJP64KXText(b *testing.B) {
	benchTransform(b, japanese.EUCJP.NewDecoder(), benchInput(b, japanese.EUCJP, japaneseText, 64<<10))
}

func BenchmarkEncodeEUCKR64K(b *testing.B) {
	x := mustText(b, "EUC-KR")
	text := benchInput(b, encoding.Nop, koreanText, 64<<10)
	benchTransform(b, x.NewEncoder(), text)
}

func BenchmarkEncodeEUCKR64KXText(b *testing.B) {
	text := benchInput(b, encoding.Nop, koreanText, 64<<10)
	benchTransform(b, korean.EUCKR.NewEncoder(), text)
}

// BenchmarkStrictDecodeISO2022JP64K is the strict decoding stage of a
// Converter from ISO-2022-JP (the bridge's exact decoder).
func BenchmarkStrictDecodeISO2022JP64K(b *testing.B) {
	e, _ := Lookup("ISO-2022-JP")
	c, _ := unicode.New(e, unicode.UTF8, unicode.Options{Strict: true})
	src := benchInput(b, japanese.ISO2022JP, japaneseText, 64<<10)
	dst := make([]byte, 4*len(src))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Append(dst[:0], src); err != nil {
			b.Fatal(err)
		}
	}
}
