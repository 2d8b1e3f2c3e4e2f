// Command okbufio formats with fmt.Fprintf into a bufio.Writer and returns the Flush error from run.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func run() error {
	w := bufio.NewWriter(os.Stdout)
	for i := 1; i <= 3; i++ {
		fmt.Fprintf(w, "%d squared is %d\n", i, i*i)
	}
	return w.Flush()
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
