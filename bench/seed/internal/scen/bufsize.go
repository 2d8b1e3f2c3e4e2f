package scen

import (
	"bytes"
	"crypto/sha256"
	"os"
	"strconv"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

// The buffer-size scenarios: "Hello World\n" lines and integer lines
// through a core.Writer of a given size over an *os.File.
//
//	bufsize.lines SIZE N OUT
//	bufsize.ints SIZE N OUT
var (
	_ = register("bufsize.lines", func(a []string) (string, error) {
		return "", withSizedWriter(a, func(w *core.Writer, n int) {
			for range n {
				w.PutString("Hello World\n")
			}
		})
	})
	_ = register("bufsize.ints", func(a []string) (string, error) {
		return "", withSizedWriter(a, func(w *core.Writer, n int) {
			for i := range n {
				format.IntLn(w, i)
			}
		})
	})
)

// withSizedWriter reads SIZE N OUT, and calls f with a core.Writer of
// SIZE bytes over the created file OUT and the count.
func withSizedWriter(a []string, f func(w *core.Writer, n int)) error {
	size, err := strconv.Atoi(arg(a, 0))
	if err != nil {
		return err
	}
	return withFile(a[1:], func(file *os.File, n int) error {
		w := core.NewWriterSize(file, size)
		f(w, n)
		return w.Flush()
	})
}

// WantLines is the digest of n "Hello World\n" lines, the expected output
// of the line scenarios.
func WantLines(n int) string {
	h := sha256.New()
	chunk := bytes.Repeat([]byte("Hello World\n"), 1<<12)
	for m := n; m >= 1<<12; m -= 1 << 12 {
		h.Write(chunk)
	}
	h.Write(chunk[:12*(n%(1<<12))])
	return DigestOf(h.Sum(nil), 12*int64(n))
}
