// Command okrecordstdout writes records to standard output and checks Flush.
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
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
