// Command okcsvwriteall writes CSV with WriteAll, which flushes, and checks its error.
package main

import (
	"encoding/csv"
	"log"
	"os"
)

func main() {
	w := csv.NewWriter(os.Stdout)
	rows := [][]string{{"a", "1"}, {"b", "2"}}
	if err := w.WriteAll(rows); err != nil {
		log.Fatal(err)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		log.Fatal(err)
	}
}
