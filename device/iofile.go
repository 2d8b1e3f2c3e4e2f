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
// An IOFile is not safe for concurrent use. To read a socket in one
// goroutine while writing it in another, use the halves Reader and Writer,
// each from its own goroutine.
type IOFile struct {
	w       *core.Writer
	r       *core.Reader
	dev     io.ReadWriter
	seeker  io.Seeker // set for seekable devices
	reading bool      // the window may hold read-ahead
	closed  bool
	err     error // a failed give-back of the read-ahead, reported by Flush and Close
}

// NewIOFile returns an IOFile over dev with buffers of
// core.DefaultBufferSize each. The IOFile owns dev: Close closes it when it
// is an io.Closer. The device counts as seekable when it is an io.Seeker
// whose Seek(0, io.SeekCurrent) succeeds.
func NewIOFile(dev io.ReadWriter) *IOFile {
	return NewIOFileSize(dev, core.DefaultBufferSize)
}

// NewIOFileSize is NewIOFile with buffers of size bytes each; a size below
// core.MinBufferSize (zero and negative included) means core.MinBufferSize.
func NewIOFileSize(dev io.ReadWriter, size int) *IOFile {
	f := &IOFile{w: core.NewWriterSize(dev, size), r: core.NewReaderSize(dev, size), dev: dev}
	if s, ok := dev.(io.Seeker); ok {
		if _, err := s.Seek(0, io.SeekCurrent); err == nil {
			f.seeker = s
		}
	}
	return f
}

// OpenInOut opens path with a C mode string that allows reading and
// writing ("r+", "w+", "a+", "w+x") and returns it buffered both ways.
func OpenInOut(path, mode string) (*IOFile, error) {
	f, err := openMode(path, mode, true, true)
	if err != nil {
		return nil, err
	}
	return NewIOFileSize(f, FileBufferSize), nil
}

// Reader returns the input half: reading from it does not flush the
// output, so one goroutine may use it while another uses Writer. Do not mix
// it with the IOFile's own reads. The half has the buffered methods, not
// Reset or Close: the IOFile keeps both halves on its one device.
func (f *IOFile) Reader() core.BufferedReader { return readHalf{f.r} }

// Writer returns the output half, for use alongside Reader; like Reader it
// cannot be retargeted or closed on its own.
func (f *IOFile) Writer() core.BufferedWriter { return writeHalf{f.w} }

// readHalf and writeHalf are the halves of an IOFile: the buffered methods
// of its Reader and Writer, without Reset and Close.
type readHalf struct{ r *core.Reader }

func (h readHalf) Read(p []byte) (int, error)         { return h.r.Read(p) }
func (h readHalf) Window() []byte                     { return h.r.Window() }
func (h readHalf) Fill() (int, error)                 { return h.r.Fill() }
func (h readHalf) Consume(n int)                      { h.r.Consume(n) }
func (h readHalf) ReadByte() (byte, error)            { return h.r.ReadByte() }
func (h readHalf) Peek(n int) ([]byte, error)         { return h.r.Peek(n) }
func (h readHalf) Discard(n int) (int, error)         { return h.r.Discard(n) }
func (h readHalf) WriteTo(w io.Writer) (int64, error) { return h.r.WriteTo(w) }
func (h readHalf) Buffered() int                      { return len(h.r.Window()) }

type writeHalf struct{ w *core.Writer }

func (h writeHalf) Write(p []byte) (int, error)         { return h.w.Write(p) }
func (h writeHalf) WriteString(s string) (int, error)   { return h.w.WriteString(s) }
func (h writeHalf) WriteByte(c byte) error              { return h.w.WriteByte(c) }
func (h writeHalf) Reserve(n int) []byte                { return h.w.Reserve(n) }
func (h writeHalf) Commit(n int)                        { h.w.Commit(n) }
func (h writeHalf) Flush() error                        { return h.w.Flush() }
func (h writeHalf) Err() error                          { return h.w.Err() }
func (h writeHalf) ReadFrom(r io.Reader) (int64, error) { return h.w.ReadFrom(r) }
func (h writeHalf) Buffered() int                       { return h.w.Buffered() }

// Device returns the device.
func (f *IOFile) Device() io.ReadWriter { return f.dev }

// Fd returns the native handle of the device, or ^uintptr(0).
func (f *IOFile) Fd() uintptr { return fdOf(f.dev) }

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
// an error wrapping ErrClosed.
func (f *IOFile) Close() error {
	if f.closed {
		return ErrClosed
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
	if n, ok := dev.(interface{ Name() string }); ok {
		return n.Name()
	}
	return "device"
}

// Peek flushes pending output, then returns the next n bytes without
// consuming them (see core.Reader.Peek).
func (f *IOFile) Peek(n int) ([]byte, error) {
	if !f.reading {
		if err := f.toRead(); err != nil {
			return nil, err
		}
	}
	return f.r.Peek(n)
}

// Discard flushes pending output, then skips the next n bytes of input.
func (f *IOFile) Discard(n int) (int, error) {
	if !f.reading {
		if err := f.toRead(); err != nil {
			return 0, err
		}
	}
	return f.r.Discard(n)
}

// Sync flushes the output and commits the device's data to stable storage
// when the device can.
func (f *IOFile) Sync() error {
	if err := f.Flush(); err != nil {
		return err
	}
	return syncDev(f.dev)
}
