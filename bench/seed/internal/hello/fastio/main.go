// Command fastio is the hello world of the binary-size table, written with
// fastio: buffered standard output and format.Str.
package main

import (
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

func main() {
	out := device.Stdout()
	format.Str(out, "Hello World\n")
	if err := out.Flush(); err != nil {
		panic(err)
	}
}
