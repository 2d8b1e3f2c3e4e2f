// Command okbufiofile flushes the bufio.Writer, then closes the file.
package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
	"path/filepath"
)

func writeLines(path string, lines []string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func main() {
	dir, err := os.MkdirTemp("", "okbufiofile")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "out.txt")
	if err := writeLines(path, []string{"first", "second"}); err != nil {
		log.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(b))
}
