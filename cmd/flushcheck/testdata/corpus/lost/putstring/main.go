// Command putstring writes lines with PutString and ends without Flush.
package main

import (
	"os"

	"github.com/fastio-go/fastio/core"
)

func main() {
	w := core.NewWriter(os.Stdout)
	for _, s := range []string{"alpha", "beta", "gamma"} {
		w.PutString(s)
		w.PutString("\n")
	}
}
