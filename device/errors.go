package device

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"

	"github.com/fastio-go/fastio/core"
)

var (
	// ErrBadMode is wrapped by the error of opening a file with a mode
	// string that is not one of fopen's (see Open), or that does not allow
	// the access asked for.
	ErrBadMode = errors.New("device: bad open mode")
	// ErrIsDir is returned when a directory is opened as a file.
	ErrIsDir = errors.New("device: is a directory")
	// ErrSameFile is wrapped by the error of Copy when the source and the
	// destination are the same file and the copy would read what it
	// writes (it would never end); cat refuses the same case.
	ErrSameFile = errors.New("device: input file is output file")
)

// changedError says why a mapped file counts as changed; it wraps
// core.ErrFileChanged.
type changedError struct{ why error }

func (e *changedError) Error() string { return "device: file changed while mapped: " + e.why.Error() }
func (e *changedError) Unwrap() error { return core.ErrFileChanged }

// errTooLarge is wrapped by the error of mapping a file too large for the
// address space, or reading more than 64 MiB of a file that
// cannot be mapped (such as the endless /dev/zero); it is core.ErrTooLarge.
var errTooLarge = fmt.Errorf("device: file too large: %w", core.ErrTooLarge)

var errFault = errors.New("memory fault reading the mapping (truncated?)")

func errSizeChanged(was, now int64) error {
	if was == now {
		return errors.New("modified in place")
	}
	return errors.New("size " + strconv.FormatInt(was, 10) + " when mapped, now " + strconv.FormatInt(now, 10))
}

var (
	errNotSeekable    = fmt.Errorf("device is not seekable: %w", errors.ErrUnsupported)
	errNoCloseWrite   = fmt.Errorf("device cannot close its writing side: %w", errors.ErrUnsupported)
	errNoSync         = fmt.Errorf("device cannot sync: %w", errors.ErrUnsupported)
	errNegativeOffset = errors.New("negative offset or length")
)

// errClosed is wrapped by the errors of operations on a closed device.
var errClosed = fs.ErrClosed

// modeError describes a bad mode string: which string, where in it, and
// what is wrong. It wraps ErrBadMode.
type modeError struct {
	Mode   string // the mode string as given
	Offset int    // byte offset of the problem in Mode
	Reason string // what is wrong
}

func (e *modeError) Error() string {
	return "device: bad mode " + strconv.Quote(e.Mode) + " at offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

func (e *modeError) Unwrap() error { return ErrBadMode }

// Error is the error of an operation on a device. It names the operation,
// the device (a path, or a description such as "fd 1"), the open mode when
// known and, for writes, how many bytes had reached the device before the
// failure. It wraps the operating system's error, so errors.Is works with
// fs.ErrNotExist, fs.ErrPermission, syscall.ENOSPC and the like.
type Error struct {
	Op      string // "open", "read", "write", "seek", "sync", ...
	Path    string // the path, or a description of the handle
	Mode    string // the open mode, when known
	Written int64  // bytes that reached the device through this handle (writes only; -1 when not a write)
	Err     error  // the underlying error
}

// Error says what failed on which device, in which mode, and how many
// bytes had reached the device.
func (e *Error) Error() string {
	s := "device: " + e.Op + " " + strconv.Quote(e.Path)
	if e.Mode != "" {
		s += " (mode " + strconv.Quote(e.Mode) + ")"
	}
	s += ": " + e.Err.Error()
	if e.Written >= 0 {
		s += " (" + strconv.FormatInt(e.Written, 10) + " bytes reached the device)"
	}
	return s
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Timeout reports whether the underlying error is a timeout, so that core's
// buffered writers treat it as temporary and keep the unwritten bytes.
func (e *Error) Timeout() bool {
	var t interface{ Timeout() bool }
	return errors.As(e.Err, &t) && t.Timeout()
}
