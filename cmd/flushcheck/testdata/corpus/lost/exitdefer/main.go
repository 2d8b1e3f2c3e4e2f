// Command exitdefer defers Flush and then leaves with os.Exit.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer func() {
		if err := w.Flush(); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}()
	fmt.Fprintln(w, "checking input")
	if len(os.Args) < 2 {
		fmt.Fprintln(w, "no input given")
		os.Exit(2)
	}
}
