// Command okhashdirect writes to a crypto.Hasher with format and reads the digest, which flushes it.
package main

import (
	"fmt"
	"log"

	"github.com/fastio-go/fastio/crypto"
	"github.com/fastio-go/fastio/format"
)

func main() {
	h, err := crypto.New(crypto.SHA256)
	if err != nil {
		log.Fatal(err)
	}
	format.Str(h, "hello world\n")
	fmt.Printf("%x\n", h.Sum(nil))
}
