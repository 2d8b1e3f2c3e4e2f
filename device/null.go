package device

import (
	"io"

	"github.com/fastio-go/fastio/core"
)

// Null is the null device: a sink that accepts everything, keeps nothing
// and counts the bytes (fast_io's onull / /dev/null without a system
// call). It is a core.BufferedWriter, so formatters can write into it in
// place, and as a reader it is always at end of file. The zero value is
// ready to use.
//
// Null is not built on core's buffering engine, unlike the other buffered
// devices: a write to it costs only the count, where the engine would copy
// every short write into a buffer to be thrown away (BenchmarkNull
// compares the two), and it has none of the rules the engine exists for (no
// device errors, retries or flushes); Commit's range check is its own.
type Null struct {
	n       int64
	scratch []byte
	err     error // a Commit error
}

// Count returns the number of bytes written.
func (d *Null) Count() int64 { return d.n }

// Write counts p.
func (d *Null) Write(p []byte) (int, error) {
	d.n += int64(len(p))
	return len(p), nil
}

// WriteString counts s.
func (d *Null) WriteString(s string) (int, error) {
	d.n += int64(len(s))
	return len(s), nil
}

// Reserve returns scratch space of at least n bytes (4 KiB at least),
// reused from call to call.
func (d *Null) Reserve(n int) []byte {
	if n > len(d.scratch) {
		d.scratch = make([]byte, max(n, 4096))
	}
	return d.scratch
}

// Commit counts n bytes of the last reservation; a count outside it
// records core.ErrInvalidCount, which Flush returns.
func (d *Null) Commit(n int) {
	if uint(n) > uint(len(d.scratch)) {
		if d.err == nil {
			d.err = core.ErrInvalidCount
		}
		return
	}
	d.n += int64(n)
}

// Flush returns the Commit error, if any.
func (d *Null) Flush() error { return d.err }

// ReadFrom reads r to its end, counting the bytes.
func (d *Null) ReadFrom(r io.Reader) (int64, error) {
	if len(d.scratch) < 32<<10 {
		d.scratch = make([]byte, 32<<10)
	}
	return core.ReadEach(r, func() ([]byte, error) { return d.scratch, nil }, func(p []byte) error {
		d.n += int64(len(p))
		return nil
	})
}

// Read returns 0, io.EOF, like reading /dev/null.
func (d *Null) Read(p []byte) (int, error) { return 0, io.EOF }
