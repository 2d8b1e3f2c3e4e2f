// Command okgzipbufio closes a gzip.Writer over a bufio.Writer, then flushes the bufio.Writer.
package main

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"log"
	"os"
)

func main() {
	bw := bufio.NewWriter(os.Stdout)
	zw := gzip.NewWriter(bw)
	fmt.Fprintln(zw, "compressed through bufio")
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		log.Fatal(err)
	}
}
