// Command okfuncvalue writes through a function value that takes the writer, then flushes.
package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	render := func(w *bufio.Writer, k string, v int) {
		fmt.Fprintf(w, "%s: %d\n", k, v)
	}
	render(w, "a", 1)
	render(w, "b", 2)
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
