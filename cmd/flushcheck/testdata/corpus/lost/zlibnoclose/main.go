// Command zlibnoclose writes a zlib stream and forgets Close.
package main

import (
	"compress/zlib"
	"os"
)

func main() {
	zw := zlib.NewWriter(os.Stdout)
	zw.Write([]byte("zlib data\n"))
}
