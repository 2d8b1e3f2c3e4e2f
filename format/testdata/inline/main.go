// Command inline is built by TestInlining with -gcflags=-m to check that IntLn
// inlines into a caller's loop.
package main

import (
	"os"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func main() {
	w := core.NewWriter(os.Stdout)
	for i := range 10 {
		format.IntLn(w, i)
	}
	w.Flush()
}
