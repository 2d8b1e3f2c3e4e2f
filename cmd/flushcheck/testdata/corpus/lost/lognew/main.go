// Command lognew logs through log.New over a bufio.Writer and never flushes it.
package main

import (
	"bufio"
	"log"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	logger := log.New(w, "app: ", 0)
	logger.Println("starting")
	logger.Println("done")
}
