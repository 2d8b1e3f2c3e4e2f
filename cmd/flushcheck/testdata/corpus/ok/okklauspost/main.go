// Command okklauspost writes with klauspost's gzip and checks Close.
package main

import (
	"fmt"
	"log"
	"os"

	"github.com/klauspost/compress/gzip"
)

func main() {
	zw, err := gzip.NewWriterLevel(os.Stdout, gzip.BestSpeed)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintln(zw, "fast gzip")
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
}
