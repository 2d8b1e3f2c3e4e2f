// Command typedfuncs prints items with format.Str and Int on device.Stdout and never flushes.
package main

import (
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

func main() {
	out := device.Stdout()
	for i := range 3 {
		format.Str(out, "item ")
		format.Int(out, i)
		format.Str(out, "\n")
	}
}
