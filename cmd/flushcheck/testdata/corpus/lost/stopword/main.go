// Command stopword returns from a loop at a stop word before the final Flush.
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
			return
		}
		w.WriteString(word + "\n")
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
