// Command verboseflush flushes only when a verbose flag is set.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

func main() {
	verbose := flag.Bool("v", false, "verbose")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(w, "result: 7")
	if *verbose {
		fmt.Fprintln(w, "computed in one step")
		w.Flush()
	}
}
