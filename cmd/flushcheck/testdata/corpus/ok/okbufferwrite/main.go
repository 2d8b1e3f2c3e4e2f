// Command okbufferwrite formats each line into a byte slice, which needs no Flush, and writes it to the unbuffered os.Stdout at once.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/format"
)

func main() {
	var b []byte
	for i := range 3 {
		b = append(b[:0], "n = "...)
		b = format.AppendInt(b, i)
		b = append(b, '\n')
		if _, err := os.Stdout.Write(b); err != nil {
			log.Fatal(err)
		}
	}
}
