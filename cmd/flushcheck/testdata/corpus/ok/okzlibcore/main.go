// Command okzlibcore closes a zlib.Writer over a core.Writer, then flushes the core.Writer.
package main

import (
	"compress/zlib"
	"log"
	"os"

	"github.com/fastio-go/fastio/core"
)

func main() {
	cw := core.NewWriter(os.Stdout)
	zw := zlib.NewWriter(cw)
	zw.Write([]byte("through core\n"))
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := cw.Flush(); err != nil {
		log.Fatal(err)
	}
}
