package device

import (
	"io"

	"github.com/fastio-go/fastio/core"
)

// Mapped is an input file mapped into memory read-only (fast_io's
// native_file_loader): a core.BufferedReader whose window is the whole
// rest of the file, so that scanners parse it with no copy and no system
// call. Fill reports io.EOF, since the window already holds everything.
// Where memory mapping is not available (Windows, wasip1) the file is read
// into memory instead, with the same behaviour.
//
// Mapped also implements io.ReaderAt, io.WriterTo and io.ByteReader.
// After Close the memory is gone: slices from Window or Bytes must not be
// used, and every read returns an error wrapping ErrClosed.
type Mapped struct {
	data   []byte
	off    int
	name   string
	mapped bool
	closed bool
}

// Map maps the file at path.
func Map(path string) (*Mapped, error) {
	f, err := Open(path, "r")
	if err != nil {
		return nil, err
	}
	m, err := MapFile(f)
	if cerr := f.Close(); err == nil && cerr != nil {
		m.Close()
		return nil, cerr
	}
	return m, err
}

// MapFile maps the whole of f, which may be closed afterwards.
func MapFile(f *File) (*Mapped, error) {
	size, err := f.Size()
	if err != nil {
		return nil, err
	}
	m := &Mapped{name: f.name}
	if size == 0 {
		return m, nil
	}
	if int64(int(size)) != size || size < 0 {
		return nil, f.err("mmap", errTooLarge)
	}
	m.data, m.mapped, err = mapHandle(&f.h, int(size))
	if err != nil {
		return nil, f.err("mmap", err)
	}
	return m, nil
}

// Bytes returns the whole file.
func (m *Mapped) Bytes() []byte { return m.data }

// Name returns the path of the file.
func (m *Mapped) Name() string { return m.name }

// Window returns the bytes not yet consumed.
func (m *Mapped) Window() []byte { return m.data[m.off:] }

// Fill returns 0, io.EOF (the window already holds the whole file), or an
// error wrapping ErrClosed after Close.
func (m *Mapped) Fill() (int, error) {
	if m.closed {
		return 0, m.closedErr()
	}
	return 0, io.EOF
}

// Consume drops n bytes of the window, clamped to [0, len(Window())].
func (m *Mapped) Consume(n int) {
	m.off += min(max(n, 0), len(m.data)-m.off)
}

// Offset returns how many bytes have been consumed.
func (m *Mapped) Offset() int { return m.off }

func (m *Mapped) closedErr() error {
	return &Error{Op: "read", Path: m.name, Written: -1, Err: ErrClosed}
}

// Read copies from the window.
func (m *Mapped) Read(p []byte) (int, error) {
	if m.closed {
		return 0, m.closedErr()
	}
	if m.off >= len(m.data) {
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	n := copy(p, m.data[m.off:])
	m.off += n
	return n, nil
}

// ReadByte returns the next byte.
func (m *Mapped) ReadByte() (byte, error) {
	if m.off >= len(m.data) {
		if m.closed {
			return 0, m.closedErr()
		}
		return 0, io.EOF
	}
	c := m.data[m.off]
	m.off++
	return c, nil
}

// ReadAt copies from offset off of the file.
func (m *Mapped) ReadAt(p []byte, off int64) (int, error) {
	if m.closed {
		return 0, m.closedErr()
	}
	if off < 0 {
		return 0, &Error{Op: "read", Path: m.name, Written: -1, Err: errNegativeOffset}
	}
	if off >= int64(len(m.data)) {
		return 0, io.EOF
	}
	n := copy(p, m.data[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// WriteTo writes the window to w and consumes what was written.
func (m *Mapped) WriteTo(w io.Writer) (int64, error) {
	if m.closed {
		return 0, m.closedErr()
	}
	n, err := w.Write(m.data[m.off:])
	if n < 0 || n > len(m.data)-m.off {
		return 0, core.ErrInvalidCount
	}
	m.off += n
	return int64(n), err
}

// Close unmaps the file. A second Close returns an error wrapping
// ErrClosed.
func (m *Mapped) Close() error {
	if m.closed {
		return &Error{Op: "close", Path: m.name, Written: -1, Err: ErrClosed}
	}
	data, mapped := m.data, m.mapped
	m.data, m.off, m.closed = nil, 0, true
	if mapped {
		if err := unmap(data); err != nil {
			return &Error{Op: "munmap", Path: m.name, Written: -1, Err: err}
		}
	}
	return nil
}
