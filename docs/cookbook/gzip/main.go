// Program gzip compresses a stream with gzip, then inflates it twice: once
// within a size limit it fits, once with a limit it exceeds, which stops
// with an error instead of filling memory (the defence against a
// decompression bomb).
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"

	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func main() {
	// Compress: the gzip Writer is a buffered writer, so formatters write
	// into it in place.
	var gz bytes.Buffer
	w, err := compress.NewWriter(&gz, compress.Gzip, compress.DefaultCompression, nil)
	if err != nil {
		log.Fatal(err)
	}
	for i := range 100_000 {
		format.PrintLn(w, "line", i, "of a very repetitive log")
	}
	if err := w.Close(); err != nil { // writes the trailer
		log.Fatal(err)
	}
	fmt.Printf("compressed %d bytes into %d\n", w.InputSize(), gz.Len())

	// Inflate within a limit it fits.
	r, err := compress.NewReader(bytes.NewReader(gz.Bytes()), compress.Gzip,
		&compress.ReaderOptions{MaxSize: 8 << 20})
	if err != nil {
		log.Fatal(err)
	}
	n, err := io.Copy(io.Discard, r)
	fmt.Println("inflated", n, "bytes, error:", err)

	// A limit smaller than the stream: an error after exactly MaxSize bytes.
	r, err = compress.NewReader(bytes.NewReader(gz.Bytes()), compress.Gzip,
		&compress.ReaderOptions{MaxSize: 1 << 20})
	if err != nil {
		log.Fatal(err)
	}
	n, err = io.Copy(io.Discard, r)
	fmt.Println("inflated", n, "bytes, too large:", errors.Is(err, core.ErrTooLarge))
	fmt.Println(err)
}
