// Command funcvalue writes through a function value that takes the writer and never flushes.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	render := func(w *bufio.Writer, k string, v int) {
		fmt.Fprintf(w, "%s: %d\n", k, v)
	}
	render(w, "a", 1)
	render(w, "b", 2)
}
