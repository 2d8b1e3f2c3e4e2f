package device

import (
	"io"
	"runtime/debug"
	"slices"

	"github.com/fastio-go/fastio/core"
)

// Mapped is an input file mapped into memory read-only (fast_io's
// native_file_loader): a core.BufferedReader whose window is the whole
// rest of the file, so that scanners parse it with no copy and no system
// call. Fill reports io.EOF, since the window already holds everything.
// Where memory mapping is not available (wasip1) the file is read into
// memory instead, with the same behaviour.
//
// Files whose reported size is not their content are read into memory,
// not mapped: files that are not regular (pipes, character devices such as
// /dev/zero) and files of kernel pseudo file systems (/proc, /sys), at
// most 64 MiB of them; a longer one is an error wrapping
// core.ErrTooLarge.
//
// Mapped also implements io.ReaderAt and io.WriterTo.
// After Close the memory is gone: slices from Window or Bytes must not be
// used, and every read returns an error wrapping fs.ErrClosed.
//
// A mapped file that another process truncates makes the memory past the
// new end inaccessible. Read, ReadAt, WriteTo and Guard catch
// that fault and return an error wrapping core.ErrFileChanged, never crash;
// and when they reach the end of the file they check that its size and
// modification times are still those it was mapped with, so that a file
// that changed in place, shrank or grew ends in core.ErrFileChanged instead of
// io.EOF. Window and Bytes hand out the memory itself, which no method can
// guard: a scanner that parses it in place must run inside Guard (or set
// runtime/debug.SetPanicOnFault itself) if the file may change.
type Mapped struct {
	data   []byte
	off    int
	name   string
	mapped bool
	closed bool
	watch  handle   // a descriptor of the mapped file, for the end check
	watchd bool     // watch is open
	st     fileStat // the file when it was mapped
}

// maxReadSize is how much of a file that cannot be mapped (see Mapped)
// Map reads at most: 64 MiB.
const maxReadSize = 64 << 20

// Map maps the file at path. To map a file that is already open (such as
// standard input redirected from a file), Map its name under /dev/fd, as
// "/dev/fd/0".
func Map(path string) (*Mapped, error) {
	f, err := Open(path, "r")
	if err != nil {
		return nil, err
	}
	m, err := mapFile(f)
	if cerr := f.Close(); err == nil && cerr != nil {
		m.Close()
		return nil, cerr
	}
	return m, err
}

// mapFile maps the whole of f, which may be closed afterwards.
func mapFile(f *File) (*Mapped, error) {
	if f.closed {
		return nil, f.err("mmap", errClosed)
	}
	st, err := f.h.stat()
	if err != nil {
		return nil, f.err("stat", err)
	}
	if st.dir {
		return nil, f.err("mmap", ErrIsDir)
	}
	m := &Mapped{name: f.name, st: st}
	if !st.regular || f.h.pseudoFS() {
		if err := m.readAll(f); err != nil {
			return nil, err
		}
		return m, nil
	}
	size := st.size
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
	if m.mapped {
		// Without a second descriptor the end check is skipped; the fault
		// guard still holds.
		m.watch, err = f.h.dup()
		m.watchd = err == nil
	}
	return m, nil
}

