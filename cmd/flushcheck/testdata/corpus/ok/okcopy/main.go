// Command okcopy copies a reader to a core.Writer with io.Copy and checks Flush.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/fastio-go/fastio/core"
)

func copyOut(r io.Reader) error {
	w := core.NewWriter(os.Stdout)
	if _, err := io.Copy(w, r); err != nil {
		return err
	}
	return w.Flush()
}

func main() {
	if err := copyOut(strings.NewReader("copied text\n")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
