// Command csvnoflush writes CSV rows and never calls Flush.
package main

import (
	"encoding/csv"
	"os"
)

func main() {
	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"name", "qty"})
	w.Write([]string{"apples", "3"})
	w.Write([]string{"pears", "5"})
}
