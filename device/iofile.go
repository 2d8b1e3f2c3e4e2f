package device

import (
	"errors"
	"io"
	"io/fs"

	"github.com/fastio-go/fastio/core"
)

// IOFile is buffered input and output on one device (fast_io's
// iobuf_file): a file opened "r+", "w+" or "a+", or a socket. It is both a
// core.BufferedWriter and a core.BufferedReader.
//
// Reading flushes pending output first, so that a request written before
// a read is sent, and a file reads what was written. On a seekable device
// writing after reading first gives back the read-ahead (the device offset
// moves back to just after the bytes consumed), as C stdio does between
// reads and writes; on a stream such as a socket the two directions are
// independent and the read-ahead is kept.
//
// Open a file with a mode that reads and writes ("r+", "w+", "a+") and
// pass it to NewIOFile; Dial returns a socket as an IOFile.
//
// An IOFile is not safe for concurrent use. To read a socket in one
// goroutine while writing it in another, buffer each direction on its own:
// core.NewReader(conn) and core.NewWriter(conn) over one Conn.
type IOFile struct {
	w       *core.Writer
	r       *core.Reader
	dev     io.ReadWriter
	seeker  io.Seeker // set for seekable devices
	reading bool      // the window may hold read-ahead
	closed  bool
	err     error // a failed give-back of the read-ahead, reported by Flush and Close
}

// NewIOFile returns an IOFile over dev with buffers of FileBufferSize
// each when dev is a *File, core.DefaultBufferSize otherwise. The IOFile
// owns dev: Close closes it when it is an io.Closer. The device counts as
// seekable when it is an io.Seeker whose Seek(0, io.SeekCurrent) succeeds.
func NewIOFile(dev io.ReadWriter) *IOFile {
	size := core.DefaultBufferSize
	if _, ok := dev.(*File); ok {
		size = FileBufferSize
	}
	return newIOFile(dev, size)
}

// newIOFile is NewIOFile with buffers of size bytes each (below
// core.MinBufferSize: core.MinBufferSize).
func newIOFile(dev io.ReadWriter, size int) *IOFile {
	f := &IOFile{w: core.NewWriterSize(dev, size), r: core.NewReaderSize(dev, size), dev: dev}
	if s, ok := dev.(io.Seeker); ok {
		if _, err := s.Seek(0, io.SeekCurrent); err == nil {
			f.seeker = s
		}
	}
	return f
}

// toWrite gives back the read-ahead of a seekable device before a write.
func (f *IOFile) toWrite() error {
	if f.err != nil {
		return f.err
	}
	f.reading = false
	if f.seeker == nil {
		return nil
	}
	if n := len(f.r.Window()); n > 0 {
		if _, err := f.seeker.Seek(int64(-n), io.SeekCurrent); err != nil {
			// The device offset is unknown: later output would land in
			// the wrong place, so fail every later write and flush.
			f.err, f.reading = err, true
			return err
		}
	}
	f.r.Reset(f.dev)
	return nil
}

// toRead flushes pending output before a read.
func (f *IOFile) toRead() error {
	f.reading = true
	if f.w.Buffered() > 0 {
		return f.w.Flush()
	}
	return f.w.Err()
}

// Write writes p to the buffer (see core.Writer.Write).
func (f *IOFile) Write(p []byte) (int, error) {
	if f.reading {
		if err := f.toWrite(); err != nil {
			return 0, err
		}
	}
	return f.w.Write(p)
}

// WriteString writes s to the buffer.
func (f *IOFile) WriteString(s string) (int, error) {
	if f.reading {
		if err := f.toWrite(); err != nil {
			return 0, err
		}
	}
	return f.w.WriteString(s)
}

// WriteByte writes one byte.
func (f *IOFile) WriteByte(c byte) error {
	if f.reading {
		if err := f.toWrite(); err != nil {
			return err
		}
	}
	return f.w.WriteByte(c)
}

// Reserve returns at least n bytes of free output buffer (see
// core.BufferedWriter).
func (f *IOFile) Reserve(n int) []byte {
	if f.reading {
		f.toWrite() // an error is kept and reported by Flush
	}
	return f.w.Reserve(n)
}

// Commit adds n bytes of the last reserved slice to the output; after a
// failed give-back of the read-ahead it drops them (Flush reports why).
func (f *IOFile) Commit(n int) {
	if f.err != nil {
		return
	}
	f.w.Commit(n)
}

// Flush writes the buffered output to the device.
func (f *IOFile) Flush() error {
	if f.err != nil {
		return f.err
	}
	return f.w.Flush()
}

// Window returns the buffered input not yet consumed.
func (f *IOFile) Window() []byte { return f.r.Window() }

// Consume drops n bytes of the window.
func (f *IOFile) Consume(n int) { f.r.Consume(n) }

// Fill flushes pending output, then reads more input into the window (see
// core.BufferedReader).
func (f *IOFile) Fill() (int, error) {
	if !f.reading {
		if err := f.toRead(); err != nil {
			return 0, err
		}
	}
	return f.r.Fill()
}

// Read flushes pending output, then reads into p.
func (f *IOFile) Read(p []byte) (int, error) {
	if !f.reading {
		if err := f.toRead(); err != nil {
			return 0, err
		}
	}
	return f.r.Read(p)
}

// ReadByte reads one byte.
func (f *IOFile) ReadByte() (byte, error) {
	if !f.reading {
		if err := f.toRead(); err != nil {
			return 0, err
		}
	}
	return f.r.ReadByte()
}

// Seek flushes pending output, drops the read-ahead and moves the device
// offset; io.SeekCurrent counts from the logical position (after the bytes
// consumed). The device must be seekable.
func (f *IOFile) Seek(offset int64, whence int) (int64, error) {
	if f.seeker == nil {
		return 0, &Error{Op: "seek", Path: nameOf(f.dev), Written: -1, Err: errNotSeekable}
	}
	if err := f.w.Flush(); err != nil {
		return 0, err
	}
	if whence == io.SeekCurrent {
		offset -= int64(len(f.r.Window()))
	}
	f.r.Reset(f.dev)
	f.reading = false
	return f.seeker.Seek(offset, whence)
}

// CloseWrite flushes the output and shuts down the writing side of a
// device that supports it (a TCP connection), so that the peer reads
// io.EOF while this side can still read.
func (f *IOFile) CloseWrite() error {
	if err := f.w.Flush(); err != nil {
		return err
	}
	if cw, ok := f.dev.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return &Error{Op: "closewrite", Path: nameOf(f.dev), Written: -1, Err: errNoCloseWrite}
}

// Close flushes the output and closes the device. A second Close returns
// an error wrapping fs.ErrClosed.
func (f *IOFile) Close() error {
	if f.closed {
		return errClosed
	}
	err := f.w.Close()
	if !errors.Is(f.w.Err(), fs.ErrClosed) {
		return err
	}
	f.closed = true
	if err == nil {
		err = f.err
	}
	f.r.Close()
	if c, ok := f.dev.(io.Closer); ok {
		if cerr := c.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

func nameOf(dev any) string {
	if c, ok := dev.(*Conn); ok {
		return c.name
	}
	if n, ok := dev.(interface{ Name() string }); ok {
		return n.Name()
	}
	return "device"
}
