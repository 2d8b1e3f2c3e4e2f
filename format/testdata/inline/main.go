// Command inline is built by TestInlining with -gcflags=-m to check which
// print calls the compiler inlines into a caller's loop.
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
		format.Line(w).Str("n=").Int(i).Fixed(float64(i), 2).Quote("q").End()
	}
	w.Flush()
}
