// Command method writes through a method of its own type and never flushes.
package main

import (
	"bufio"
	"fmt"
	"os"
)

type point struct{ x, y int }

func (p point) writeTo(w *bufio.Writer) {
	fmt.Fprintf(w, "(%d, %d)\n", p.x, p.y)
}

func main() {
	w := bufio.NewWriter(os.Stdout)
	for _, p := range []point{{1, 2}, {3, 4}} {
		p.writeTo(w)
	}
}
