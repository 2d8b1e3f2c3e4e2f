package jenkins_test

import (
	"fmt"

	"github.com/fastio-go/fastio/crypto/jenkins"
)

func Example() {
	fmt.Printf("%08x\n", jenkins.OneAtATime("The quick brown fox jumps over the lazy dog"))
	fmt.Printf("%08x\n", jenkins.Lookup3("Four score and seven years ago", 0))
	c, b := jenkins.Lookup3Pair("Four score and seven years ago", 0, 0)
	fmt.Printf("%08x %08x\n", c, b)
	// Output:
	// 519e91f5
	// 17770551
	// 17770551 ce7226e6
}

func ExampleOneAtATimeHash() {
	var h jenkins.OneAtATimeHash
	fmt.Fprintf(&h, "The quick brown fox %s over the lazy dog", "jumps")
	fmt.Printf("%08x\n", h.Sum32())
	// Output:
	// 519e91f5
}
