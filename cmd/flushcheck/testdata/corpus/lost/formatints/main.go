// Command formatints prints ten numbers with format.IntLn and never flushes.
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
}
