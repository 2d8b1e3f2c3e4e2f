package charset_test

import (
	"fmt"
	"strings"

	"github.com/fastio-go/fastio/unicode"
	"github.com/fastio-go/fastio/unicode/charset"
)

func ExampleConvert() {
	sjis := []byte{0x93, 0xFA, 0x96, 0x7B} // 日本 in Shift_JIS
	gb, _ := charset.Convert(nil, sjis, "Shift_JIS", "GB18030")
	fmt.Printf("% X\n", gb)
	utf8, _ := charset.Convert(nil, gb, "gb18030", "utf-8")
	fmt.Println(string(utf8))
	// Output:
	// C8 D5 B1 BE
	// 日本
}

func ExampleLookup() {
	e, _ := charset.Lookup("latin1")
	fmt.Println(e, e.Native())
	e, _ = charset.Lookup("UTF-16")
	fmt.Println(e, e.Native())
	e, err := charset.Lookup("NOPE")
	fmt.Println(e, err)
	// Output:
	// ISO-8859-1 false
	// UTF-16 true
	// Encoding(0) charset: unknown encoding "NOPE"
}

func ExampleTextEncoding() {
	// The ISO-2022-KR of glibc's iconv, as a golang.org/x/text encoding.
	kr, _ := charset.TextEncoding("csISO2022KR")
	out, _ := kr.NewEncoder().String("hello, 한국")
	fmt.Printf("%q\n", out)
	// Output:
	// "\x1b$)Chello, \x0eGQ19\x0f"
}

func ExampleNames() {
	for _, n := range charset.Names() {
		if strings.Contains(n, "2022") && !strings.HasPrefix(n, "CSISO2022J") && !strings.HasPrefix(n, "CSISO2022K") {
			fmt.Println(n)
		}
	}
	// Output:
	// CSISO2022CN
	// ISO-2022-CN
	// ISO-2022-CN-EXT
	// ISO-2022-JP
	// ISO-2022-KR
	// ISO2022CN
	// ISO2022CNEXT
	// ISO2022JP
	// ISO2022KR
}

func Example_strict() {
	// Strict decoding stops at the first sequence the charset does not
	// define, at its offset: here the JIS X 0208 pair 30 FF.
	from, _ := charset.Lookup("ISO-2022-JP")
	c, _ := unicode.New(from, unicode.UTF8, unicode.Options{Strict: true})
	out, err := c.Append(nil, []byte("x\x1b$B\x30\x21\x30\xff\x30\x22\x1b(By"))
	fmt.Printf("%s\n%v\n", out, err)
	// Output:
	// x亜
	// unicode: invalid ISO-2022-JP sequence 0x30 at byte offset 6
}
