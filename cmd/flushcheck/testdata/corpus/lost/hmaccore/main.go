// Command hmaccore computes an HMAC through a core.Writer and reads the tag without flushing the core.Writer.
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
	fmt.Printf("%x\n", mac.Sum(nil))
}
