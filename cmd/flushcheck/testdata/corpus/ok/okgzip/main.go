// Command okgzip compresses to stdout with compress/gzip and checks Close.
package main

import (
	"compress/gzip"
	"fmt"
	"log"
	"os"
)

func main() {
	zw := gzip.NewWriter(os.Stdout)
	for i := range 3 {
		fmt.Fprintf(zw, "line %d\n", i)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
}
