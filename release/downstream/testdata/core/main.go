// A downstream program using core alone.
package main

import (
	"os"
	"strconv"

	"github.com/fastio-go/fastio/core"
)

func main() {
	w := core.NewWriter(os.Stdout)
	for i := range 3 {
		p := w.Reserve(24)
		p = strconv.AppendInt(p[:0], int64(i*i), 10)
		w.Commit(len(append(p, '\n')))
	}
	w.PutString("core ok\n")
	if err := w.Flush(); err != nil {
		os.Exit(1)
	}
}
