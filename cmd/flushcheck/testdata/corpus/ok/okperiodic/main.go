// Command okperiodic flushes every thousand lines and once more after the loop.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func main() {
	w := core.NewWriter(os.Stdout)
	for i := 1; i <= 1500; i++ {
		format.IntLn(w, i)
		if i%1000 == 0 {
			if err := w.Flush(); err != nil {
				log.Fatal(err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
