// Command klauspostgzip writes with klauspost's gzip and never closes it.
package main

import (
	"fmt"
	"os"

	"github.com/klauspost/compress/gzip"
)

func main() {
	zw, err := gzip.NewWriterLevel(os.Stdout, gzip.BestSpeed)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Fprintln(zw, "fast gzip")
}
