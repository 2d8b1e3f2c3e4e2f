// Program mmap maps a file into memory and counts its lines, words and
// numbers: the window of a Mapped is the whole file, so counting and
// scanning read the page cache directly, with no copy and no read calls.
package main

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"

	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

func main() {
	dir, err := os.MkdirTemp("", "mmap")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "data.txt")
	out, err := device.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	for i := range 300_000 {
		format.PrintLn(out, i, i%97)
	}
	if err := out.Close(); err != nil {
		log.Fatal(err)
	}

	m, err := device.Map(path)
	if err != nil {
		log.Fatal(err)
	}
	defer m.Close()
	data := m.Window() // the whole file, valid until Close
	fmt.Println("bytes:", len(data))
	fmt.Println("lines:", bytes.Count(data, []byte{'\n'}))
	fmt.Println("words:", len(bytes.Fields(data)))

	// A Mapped is a buffered reader: a scanner parses the mapping in place.
	sc := format.NewScanner(m)
	var sum int64
	for {
		v, err := format.ScanInt[int64](sc, 10)
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		sum += v
	}
	fmt.Println("sum of all numbers:", sum)
}
