// Command tabwriter aligns columns with text/tabwriter and forgets its Flush.
package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

func main() {
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	fmt.Fprintln(tw, "name\tsize")
	fmt.Fprintln(tw, "a.txt\t12")
}
