// Command devicestdout prints through device.Stdout without flushing it.
package main

import (
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

func main() {
	out := device.Stdout()
	for i := 1; i <= 3; i++ {
		format.PrintLn(out, "square of", i, "is", i*i)
	}
}
