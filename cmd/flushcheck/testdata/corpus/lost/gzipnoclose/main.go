// Command gzipnoclose compresses to stdout with compress/gzip and never closes the stream.
package main

import (
	"compress/gzip"
	"fmt"
	"os"
)

func main() {
	zw := gzip.NewWriter(os.Stdout)
	for i := range 3 {
		fmt.Fprintf(zw, "line %d\n", i)
	}
}
