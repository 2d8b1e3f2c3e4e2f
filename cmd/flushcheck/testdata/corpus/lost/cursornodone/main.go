// Command cursornodone writes through a core.Cursor that is never ended by Done.
package main

import (
	"fmt"
	"os"

	"github.com/fastio-go/fastio/core"
)

func main() {
	w := core.NewWriter(os.Stdout)
	c := w.Cursor()
	for _, s := range []string{"a", "b", "c"} {
		c = c.PutString(s)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}
