// Command deferclosefile defers the file Close but never flushes the bufio.Writer in front of it.
package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
	"path/filepath"
)

func export(path string, n int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	for i := range n {
		fmt.Fprintf(w, "row %d\n", i)
	}
	return nil
}

func main() {
	dir, err := os.MkdirTemp("", "deferclosefile")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "rows.txt")
	if err := export(path, 3); err != nil {
		log.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(b))
}
