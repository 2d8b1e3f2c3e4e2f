// Command okformatints prints ten numbers with format.IntLn and checks the final Flush.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func main() {
	w := core.NewWriter(os.Stdout)
	for i := range 10 {
		format.IntLn(w, i)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
