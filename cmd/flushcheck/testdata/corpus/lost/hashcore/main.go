// Command hashcore hashes through a core.Writer in front of a crypto.Hasher and reads the digest without flushing the core.Writer.
package main

import (
	"fmt"
	"log"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/crypto"
	"github.com/fastio-go/fastio/format"
)

func main() {
	h, err := crypto.New(crypto.SHA256)
	if err != nil {
		log.Fatal(err)
	}
	w := core.NewWriter(h)
	format.Str(w, "hello world\n")
	fmt.Printf("%x\n", h.Sum(nil))
}
