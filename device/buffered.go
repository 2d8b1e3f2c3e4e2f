package device

import (
	"io"
	"io/fs"

	"github.com/fastio-go/fastio/core"
)

// FileBufferSize is the buffer size of the files opened by path (Create,
// OpenOut, OpenIn, OpenInOut). It is larger than core.DefaultBufferSize
// because the page cache costs per call as well as per byte, so a file
// gains from fewer, larger calls (BenchmarkRead1GiB and
// BenchmarkHelloWorld compare the sizes).
const FileBufferSize = 1 << 20

// OutFile is buffered output to a device (fast_io's obuf_file). It is
// core's Writer, made by NewOwningWriter, so every fastio formatter and
// encoder takes its inlined fast path into an OutFile, and every method of
// [core.Writer] applies: the Reserve/Commit, Write, WriteString and
// WriteByte fast paths copy into the buffer and reach the device once per
// buffer; writes at least as large as the buffer go straight to the
// device, together with the pending bytes in one writev when the device is
// a File or a Conn.
//
// Close flushes, then closes the device if it is an io.Closer, and returns
// the first error. A device error (such as ENOSPC on /dev/full) is sticky
// and is returned by Flush and Close; from a File it is an *Error saying
// how many bytes reached the device. Reset retargets the whole OutFile: the
// old device is left as it is (Close it first) and the new one is not
// owned. [Sync] flushes and syncs; Device returns the device.
type OutFile = core.Writer

// NewOutFile returns an OutFile over dev with a buffer of
// core.DefaultBufferSize. The OutFile owns dev: Close closes it when it is
// an io.Closer.
func NewOutFile(dev io.Writer) *OutFile {
	return core.NewOwningWriter(dev, core.DefaultBufferSize)
}

// NewOutFileSize is NewOutFile with a buffer of size bytes; a size below
// core.MinBufferSize (zero and negative included) means core.MinBufferSize.
func NewOutFileSize(dev io.Writer, size int) *OutFile {
	return core.NewOwningWriter(dev, size)
}

// Create creates or truncates path for buffered output (mode "w").
func Create(path string) (*OutFile, error) {
	return OpenOut(path, "w")
}

// OpenOut opens path with a C mode string that allows writing ("w", "a",
// "wx", "r+", ...) and returns it buffered for output.
func OpenOut(path, mode string) (*OutFile, error) {
	f, err := openMode(path, mode, false, true)
	if err != nil {
		return nil, err
	}
	return NewOutFileSize(f, FileBufferSize), nil
}

// openMode opens path checking that mode gives the access asked for.
func openMode(path, mode string, read, write bool) (*File, error) {
	flag, err := ParseMode(mode)
	if err == nil && read && !canRead(flag) {
		err = &ModeError{Mode: mode, Reason: "mode does not allow reading"}
	}
	if err == nil && write && !canWrite(flag) {
		err = &ModeError{Mode: mode, Reason: "mode does not allow writing"}
	}
	if err != nil {
		return nil, &Error{Op: "open", Path: path, Mode: mode, Written: -1, Err: err}
	}
	return openFile(path, mode, flag, fs.FileMode(0o666))
}

// InFile is buffered input from a device (fast_io's ibuf_file). It is
// core's Reader, made by NewOwningReader, so it is a core.BufferedReader
// whose window scanners parse in place, and every method of [core.Reader]
// applies. Reads at least as large as the buffer go straight into the
// caller's slice. Close drops the window and closes the device if it is an
// io.Closer; Reset retargets the whole InFile (the old device is left as it
// is, the new one is not owned).
type InFile = core.Reader

// NewInFile returns an InFile over dev with a buffer of
// core.DefaultBufferSize. The InFile owns dev: Close closes it when it is
// an io.Closer.
func NewInFile(dev io.Reader) *InFile {
	return core.NewOwningReader(dev, core.DefaultBufferSize)
}

// NewInFileSize is NewInFile with a buffer of size bytes; a size below
// core.MinBufferSize (zero and negative included) means core.MinBufferSize.
func NewInFileSize(dev io.Reader, size int) *InFile {
	return core.NewOwningReader(dev, size)
}

// OpenIn opens path for buffered input (mode "r").
func OpenIn(path string) (*InFile, error) {
	f, err := openMode(path, "r", true, false)
	if err != nil {
		return nil, err
	}
	return NewInFileSize(f, FileBufferSize), nil
}

func fdOf(dev any) uintptr {
	if h, ok := dev.(interface{ Fd() uintptr }); ok {
		return h.Fd()
	}
	return ^uintptr(0)
}

// Sync flushes w and then commits its device's data to stable storage
// when the device can (a File: fsync). w is an OutFile, an IOFile, or any
// core.BufferedWriter whose device (Device method) or self has a
// Sync() error method; otherwise Sync returns an *Error wrapping
// errors.ErrUnsupported.
func Sync(w core.BufferedWriter) error {
	if err := w.Flush(); err != nil {
		return err
	}
	if d, ok := w.(interface{ Device() io.Writer }); ok {
		return syncDev(d.Device())
	}
	if f, ok := w.(*IOFile); ok {
		return syncDev(f.dev)
	}
	return syncDev(w)
}

func syncDev(dev any) error {
	if s, ok := dev.(interface{ Sync() error }); ok {
		return s.Sync()
	}
	return &Error{Op: "sync", Path: nameOf(dev), Written: -1, Err: errNoSync}
}
