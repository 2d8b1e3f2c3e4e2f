// Command okwriterloop hands its writer to a goroutine that owns it and flushes it when the channel closes.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func writer(lines <-chan string, done chan<- error) {
	w := bufio.NewWriter(os.Stdout)
	for l := range lines {
		w.WriteString(l + "\n")
	}
	done <- w.Flush()
}

func main() {
	lines := make(chan string)
	done := make(chan error)
	go writer(lines, done)
	for _, l := range []string{"one", "two"} {
		lines <- l
	}
	close(lines)
	if err := <-done; err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
