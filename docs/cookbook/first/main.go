// Command first is the first fastio program: buffered output to stdout,
// numbers formatted in place, one flush at the end.
package main

import (
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

func main() {
	out := device.Stdout() // buffered standard output
	defer out.Flush()      // nothing reaches the terminal before this
	for i := 1; i <= 5; i++ {
		format.PrintLn(out, "square of ", i, " is ", i*i)
	}
	var w core.BufferedWriter = out // the concept every formatter writes to
	format.IntLn(w, 1<<40)
}
