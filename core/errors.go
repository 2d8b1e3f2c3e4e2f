package core

import "errors"

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

// temporary reports whether err says of itself that retrying may succeed,
// through the Temporary or Timeout method that net and os errors carry.
// Such errors are returned to the caller but are not sticky: the buffered
// bytes stay, and a later call retries them.
func temporary(err error) bool {
	var t interface{ Temporary() bool }
	if errors.As(err, &t) && t.Temporary() {
		return true
	}
	var to interface{ Timeout() bool }
	return errors.As(err, &to) && to.Timeout()
}
