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
	// ErrInvalidCount is recorded when a count is outside the range it must
	// be in: a Commit of more than the last Reserve returned, or of a
	// negative count, and a device or a Sink that reports a negative count
	// or more than it was given.
	ErrInvalidCount = errors.New("core: count out of range")
	// ErrStaleCursor is recorded when a Cursor and its Writer are used out
	// of turn: the Writer written, flushed or closed, or a second Cursor
	// opened, while a Cursor is open; or a Cursor written to or ended after
	// its Writer went on without it (after its Done, a Reset, or the end of
	// its session by another Cursor value).
	ErrStaleCursor = errors.New("core: Cursor and Writer used out of turn")
	// ErrNilDevice is returned by a Writer or Reader built over a nil device.
	ErrNilDevice = errors.New("core: nil device")
	// ErrTooLarge is wrapped by every fastio error for a size beyond a
	// limit: a length read from input beyond the caller's limit (a record,
	// a container, inflated output), a file too large to map or read.
	ErrTooLarge = errors.New("core: size beyond the limit")
	// ErrFileChanged is wrapped by every fastio error for a file that
	// shrank, grew or was rewritten while it was being read (hashed,
	// mapped).
	ErrFileChanged = errors.New("core: file changed while it was read")
)

// errClosed is returned by operations on a Writer or Reader after Close;
// errors.Is(err, fs.ErrClosed) holds.
var errClosed error = &wrapError{"core: use of closed device", fs.ErrClosed}

// errNoProgress is returned when a device (or a Sink) returns no data and
// no error maxEmptyCalls times in a row; errors.Is(err, io.ErrNoProgress)
// holds.
var errNoProgress error = &wrapError{"core: device made no progress", io.ErrNoProgress}

// maxEmptyCalls bounds how often in a row a device or a Sink may move no
// bytes without an error before the operation fails with io.ErrNoProgress.
const maxEmptyCalls = 100

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
