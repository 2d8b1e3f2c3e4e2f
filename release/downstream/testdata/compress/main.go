// A downstream program using compress: a zlib round trip.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/fastio-go/fastio/compress"
)

func main() {
	var z bytes.Buffer
	w, err := compress.NewWriter(&z, compress.Zlib, compress.DefaultCompression, nil)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	text := strings.Repeat("fastio ", 1000)
	w.Write([]byte(text))
	if err := w.Close(); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	r, err := compress.NewReader(&z, compress.Zlib, &compress.ReaderOptions{MaxSize: 1 << 20})
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	back, err := io.ReadAll(r)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println(len(back), string(back) == text)
}
