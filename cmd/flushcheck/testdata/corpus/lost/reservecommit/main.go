// Command reservecommit formats in place with Reserve and Commit and never flushes.
package main

import (
	"os"
	"strconv"

	"github.com/fastio-go/fastio/core"
)

func main() {
	w := core.NewWriter(os.Stdout)
	for i := range 5 {
		p := w.Reserve(24)
		p = strconv.AppendInt(p[:0], int64(i*i), 10)
		p = append(p, '\n')
		w.Commit(len(p))
	}
	w.PutString("done\n")
}
