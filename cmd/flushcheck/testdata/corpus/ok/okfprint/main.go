// Command okfprint uses format.FprintLn, which writes each call at once, on the unbuffered os.Stdout.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/format"
)

func main() {
	for i := range 3 {
		if err := format.FprintLn(os.Stdout, "n = ", i); err != nil {
			log.Fatal(err)
		}
	}
}
