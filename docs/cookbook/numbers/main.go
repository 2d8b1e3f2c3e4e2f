// Program numbers writes two million integers and floats to a file, one
// per line, then reads them back and checks the sums. Formatting writes
// into the file's buffer in place (no strconv slices, no fmt boxing) and
// scanning parses in the reader's window (no bufio.Scanner tokens).
package main

import (
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"

	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

const n = 2_000_000

func main() {
	dir, err := os.MkdirTemp("", "numbers")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "numbers.txt")

	// Write: one buffered file, a formatter call per value.
	out, err := device.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	var wantInts int64
	var wantFloats float64
	for i := range n {
		v := int64(i)*7919 - 3_000_000_000
		x := float64(i) / 8
		wantInts += v
		wantFloats += x
		format.Int(out, v)
		out.PutByte(' ')
		format.FloatLn(out, x) // shortest form that reads back exactly
	}
	if err := out.Close(); err != nil { // flushes; reports any write error
		log.Fatal(err)
	}
	info, _ := os.Stat(path)
	fmt.Printf("wrote %d lines, %d bytes\n", n, info.Size())

	// Read: a scanner over the buffered file.
	in, err := device.OpenIn(path)
	if err != nil {
		log.Fatal(err)
	}
	defer in.Close()
	sc := format.NewScanner(in)
	var lines int
	var ints int64
	var floats float64
	for {
		v, err := format.ScanInt[int64](sc, 10)
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err) // says what was expected, what was found, and where
		}
		x, err := sc.Float64()
		if err != nil {
			log.Fatal(err)
		}
		ints += v
		floats += x
		lines++
	}
	fmt.Println("read", lines, "lines")
	fmt.Println("integer sum matches:", ints == wantInts)
	fmt.Println("float sum matches:", floats == wantFloats)
}
