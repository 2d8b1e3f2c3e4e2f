// Command bufiofprintf formats a table with fmt.Fprintf into a bufio.Writer and forgets Flush.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	for i := 1; i <= 3; i++ {
		fmt.Fprintf(w, "%d squared is %d\n", i, i*i)
	}
}