// readAll reads a file that is not mapped, up to maxReadSize bytes.
func (m *Mapped) readAll(f *File) error {
	buf := make([]byte, 0, 4096)
	for {
		if len(buf) == cap(buf) {
			if len(buf) >= maxReadSize {
				// One byte more tells an endless or too large file from
				// one of exactly the limit.
				var one [1]byte
				if n, _ := f.Read(one[:]); n == 0 {
					break
				}
				return f.err("read", errTooLarge)
			}
			buf = slices.Grow(buf, min(cap(buf), maxReadSize-len(buf)))
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	m.data = buf
	return nil
}

// fault turns a memory fault met while reading a mapped file (it was
// truncated) into an error; other panics go on.
func (m *Mapped) fault(err *error) {
	if r := recover(); r != nil {
		if _, ok := r.(interface{ Addr() uintptr }); ok {
			*err = m.changedErr("read", errFault)
			return
		}
		panic(r)
	}
}

func (m *Mapped) changedErr(op string, why error) error {
	return &Error{Op: op, Path: m.name, Written: -1, Err: &changedError{why}}
}

// atEnd returns io.EOF, or an error wrapping core.ErrFileChanged when the
// mapped file is no longer what was mapped.
func (m *Mapped) atEnd() error {
	if !m.watchd {
		return io.EOF
	}
	st, err := m.watch.stat()
	if err != nil {
		return &Error{Op: "stat", Path: m.name, Written: -1, Err: err}
	}
	if st.size != m.st.size || st.mtime != m.st.mtime || st.ctime != m.st.ctime {
		return m.changedErr("read", errSizeChanged(m.st.size, st.size))
	}
	return io.EOF
}

// Guard calls f with the window and returns what f returns. A memory
// fault inside f, which reading a mapped file that was truncated causes,
// ends f and makes Guard return an error wrapping core.ErrFileChanged instead
// of crashing the program; and when f returns nil, Guard checks that the
// file is still what was mapped (an error wrapping core.ErrFileChanged if not).
// Use it around code that parses the window in place (Window, Bytes) when
// the file may change while mapped. Guard runs f on the calling goroutine;
// f must not keep the slice.
func (m *Mapped) Guard(f func(window []byte) error) error {
	if m.closed {
		return m.closedErr()
	}
	if err := m.guard(f); err != nil {
		return err
	}
	if err := m.atEnd(); err != io.EOF {
		return err
	}
	return nil
}

func (m *Mapped) guard(f func(window []byte) error) (err error) {
	if !m.mapped {
		return f(m.data[m.off:])
	}
	old := debug.SetPanicOnFault(true)
	defer debug.SetPanicOnFault(old)
	defer m.fault(&err)
	return f(m.data[m.off:])
}

// copyOut copies the file from offset off into p, guarded.
func (m *Mapped) copyOut(p []byte, off int) (n int, err error) {
	if !m.mapped {
		return copy(p, m.data[off:]), nil
	}
	old := debug.SetPanicOnFault(true)
	defer debug.SetPanicOnFault(old)
	defer m.fault(&err)
	return copy(p, m.data[off:]), nil
}

// Bytes returns the whole file.
func (m *Mapped) Bytes() []byte { return m.data }

// Window returns the bytes not yet consumed.
func (m *Mapped) Window() []byte { return m.data[m.off:] }

// Fill returns 0, io.EOF (the window already holds the whole file), an
// error wrapping core.ErrFileChanged if the file changed since it was mapped,
// or an error wrapping fs.ErrClosed after Close.
func (m *Mapped) Fill() (int, error) {
	if m.closed {
		return 0, m.closedErr()
	}
	return 0, m.atEnd()
}

// Consume drops n bytes of the window, clamped to [0, len(Window())].
func (m *Mapped) Consume(n int) {
	m.off += min(max(n, 0), len(m.data)-m.off)
}

func (m *Mapped) closedErr() error {
	return &Error{Op: "read", Path: m.name, Written: -1, Err: errClosed}
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
		return 0, m.atEnd()
	}
	n, err := m.copyOut(p, m.off)
	m.off += n
	return n, err
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
		return 0, m.atEnd()
	}
	n, err := m.copyOut(p, int(off))
	if err == nil && n < len(p) {
		err = m.atEnd()
	}
	return n, err
}

// WriteTo writes the window to w and consumes what was written. The
// write runs under the fault guard (w sees the mapped memory); a file
// that changed gives an error wrapping core.ErrFileChanged.
func (m *Mapped) WriteTo(w io.Writer) (total int64, err error) {
	if m.closed {
		return 0, m.closedErr()
	}
	err = m.guard(func(p []byte) error {
		n, err := w.Write(p)
		if n < 0 || n > len(p) {
			return core.ErrInvalidCount
		}
		m.off += n
		total = int64(n)
		return err
	})
	// A write that read past a truncation fails (EFAULT from a write
	// system call): say why.
	if end := m.atEnd(); end != io.EOF {
		return total, end
	}
	return total, err
}

// Close unmaps the file. A second Close returns an error wrapping
// fs.ErrClosed.
func (m *Mapped) Close() error {
	if m.closed {
		return &Error{Op: "close", Path: m.name, Written: -1, Err: errClosed}
	}
	data, mapped := m.data, m.mapped
	m.data, m.off, m.closed = nil, 0, true
	if m.watchd {
		m.watch.close(true)
		m.watchd = false
	}
	if mapped {
		if err := unmap(data); err != nil {
			return &Error{Op: "munmap", Path: m.name, Written: -1, Err: err}
		}
	}
	return nil
}
