// Command okselect returns the Flush error from the done case of a select loop.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func pump(words <-chan string, done <-chan struct{}) error {
	w := bufio.NewWriter(os.Stdout)
	for {
		select {
		case s := <-words:
			w.WriteString(s + "\n")
		case <-done:
			return w.Flush()
		}
	}
}

func main() {
	words := make(chan string)
	done := make(chan struct{})
	go func() {
		for _, s := range []string{"ping", "pong"} {
			words <- s
		}
		close(done)
	}()
	if err := pump(words, done); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
