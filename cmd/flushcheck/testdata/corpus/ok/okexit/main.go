// Command okexit flushes before os.Exit.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(w, "checking input")
	if len(os.Args) < 2 {
		fmt.Fprintln(w, "no input given")
		if err := w.Flush(); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
		os.Exit(2)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
