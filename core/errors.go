package core

import (
	"errors"
	"syscall"
)

var (
	// ErrBufferFull is returned by Fill when the window already fills the
	// whole buffer, so no more bytes can be read without consuming some.
	ErrBufferFull = errors.New("core: buffer full")
	// ErrClosed is returned by operations on a device after Close.
	ErrClosed = errors.New("core: use of closed device")
	// ErrCommitRange is recorded when Commit is called with a count outside
	// the last reserved slice.
	ErrCommitRange = errors.New("core: commit count outside reserved space")
	// ErrNilDevice is returned by a Writer or Reader built over a nil device.
	ErrNilDevice = errors.New("core: nil device")
	// ErrInvalidCount is returned when a device reports an impossible count
	// (negative, or more than it was given).
	ErrInvalidCount = errors.New("core: device returned invalid count")
	// ErrSpanFull is returned by a SpanWriter whose slice is full.
	ErrSpanFull = errors.New("core: span full")
	// ErrNoProgress is returned when a device repeatedly returns no data
	// and no error.
	ErrNoProgress = errors.New("core: device made no progress")
)

// temporary reports whether err says that retrying may succeed: its
// Timeout method reports true (a deadline passed, as os and net errors say
// it), or it is EINTR or EAGAIN. Such errors are returned to the caller but
// are not sticky: the buffered bytes stay, and a later call retries them.
//
// The deprecated Temporary method is not consulted: net errors report
// ECONNRESET as temporary through it, and a reset connection must fail for
// good rather than keep its bytes for ever.
func temporary(err error) bool {
	var to interface{ Timeout() bool }
	if errors.As(err, &to) && to.Timeout() {
		return true
	}
	return errors.Is(err, syscall.EINTR) || errors.Is(err, syscall.EAGAIN)
}
