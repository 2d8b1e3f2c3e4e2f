// Command okhelper passes its writer to a function that only writes, then flushes.
package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
)

func printReport(w *bufio.Writer, items map[string]int, order []string) {
	for _, k := range order {
		fmt.Fprintf(w, "%-6s %3d\n", k, items[k])
	}
}

func main() {
	w := bufio.NewWriter(os.Stdout)
	printReport(w, map[string]int{"disk": 70, "cpu": 12}, []string{"cpu", "disk"})
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
