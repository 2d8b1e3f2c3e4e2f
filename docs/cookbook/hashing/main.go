// Program hashing hashes a file with SHA-256 and authenticates a message
// with HMAC-SHA-256. A Hasher is an output device, so anything that prints
// to a buffered writer can print into a hash.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/fastio-go/fastio/crypto"
	"github.com/fastio-go/fastio/format"
)

func main() {
	dir, err := os.MkdirTemp("", "hashing")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hello.txt")
	if err := os.WriteFile(path, []byte("Hello World\n"), 0o644); err != nil {
		log.Fatal(err)
	}

	// A file: the same digest as `sha256sum hello.txt`.
	sum, err := crypto.SumFile(crypto.SHA256, path)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("sha256 ", sum)

	// Any algorithm by name, as a command line would take it.
	alg, err := crypto.ParseAlgorithm("sha512")
	if err != nil {
		log.Fatal(err)
	}
	sum512, err := crypto.SumFile(alg, path)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("sha512 ", sum512.String()[:32], "…")

	// An HMAC of a message, and its check in constant time.
	key := []byte("secret key")
	mac, err := crypto.MAC(crypto.SHA256, key, "amount=100&to=ann")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("hmac   ", mac)
	received, err := crypto.ParseHexDigest(mac.String())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("valid  ", received.Equal(mac))

	// Formatters print straight into a Hasher: no text is built first.
	h, err := crypto.NewHMAC(crypto.SHA256, key)
	if err != nil {
		log.Fatal(err)
	}
	format.Print(h, "amount=", 100, "&to=", "ann")
	fmt.Println("same   ", h.Digest().Equal(mac))

	_, err = crypto.ParseAlgorithm("md5")
	fmt.Println(err)
}
