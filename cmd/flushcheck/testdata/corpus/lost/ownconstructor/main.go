// Command ownconstructor makes its writer in a function of its own and never flushes it.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func newOutput() *bufio.Writer {
	return bufio.NewWriterSize(os.Stdout, 64<<10)
}

func main() {
	w := newOutput()
	fmt.Fprintln(w, "big buffer, no flush")
}
