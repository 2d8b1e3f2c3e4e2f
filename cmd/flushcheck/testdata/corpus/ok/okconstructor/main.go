// Command okconstructor makes its writer in a function of its own and flushes it.
package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
)

func newOutput() *bufio.Writer {
	return bufio.NewWriterSize(os.Stdout, 64<<10)
}

func main() {
	w := newOutput()
	fmt.Fprintln(w, "big buffer, flushed")
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
