// Command okcsv writes CSV rows, flushes, and reads the error with Error.
package main

import (
	"encoding/csv"
	"log"
	"os"
)

func main() {
	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"name", "qty"})
	w.Write([]string{"apples", "3"})
	w.Write([]string{"pears", "5"})
	w.Flush()
	if err := w.Error(); err != nil {
		log.Fatal(err)
	}
}
