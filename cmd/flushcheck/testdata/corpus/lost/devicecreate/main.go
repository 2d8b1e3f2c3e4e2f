// Command devicecreate writes a file with device.Create, never closes it, and reads it back.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
)

func save(path string, xs []int) error {
	out, err := device.Create(path)
	if err != nil {
		return err
	}
	for _, x := range xs {
		format.IntLn(out, x)
	}
	return nil
}

func main() {
	dir, err := os.MkdirTemp("", "devicecreate")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "nums.txt")
	if err := save(path, []int{1, 2, 3}); err != nil {
		log.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(b))
}
