// Command okstopword breaks out of its loop at a stop word and flushes after it.
package main

import (
	"bufio"
	"log"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	for _, word := range []string{"one", "two", "stop", "three"} {
		if word == "stop" {
			break
		}
		w.WriteString(word + "\n")
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
