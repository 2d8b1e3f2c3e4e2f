// Command errorreturnlate reports success with return nil from a function whose other paths flush.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
)

var errEmpty = errors.New("empty input")

func summarize(xs []int) error {
	w := bufio.NewWriter(os.Stdout)
	if len(xs) == 0 {
		return errEmpty
	}
	sum := 0
	for _, x := range xs {
		sum += x
	}
	fmt.Fprintln(w, "sum:", sum)
	if sum > 100 {
		fmt.Fprintln(w, "large")
		return w.Flush()
	}
	return nil
}

func main() {
	if err := summarize([]int{1, 2, 3}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
