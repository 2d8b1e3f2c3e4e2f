// Command okerrorpath returns its errors as they come and the Flush error at the end.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
)

var errNegative = errors.New("negative input")

func squares(xs []int) error {
	w := bufio.NewWriter(os.Stdout)
	for _, x := range xs {
		if x < 0 {
			return fmt.Errorf("%d: %w", x, errNegative)
		}
		if _, err := fmt.Fprintln(w, x*x); err != nil {
			return err
		}
	}
	return w.Flush()
}

func main() {
	if err := squares([]int{1, 2, 3}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
