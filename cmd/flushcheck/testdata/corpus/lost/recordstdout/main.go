// Command recordstdout writes records to standard output with record.Writer and never flushes.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/codec/record"
)

func main() {
	w := record.NewWriter(os.Stdout)
	w.String(1, "hello")
	if err := w.EndRecord(); err != nil {
		log.Fatal(err)
	}
}
