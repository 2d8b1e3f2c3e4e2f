// Command okrecordfile writes records with record.Writer, flushes it before closing the file, and reads the file back.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/fastio-go/fastio/codec/record"
)

func main() {
	dir, err := os.MkdirTemp("", "okrecordfile")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "names.rec")
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	w := record.NewWriter(f)
	for _, name := range []string{"ada", "grace", "linus"} {
		w.String(1, name)
		if err := w.EndRecord(); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	in, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer in.Close()
	r := record.NewReader(in)
	n := 0
	for r.Next() {
		n++
	}
	fmt.Println(n, "records")
}
