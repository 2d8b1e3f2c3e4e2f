// Command cursordropped drops the result of Cursor.PutString.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/core"
)

func main() {
	w := core.NewWriter(os.Stdout)
	c := w.Cursor()
	c.PutString("first ")
	c = c.PutString("second\n")
	c.Done()
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
