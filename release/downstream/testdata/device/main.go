// A downstream program using device: a buffered file written and read back.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/fastio-go/fastio/device"
)

func main() {
	dir, err := os.MkdirTemp("", "downstream")
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "squares.txt")
	out, err := device.Create(name)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	for i := range 100 {
		p := out.Reserve(24)
		p = strconv.AppendInt(p[:0], int64(i*i), 10)
		out.Commit(len(append(p, '\n')))
	}
	if err := out.Close(); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println(len(data))
}
