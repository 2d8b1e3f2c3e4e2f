// Command exitcode defers Flush and ends main with os.Exit(code).
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	failed := 0
	for _, name := range []string{"a", "b"} {
		fmt.Fprintln(w, "checked", name)
	}
	os.Exit(failed)
}
