// Command fataldefer defers Flush and then calls log.Fatal.
package main

import (
	"log"
	"os"

	"github.com/fastio-go/fastio/core"
)

func main() {
	w := core.NewWriter(os.Stdout)
	defer func() {
		if err := w.Flush(); err != nil {
			log.Print(err)
		}
	}()
	w.PutString("loading config\n")
	if _, err := os.Stat("/nonexistent/fataldefer.conf"); err != nil {
		log.Fatal(err)
	}
}
