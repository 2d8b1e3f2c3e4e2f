// Command first is the first fastio program: buffered output to stdout,
// numbers formatted in place, one flush at the end.
package main

import (
	"log"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

func main() {
	out := device.Stdout() // buffered standard output
	defer func() {
		if err := out.Flush(); err != nil { // nothing reaches the terminal before this
			log.Fatal(err)
		}
	}()
	for i := 1; i <= 5; i++ {
		format.Println(out, "square of ", i, " is ", i*i)
	}
	var w core.BufferedWriter = out // the concept every formatter writes to
	format.IntLn(w, 1<<40)
}
