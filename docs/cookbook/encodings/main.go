// Program encodings converts a file between encodings: a UTF-16LE file with
// a byte order mark becomes UTF-8 through a streaming Reader, and the UTF-8
// text becomes GB18030 and back through a Writer and a label lookup.
package main

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"

	"github.com/fastio-go/fastio/unicode"
	"github.com/fastio-go/fastio/unicode/charset"
)

func main() {
	dir, err := os.MkdirTemp("", "encodings")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	text := "Grüße, 世界! 🙂\n"

	// A UTF-16LE file with a BOM, as Windows tools write them.
	toUTF16, err := unicode.New(unicode.UTF8, unicode.UTF16LE, unicode.Options{EmitBOM: true})
	if err != nil {
		log.Fatal(err)
	}
	utf16, err := toUTF16.Append(nil, []byte(text))
	if err != nil {
		log.Fatal(err)
	}
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, utf16, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("UTF-16LE file: %d bytes, starts % x\n", len(utf16), utf16[:4])

	// Stream it to UTF-8; SniffBOM lets the mark pick the byte order.
	f, err := os.Open(in)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	toUTF8, err := unicode.New(unicode.UTF16LE, unicode.UTF8, unicode.Options{SniffBOM: true, Strict: true})
	if err != nil {
		log.Fatal(err)
	}
	var utf8 bytes.Buffer
	if _, err := io.Copy(&utf8, toUTF8.NewReader(f)); err != nil {
		log.Fatal(err) // in Strict mode: which sequence, at which offset
	}
	fmt.Printf("UTF-8: %d bytes, %q\n", utf8.Len(), utf8.String())

	// Any encoding by its label: UTF-8 to GB18030 through a Writer.
	gb, err := charset.Lookup("gb18030")
	if err != nil {
		log.Fatal(err)
	}
	c, err := unicode.New(unicode.UTF8, gb, unicode.Options{})
	if err != nil {
		log.Fatal(err)
	}
	var out bytes.Buffer
	w := c.NewWriter(&out)
	if _, err := w.Write(utf8.Bytes()); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("GB18030: %d bytes\n", out.Len())

	back, err := charset.Convert(nil, out.Bytes(), "gb18030", "utf-8")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("round trip equal:", string(back) == text)

	// Bad input is replaced by U+FFFD by default, an error in Strict mode.
	strict, _ := unicode.New(unicode.UTF8, unicode.UTF16LE, unicode.Options{Strict: true})
	_, err = strict.Append(nil, []byte("ok\xffno"))
	fmt.Println(err)
}
