package device

import (
	"sync"

	"github.com/fastio-go/fastio/core"
)

// Locked makes a buffered writer safe for several goroutines (fast_io's
// _mutex devices). Each Write and WriteString holds the lock for
// the whole call, so a line written with one call is never interleaved with
// another goroutine's output. To print a line in several pieces, hold the
// lock with Lock, write to the writer it returns, and Unlock:
//
//	w := l.Lock()
//	w.Write(prefix)
//	w.Write(msg)
//	l.Unlock()
type Locked struct {
	mu sync.Mutex
	bw core.BufferedWriter
	cw *core.Writer // bw as a concrete *core.Writer, for the inlined fast path
}

// NewLocked returns a Locked over w. A *core.Writer (an *OutFile is one)
// is written through its inlined fast paths.
func NewLocked(w core.BufferedWriter) *Locked {
	l := &Locked{bw: w}
	l.cw, _ = w.(*core.Writer)
	return l
}

// Write writes p as one unit.
func (l *Locked) Write(p []byte) (int, error) {
	l.mu.Lock()
	var n int
	var err error
	if l.cw != nil {
		if len(p) <= l.cw.Available() {
			l.cw.Put(p)
			n = len(p)
		} else {
			n, err = l.cw.Write(p)
		}
	} else {
		n, err = l.bw.Write(p)
	}
	l.mu.Unlock()
	return n, err
}

// WriteString writes s as one unit.
func (l *Locked) WriteString(s string) (int, error) {
	l.mu.Lock()
	var n int
	var err error
	if l.cw != nil {
		if len(s) <= l.cw.Available() {
			l.cw.PutString(s) // inlines, unlike WriteString
			n = len(s)
		} else {
			n, err = l.cw.WriteString(s)
		}
	} else {
		n, err = l.bw.Write(bytesOf(s))
	}
	l.mu.Unlock()
	return n, err
}

// Flush flushes the writer.
func (l *Locked) Flush() error {
	l.mu.Lock()
	err := l.bw.Flush()
	l.mu.Unlock()
	return err
}

// Lock acquires the lock and returns the writer, to be used only until
// Unlock.
func (l *Locked) Lock() core.BufferedWriter {
	l.mu.Lock()
	return l.bw
}

// Unlock releases the lock taken by Lock.
func (l *Locked) Unlock() { l.mu.Unlock() }

// Close flushes the writer and closes it if it is an io.Closer.
func (l *Locked) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if c, ok := l.bw.(interface{ Close() error }); ok {
		return c.Close()
	}
	return l.bw.Flush()
}
