// Command oknamedresult flushes in a deferred closure that sets the named error result.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func run(names []string) (err error) {
	w := bufio.NewWriter(os.Stdout)
	defer func() {
		if ferr := w.Flush(); ferr != nil && err == nil {
			err = ferr
		}
	}()
	for _, n := range names {
		if _, err := fmt.Fprintln(w, "hi", n); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	if err := run([]string{"ann", "bob"}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
