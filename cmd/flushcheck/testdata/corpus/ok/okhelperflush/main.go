// Command okhelperflush passes its writer to a function that writes and flushes it.
package main

import (
	"fmt"
	"os"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func finish(w *core.Writer, total int) error {
	format.PrintLn(w, "total:", total)
	return w.Flush()
}

func main() {
	w := core.NewWriter(os.Stdout)
	format.IntLn(w, 40)
	format.IntLn(w, 2)
	if err := finish(w, 42); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
