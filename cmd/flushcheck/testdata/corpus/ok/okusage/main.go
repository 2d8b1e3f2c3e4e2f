// Command okusage flushes on its early return too.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func run(args []string) error {
	w := bufio.NewWriter(os.Stdout)
	if len(args) == 0 {
		fmt.Fprintln(w, "usage: okusage NAME...")
		return w.Flush()
	}
	for _, a := range args {
		fmt.Fprintln(w, "hello,", a)
	}
	return w.Flush()
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
