// Command okhmac computes an HMAC through a core.Writer, flushing it before reading the tag.
package main

import (
	"fmt"
	"log"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/crypto"
)

func main() {
	mac, err := crypto.NewHMAC(crypto.SHA256, []byte("key"))
	if err != nil {
		log.Fatal(err)
	}
	w := core.NewWriter(mac)
	w.PutString("message\n")
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%x\n", mac.Sum(nil))
}
