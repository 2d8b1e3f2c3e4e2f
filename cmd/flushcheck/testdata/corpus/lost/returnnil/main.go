// Command returnnil returns nil from run with the output still buffered.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func run() error {
	w := bufio.NewWriter(os.Stdout)
	for i := 3; i > 0; i-- {
		fmt.Fprintf(w, "%d...\n", i)
	}
	fmt.Fprintln(w, "liftoff")
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
