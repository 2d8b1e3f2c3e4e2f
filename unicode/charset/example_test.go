package charset_test

import (
	"fmt"

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
	e, err := charset.Lookup("ISO-2022-CN")
	fmt.Println(e, err)
	// Output:
	// ISO-8859-1 false
	// UTF-16 true
	// Encoding(0) charset: unsupported encoding "ISO-2022-CN": its CNS 11643 planes have no table here
}
