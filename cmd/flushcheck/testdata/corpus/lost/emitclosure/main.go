// Command emitclosure writes through a closure held in a variable and never flushes.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	emit := func(k string, v int) {
		fmt.Fprintf(w, "%s=%d\n", k, v)
	}
	emit("x", 1)
	emit("y", 2)
}
