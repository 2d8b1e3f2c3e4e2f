// Command okcleanup opens its writer with a cleanup function that flushes it, and calls it.
package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
)

func open() (*bufio.Writer, func() error) {
	w := bufio.NewWriter(os.Stdout)
	return w, func() error { return w.Flush() }
}

func main() {
	w, done := open()
	fmt.Fprintln(w, "with cleanup")
	if err := done(); err != nil {
		log.Fatal(err)
	}
}
