// Command helperio passes its core.Writer to a function taking an io.Writer and never flushes.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func header(w io.Writer, title string) {
	fmt.Fprintf(w, "== %s ==\n", title)
}

func main() {
	w := core.NewWriter(os.Stdout)
	header(w, "totals")
	format.IntLn(w, 42)
}
