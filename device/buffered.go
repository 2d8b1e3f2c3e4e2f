package device

import (
	"io"

	"github.com/fastio-go/fastio/core"
)

// FileBufferSize is the buffer size of the files opened by path (Create,
// OpenIn), and a good one for core.NewOwningWriter and
// core.NewOwningReader over a File. It is larger than core.DefaultBufferSize
// because the page cache costs per call as well as per byte, so a file
// gains from fewer, larger calls (BenchmarkRead1GiB and
// BenchmarkHelloWorld compare the sizes).
const FileBufferSize = 1 << 20

// OutFile is buffered output to a device (fast_io's obuf_file). It is
// core's Writer owning its device, so every fastio formatter and
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
//
// Create and Stdout return one; core.NewOwningWriter(dev, size) makes one
// over any device (a File opened with Open, a Pipe's end, a Conn).
type OutFile = core.Writer

// Create creates or truncates path for buffered output (mode "w").
func Create(path string) (*OutFile, error) {
	f, err := Open(path, "w")
	if err != nil {
		return nil, err
	}
	return core.NewOwningWriter(f, FileBufferSize), nil
}

// InFile is buffered input from a device (fast_io's ibuf_file). It is
// core's Reader owning its device, so it is a core.BufferedReader
// whose window scanners parse in place, and every method of [core.Reader]
// applies. Reads at least as large as the buffer go straight into the
// caller's slice. Close drops the window and closes the device if it is an
// io.Closer; Reset retargets the whole InFile (the old device is left as it
// is, the new one is not owned).
//
// OpenIn and Stdin return one; core.NewOwningReader(dev, size) makes one
// over any device.
type InFile = core.Reader

// OpenIn opens path for buffered input (mode "r").
func OpenIn(path string) (*InFile, error) {
	f, err := Open(path, "r")
	if err != nil {
		return nil, err
	}
	return core.NewOwningReader(f, FileBufferSize), nil
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
