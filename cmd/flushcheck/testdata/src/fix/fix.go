// Package fix holds the reports that come with a suggested fix; fix.go.golden
// is this file with the fixes applied.
package fix

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"

	"github.com/fastio-go/fastio/core"
)

func deferred(lines []string) error {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush() // want `the error of the deferred w.Flush is dropped, and the function returns an error: return it through a named result`
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	return nil
}

func deferredTwoResults(r io.Reader) (int64, error) {
	w := core.NewWriter(os.Stdout)
	defer w.Close() // want `the error of the deferred w.Close is dropped`
	return io.Copy(w, r)
}

func deferredNamed(p []byte) (n int, err error) {
	w := core.NewWriter(os.Stdout)
	defer w.Flush() // want `the error of the deferred w.Flush is dropped`
	return w.Write(p)
}

func deferredErrTaken(p []byte) error {
	err := os.WriteFile(os.DevNull, p, 0o644)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush() // want `the error of the deferred w.Flush is dropped`
	if err != nil {
		return err
	}
	w.Write(p)
	return nil
}

func returnNil(p []byte) error {
	w := bufio.NewWriter(os.Stdout) // want `w \(\*bufio.Writer\) is not flushed or closed on the path returning at line 52`
	w.Write(p)
	return nil
}

func returnNilCompressed(p []byte) (int, error) {
	zw := gzip.NewWriter(os.Stdout) // want `zw \(\*gzip.Writer\) is not flushed or closed on the path returning at line 58`
	n, _ := zw.Write(p)
	return n, nil
}
