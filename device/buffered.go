package device

import (
	"io"
	"io/fs"

	"github.com/fastio-go/fastio/core"
)

// FileBufferSize is the buffer size of the files opened by path (Create,
// OpenOut, OpenIn, OpenInOut). It is larger than core.DefaultBufferSize
// because, on Linux, BenchmarkRead1GiB (scanning a file through the window)
// and BenchmarkHelloWorld measured 1 MiB as faster than 256 KiB: the page
// cache costs per call as well as per byte.
const FileBufferSize = 1 << 20

// OutFile is buffered output to a device (fast_io's obuf_file): a
// *core.Writer, so it is a core.BufferedWriter whose Reserve/Commit,
// Write, WriteString and WriteByte fast paths copy into the buffer and
// reach the device once per buffer. Writes at least as large as the buffer
// go straight to the device, together with the pending bytes in one writev
// when the device is a File or a Conn.
//
// Close flushes, then closes the device if it is an io.Closer. A device
// error (such as ENOSPC on /dev/full) is sticky and is returned by Flush
// and Close; from a File it is an *Error saying how many bytes reached the
// device.
type OutFile struct {
	*core.Writer
	dev    io.Writer
	closed bool
}

// NewOutFile returns an OutFile over dev with a buffer of size bytes
// (core.DefaultBufferSize if size <= 0). The OutFile owns dev: Close
// closes it when it is an io.Closer.
func NewOutFile(dev io.Writer, size int) *OutFile {
	if size <= 0 {
		size = core.DefaultBufferSize
	}
	return &OutFile{Writer: core.NewWriterSize(dev, size), dev: dev}
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
	return NewOutFile(f, FileBufferSize), nil
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

// Device returns the device the OutFile writes to.
func (o *OutFile) Device() io.Writer { return o.dev }

// Fd returns the native handle of the device, or ^uintptr(0) when the
// device has none.
func (o *OutFile) Fd() uintptr { return fdOf(o.dev) }

// Close flushes the buffer and closes the device. It returns the first
// error met; a second Close returns an error wrapping ErrClosed.
func (o *OutFile) Close() error {
	if o.closed {
		return ErrClosed
	}
	err := o.Writer.Close()
	if o.Writer.Err() != ErrClosed {
		// A temporary error left the Writer open so that Close can be
		// retried; keep the device open too.
		return err
	}
	o.closed = true
	if c, ok := o.dev.(io.Closer); ok {
		if cerr := c.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// InFile is buffered input from a device (fast_io's ibuf_file): a
// *core.Reader, so it is a core.BufferedReader whose window scanners parse
// in place. Reads at least as large as the buffer go straight into the
// caller's slice. Close closes the device if it is an io.Closer.
type InFile struct {
	*core.Reader
	dev io.Reader
}

// NewInFile returns an InFile over dev with a buffer of size bytes
// (core.DefaultBufferSize if size <= 0). The InFile owns dev.
func NewInFile(dev io.Reader, size int) *InFile {
	if size <= 0 {
		size = core.DefaultBufferSize
	}
	return &InFile{Reader: core.NewReaderSize(dev, size), dev: dev}
}

// OpenIn opens path for buffered input (mode "r").
func OpenIn(path string) (*InFile, error) {
	f, err := openMode(path, "r", true, false)
	if err != nil {
		return nil, err
	}
	return NewInFile(f, FileBufferSize), nil
}

// Device returns the device the InFile reads from.
func (i *InFile) Device() io.Reader { return i.dev }

// Fd returns the native handle of the device, or ^uintptr(0).
func (i *InFile) Fd() uintptr { return fdOf(i.dev) }

// Close drops the window and closes the device. A second Close returns an
// error wrapping ErrClosed.
func (i *InFile) Close() error {
	if err := i.Reader.Close(); err != nil {
		return err
	}
	if c, ok := i.dev.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

func fdOf(dev any) uintptr {
	if h, ok := dev.(core.Handle); ok {
		return h.Fd()
	}
	return ^uintptr(0)
}

// WriteString writes s like core.Writer.WriteString, with core's
// inlinable PutString as the fast path.
func (o *OutFile) WriteString(s string) (int, error) {
	if len(s) <= o.Writer.Available() {
		o.Writer.PutString(s)
		return len(s), nil
	}
	return o.Writer.WriteString(s)
}

// Write writes p like core.Writer.Write, with core's inlinable Put as the
// fast path.
func (o *OutFile) Write(p []byte) (int, error) {
	if len(p) <= o.Writer.Available() {
		o.Writer.Put(p)
		return len(p), nil
	}
	return o.Writer.Write(p)
}

// Sync flushes the buffer and commits the device's data to stable storage
// when the device can (a File: fsync).
func (o *OutFile) Sync() error {
	if err := o.Flush(); err != nil {
		return err
	}
	return syncDev(o.dev)
}

func syncDev(dev any) error {
	if s, ok := dev.(core.Syncer); ok {
		return s.Sync()
	}
	return &Error{Op: "sync", Path: nameOf(dev), Written: -1, Err: errNoSync}
}
