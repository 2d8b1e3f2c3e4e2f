// Command okcached caches its writer in a field behind a getter, the way a command caches stdout, and flushes it at the end.
package main

import (
	"fmt"
	"io"
	"log"
	"os"

	"github.com/fastio-go/fastio/core"
)

type run struct {
	stdout io.Writer
	w      *core.Writer
}

func (r *run) out() *core.Writer {
	if r.w == nil {
		r.w = core.NewWriter(r.stdout)
	}
	return r.w
}

func (r *run) list(name string, size int) {
	w := r.out()
	fmt.Fprintf(w, "%-8s %5d\n", name, size)
}

func main() {
	r := &run{stdout: os.Stdout}
	r.list("a.gz", 120)
	r.list("b.gz", 4096)
	if err := r.out().Flush(); err != nil {
		log.Fatal(err)
	}
}
