// Command okjsonencoder encodes JSON through a bufio.Writer and flushes.
package main

import (
	"bufio"
	"encoding/json"
	"log"
	"os"
)

type item struct {
	Name string `json:"name"`
	Qty  int    `json:"qty"`
}

func main() {
	w := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(w)
	for _, it := range []item{{"apples", 3}, {"pears", 5}} {
		if err := enc.Encode(it); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}
