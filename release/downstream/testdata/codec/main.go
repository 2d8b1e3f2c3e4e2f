// A downstream program using codec's record and varint packages.
package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/fastio-go/fastio/codec/record"
	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

func main() {
	var mem bytes.Buffer
	w := record.NewWriter(&mem)
	w.Uint(1, 1000)
	w.String(4, "photo.jpg")
	w.Blob(5, varint.AppendUint(nil, 300))
	if err := w.EndRecord(); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	if err := w.Flush(); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	r := record.NewReader(core.NewSpanReader(mem.Bytes()))
	for r.Next() {
		d := r.Fields()
		for d.Next() {
			f := d.Field()
			fmt.Println(f.ID, f.Value, len(f.Data))
		}
		if err := d.Err(); err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
	}
	if err := r.Err(); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
}
