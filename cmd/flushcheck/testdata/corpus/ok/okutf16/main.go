// Command okutf16 converts UTF-16 to UTF-8 through a unicode.Writer and checks Close.
package main

import (
	"encoding/binary"
	"log"
	"os"
	"unicode/utf16"

	"github.com/fastio-go/fastio/unicode"
)

func main() {
	conv, err := unicode.New(unicode.UTF16LE, unicode.UTF8, unicode.Options{})
	if err != nil {
		log.Fatal(err)
	}
	w := conv.NewWriter(os.Stdout)
	var src []byte
	for _, u := range utf16.Encode([]rune("h\u00e9llo w\u00f6rld\n")) {
		src = binary.LittleEndian.AppendUint16(src, u)
	}
	w.Write(src)
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
}
