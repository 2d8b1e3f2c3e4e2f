// Program customdevice writes a device of its own. Any io.Writer is a
// device already: core.NewWriter buffers it and every formatter works on
// it. Implementing core.BufferedWriter directly (Reserve, Commit, Flush)
// lets formatters write straight into the device's own memory.
package main

import (
	"fmt"
	"os"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

// lineCounter is a plain io.Writer: it counts lines and bytes and passes
// the bytes on.
type lineCounter struct {
	dst          *os.File
	lines, bytes int
	writes       int
}

func (c *lineCounter) Write(p []byte) (int, error) {
	c.writes++
	c.bytes += len(p)
	for _, b := range p {
		if b == '\n' {
			c.lines++
		}
	}
	return c.dst.Write(p)
}

// ring is a buffered device of its own: a fixed ring of the last bytes
// written. Formatters reserve space in its scratch buffer and commit into
// the ring.
type ring struct {
	data    []byte
	next    int
	full    bool
	scratch []byte
}

func newRing(size int) *ring { return &ring{data: make([]byte, size)} }

func (r *ring) Write(p []byte) (int, error) {
	for _, b := range p {
		r.data[r.next] = b
		r.next++
		if r.next == len(r.data) {
			r.next, r.full = 0, true
		}
	}
	return len(p), nil
}

// Reserve returns free space of at least n bytes, as core.BufferedWriter
// requires.
func (r *ring) Reserve(n int) []byte {
	if cap(r.scratch) < n || cap(r.scratch) < 64 {
		r.scratch = make([]byte, max(n, 64))
	}
	return r.scratch[:cap(r.scratch)]
}

// Commit takes the first n bytes of the last reserved slice.
func (r *ring) Commit(n int) { r.Write(r.scratch[:n]) }

// Flush has nothing to push: the ring is the storage.
func (r *ring) Flush() error { return nil }

// Last returns the bytes in the ring, oldest first.
func (r *ring) Last() string {
	if !r.full {
		return string(r.data[:r.next])
	}
	return string(r.data[r.next:]) + string(r.data[:r.next])
}

var _ core.BufferedWriter = (*ring)(nil)

func main() {
	c := &lineCounter{dst: os.Stdout}
	w := core.NewWriter(c) // buffered: one Write per 512 KiB, not per line
	for i := range 3 {
		format.PrintLn(w, "line", i)
	}
	if err := w.Flush(); err != nil {
		os.Exit(1)
	}
	fmt.Printf("%d lines, %d bytes, %d write(s)\n", c.lines, c.bytes, c.writes)

	r := newRing(24)
	for i := range 10 {
		format.PrintLn(r, "event", i)
	}
	fmt.Printf("last bytes: %q\n", r.Last())
}
