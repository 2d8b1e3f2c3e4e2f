package device

import (
	"io"

	"github.com/fastio-go/fastio/core"
)

// Null is the null device: a sink that accepts everything, keeps nothing
// and counts the bytes (fast_io's onull / /dev/null without a system
// call). It is a core.BufferedWriter, so formatters can write into it in
// place, a gathered writer (WriteBuffers), and as a reader it is always
// at end of file.
// The zero value is ready to use. After Close every write returns an error
// wrapping ErrClosed, as a closed file's would, until Reset.
//
// Null is not built on core's buffering engine, unlike the other buffered
// devices: a write to it costs only the count, where the engine would copy
// every short write into a buffer to be thrown away (BenchmarkNull
// compares the two), and it has none of the rules the engine exists for (no
// device errors, retries or flushes); Commit's range check is its own.
type Null struct {
	n       int64
	scratch []byte
	err     error // a Commit error, or ErrClosed
}

// Count returns the number of bytes written.
func (d *Null) Count() int64 { return d.n }

// Reset sets the count to zero and forgets a Commit error or a Close.
func (d *Null) Reset() { d.n, d.err = 0, nil }

// Write counts p.
func (d *Null) Write(p []byte) (int, error) {
	if d.err == ErrClosed {
		return 0, ErrClosed
	}
	d.n += int64(len(p))
	return len(p), nil
}

// WriteString counts s.
func (d *Null) WriteString(s string) (int, error) {
	if d.err == ErrClosed {
		return 0, ErrClosed
	}
	d.n += int64(len(s))
	return len(s), nil
}

// WriteByte counts one byte.
func (d *Null) WriteByte(byte) error {
	if d.err == ErrClosed {
		return ErrClosed
	}
	d.n++
	return nil
}

// WriteBuffers counts every slice of bufs.
func (d *Null) WriteBuffers(bufs [][]byte) (int64, error) {
	if d.err == ErrClosed {
		return 0, ErrClosed
	}
	var n int64
	for _, b := range bufs {
		n += int64(len(b))
	}
	d.n += n
	return n, nil
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
	if uint(n) > uint(len(d.scratch)) || d.err == ErrClosed {
		if d.err == nil {
			d.err = core.ErrInvalidCount
		}
		return
	}
	d.n += int64(n)
}

// Flush returns the Commit error (or ErrClosed after Close), if any.
func (d *Null) Flush() error { return d.err }

// ReadFrom reads r to its end, counting the bytes.
func (d *Null) ReadFrom(r io.Reader) (int64, error) {
	if d.err == ErrClosed {
		return 0, ErrClosed
	}
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

// Close ends the Null's use until Reset: later writes, Flush and a second
// Close return ErrClosed. The count stays readable.
func (d *Null) Close() error {
	if d.err == ErrClosed {
		return ErrClosed
	}
	err := d.err
	d.err = ErrClosed
	return err
}
