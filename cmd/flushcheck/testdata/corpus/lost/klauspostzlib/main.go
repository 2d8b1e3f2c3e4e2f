// Command klauspostzlib writes a zlib stream with klauspost's zlib and forgets Close.
package main

import (
	"os"

	"github.com/klauspost/compress/zlib"
)

func main() {
	zw := zlib.NewWriter(os.Stdout)
	zw.Write([]byte("klauspost zlib\n"))
}
