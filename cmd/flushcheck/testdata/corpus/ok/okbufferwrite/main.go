// Command okbufferwrite formats each line into a core.Buffer, which needs no Flush, and writes it to the unbuffered os.Stdout at once.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func main() {
	var b core.Buffer
	for i := range 3 {
		b.Reset()
		format.PrintLn(&b, "n =", i)
		if _, err := os.Stdout.Write(b.Bytes()); err != nil {
			log.Fatal(err)
		}
	}
}
