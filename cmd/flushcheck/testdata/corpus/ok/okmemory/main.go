// Command okmemory buffers into a bytes.Buffer through bufio, whose Flush cannot fail, and prints the buffer.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
)

func main() {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	fmt.Fprintf(w, "%s has %d bytes\n", "hello", len("hello"))
	w.Flush()
	os.Stdout.Write(b.Bytes())
}
