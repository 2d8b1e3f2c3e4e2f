// Command selectdone returns from a select loop on done without flushing.
package main

import (
	"bufio"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	words := make(chan string)
	done := make(chan struct{})
	go func() {
		for _, s := range []string{"ping", "pong"} {
			words <- s
		}
		close(done)
	}()
	for {
		select {
		case s := <-words:
			w.WriteString(s + "\n")
		case <-done:
			return
		}
	}
}
