// Command okcursor writes through a core.Cursor, ends it with Done and flushes.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/core"
)

func main() {
	w := core.NewWriter(os.Stdout)
	c := w.Cursor()
	for _, s := range []string{"a", "b", "c"} {
		c = c.PutString(s)
	}
	c = c.PutString("\n")
	c.Done()
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
