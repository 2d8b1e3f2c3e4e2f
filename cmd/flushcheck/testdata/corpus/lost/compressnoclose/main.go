// Command compressnoclose uses fastio's compress.Writer and ends without Close.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/format"
)

func main() {
	zw, err := compress.NewWriter(os.Stdout, compress.Gzip, 6, nil)
	if err != nil {
		log.Fatal(err)
	}
	for i := range 4 {
		format.IntLn(zw, i*10)
	}
}
