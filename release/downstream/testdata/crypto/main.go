// A downstream program using crypto.
package main

import (
	"fmt"
	"os"

	"github.com/fastio-go/fastio/crypto"
)

func main() {
	h, err := crypto.New(crypto.SHA256)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	h.PutString("abc")
	fmt.Println(h.Digest())
}
