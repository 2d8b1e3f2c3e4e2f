// Command okzlib writes a zlib stream and returns the Close error.
package main

import (
	"compress/zlib"
	"fmt"
	"os"
)

func write(p []byte) error {
	zw := zlib.NewWriter(os.Stdout)
	if _, err := zw.Write(p); err != nil {
		return err
	}
	return zw.Close()
}

func main() {
	if err := write([]byte("zlib data\n")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
