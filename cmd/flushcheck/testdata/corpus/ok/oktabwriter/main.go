// Command oktabwriter aligns columns with text/tabwriter and checks its Flush.
package main

import (
	"fmt"
	"log"
	"os"
	"text/tabwriter"
)

func main() {
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	fmt.Fprintln(tw, "name\tsize")
	fmt.Fprintln(tw, "a.txt\t12")
	if err := tw.Flush(); err != nil {
		log.Fatal(err)
	}
}
