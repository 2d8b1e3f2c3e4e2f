// Command okemit writes through a closure held in a variable and flushes after the last call.
package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	emit := func(k string, v int) {
		fmt.Fprintf(w, "%s=%d\n", k, v)
	}
	emit("x", 1)
	emit("y", 2)
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
