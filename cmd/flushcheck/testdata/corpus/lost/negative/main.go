// Command negative stops at the first negative number and returns before flushing.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func main() {
	w := core.NewWriter(os.Stdout)
	for _, x := range []int{4, 9, -1, 16} {
		if x < 0 {
			format.PrintLn(w, "negative input:", x)
			return
		}
		format.IntLn(w, x)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
