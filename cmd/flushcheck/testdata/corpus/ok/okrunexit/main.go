// Command okrunexit keeps os.Exit in main and the deferred Flush in run.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func run() (err error) {
	w := bufio.NewWriter(os.Stdout)
	defer func() {
		if ferr := w.Flush(); ferr != nil && err == nil {
			err = ferr
		}
	}()
	for _, name := range []string{"a", "b"} {
		fmt.Fprintln(w, "checked", name)
	}
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
