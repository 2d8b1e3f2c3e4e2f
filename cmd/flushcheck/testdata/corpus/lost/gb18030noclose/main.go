// Command gb18030noclose converts UTF-8 to GB18030 through a unicode.Writer that is never closed.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/unicode"
)

func main() {
	conv, err := unicode.New(unicode.UTF8, unicode.GB18030, unicode.Options{})
	if err != nil {
		log.Fatal(err)
	}
	w := conv.NewWriter(os.Stdout)
	w.WriteString("\u4e2d\u6587 text\n")
}
