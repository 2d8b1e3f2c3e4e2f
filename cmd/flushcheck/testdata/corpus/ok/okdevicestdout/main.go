// Command okdevicestdout prints through device.Stdout and flushes it in a deferred closure that checks the error.
package main

import (
	"log"

	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

func main() {
	out := device.Stdout()
	defer func() {
		if err := out.Flush(); err != nil {
			log.Fatal(err)
		}
	}()
	for i := 1; i <= 3; i++ {
		format.PrintLn(out, "square of", i, "is", i*i)
	}
}
