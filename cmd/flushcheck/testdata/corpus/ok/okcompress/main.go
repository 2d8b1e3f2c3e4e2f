// Command okcompress uses fastio's compress.Writer and checks Close, which flushes its destination.
package main

import (
	"log"

	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

func main() {
	out := device.Stdout()
	zw, err := compress.NewWriter(out, compress.Gzip, 6, nil)
	if err != nil {
		log.Fatal(err)
	}
	for i := range 4 {
		format.IntLn(zw, i*10)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
}
