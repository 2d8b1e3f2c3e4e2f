package core

import (
	"errors"
	"io"
	"io/fs"
	"syscall"
)

var (
	// ErrBufferFull is returned by Fill when the window already fills the
	// whole buffer, so no more bytes can be read without consuming some.
	ErrBufferFull = errors.New("core: buffer full")
	// ErrClosed is returned by operations on a device after Close. It
	// wraps fs.ErrClosed: errors.Is(err, fs.ErrClosed) holds.
	ErrClosed error = &wrapError{"core: use of closed device", fs.ErrClosed}
	// ErrCommitRange is recorded when Commit is called with a count outside
	// the last reserved slice.
	ErrCommitRange = errors.New("core: commit count outside reserved space")
	// ErrCursorOpen is recorded when a Writer is written, flushed or closed,
	// or a second Cursor is opened, while a Cursor is open on it.
	ErrCursorOpen = errors.New("core: Writer used while a Cursor is open")
	// ErrStaleCursor is recorded when a Cursor is written to or ended after
	// its Writer went on without it: after its Done, a Reset, or the end
	// of its session by another Cursor value.
	ErrStaleCursor = errors.New("core: write through a stale Cursor")
	// ErrNilDevice is returned by a Writer or Reader built over a nil device.
	ErrNilDevice = errors.New("core: nil device")
	// ErrInvalidCount is returned when a device reports an impossible count
	// (negative, or more than it was given).
	ErrInvalidCount = errors.New("core: device returned invalid count")
	// ErrSpanFull is returned by a SpanWriter whose slice is full.
	ErrSpanFull = errors.New("core: span full")
	// ErrNoProgress is returned when a device (or a Sink) returns no data
	// and no error MaxEmptyCalls times in a row. It wraps io.ErrNoProgress.
	ErrNoProgress error = &wrapError{"core: device made no progress", io.ErrNoProgress}
	// ErrTooLarge is wrapped by every fastio error for a size beyond a
	// limit: a length read from input beyond the caller's limit (a record,
	// a container, inflated output), a file too large to map or read.
	ErrTooLarge = errors.New("core: size beyond the limit")
	// ErrFileChanged is wrapped by every fastio error for a file that
	// shrank, grew or was rewritten while it was being read (hashed,
	// mapped).
	ErrFileChanged = errors.New("core: file changed while it was read")
)

// MaxEmptyCalls bounds how often in a row a device or a Sink may move no
// bytes without an error before the operation fails with ErrNoProgress. It
// is the one such limit in fastio: modules with a loop of their own use it.
const MaxEmptyCalls = 100

// wrapError is a sentinel with its own message that satisfies errors.Is
// for the standard error it specialises.
type wrapError struct {
	msg  string
	base error
}

func (e *wrapError) Error() string { return e.msg }
func (e *wrapError) Unwrap() error { return e.base }

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
