// Program first is the first fastio program: buffered output to stdout,
// numbers formatted in place, one flush at the end.
package main

import (
	"log"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

func main() {
	out := device.Stdout() // buffered standard output: nothing reaches the terminal before Flush
	for i := 1; i <= 5; i++ {
		format.PrintLn(out, "square of", i, "is", i*i)
	}
	var w core.BufferedWriter = out // the concept every formatter writes to
	format.IntLn(w, 1<<40)
	if err := out.Flush(); err != nil { // a write error (a full disk, a closed pipe) surfaces here
		log.Fatal(err)
	}
}
