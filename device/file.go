package device

import (
	"io"
	"io/fs"
	"os"
)

// File is an unbuffered operating system file: a file descriptor on Unix
// (driven through golang.org/x/sys/unix, one system call per operation), an
// *os.File elsewhere. Every Write completes: short writes are continued,
// EINTR is retried, and EAGAIN on a non-blocking descriptor waits for the
// descriptor to become ready. Read makes one read system call.
//
// File implements io.Reader, io.Writer, io.ReaderAt, io.WriterAt,
// io.Seeker, io.ReaderFrom, io.WriterTo, WriteBuffers (writev, which
// core.Writer uses), Sync and Fd. For buffered I/O use OutFile, InFile and
// IOFile (fast_io's obuf_file, ibuf_file and iobuf_file), which wrap a File.
//
// A File is not safe for concurrent use, except that ReadAt and WriteAt may
// run concurrently with each other (they are pread and pwrite).
type File struct {
	h       handle
	name    string
	mode    string
	owned   bool
	closed  bool
	written int64
}

// Open opens path with a C fopen mode string and permission 0666 before
// the umask:
//
//	"r"  read                       os.O_RDONLY
//	"w"  write, create, truncate    os.O_WRONLY|os.O_CREATE|os.O_TRUNC
//	"a"  append, create             os.O_WRONLY|os.O_CREATE|os.O_APPEND
//	"r+" read and write             os.O_RDWR
//	"w+" read and write, create, truncate
//	"a+" read and append, create
//
// After the first letter, in any order and at most once each: '+' (read
// and write), 'x' (with 'w' only: exclusive create, os.O_EXCL, as in C11),
// 'e' (close-on-exec) and 'b' (binary, accepted and ignored as on POSIX).
// Files opened by this package are always close-on-exec, because Go hands
// descriptors to child processes explicitly (exec.Cmd.ExtraFiles), so 'e'
// changes nothing; it is accepted for compatibility. A bad string gives an
// *Error wrapping ErrBadMode that says where the string is wrong.
//
// For other flags or permission bits, open the file with os.OpenFile and
// wrap it with FromOS.
func Open(path, mode string) (*File, error) {
	flag, err := parseMode(mode)
	if err != nil {
		return nil, &Error{Op: "open", Path: path, Mode: mode, Written: -1, Err: err}
	}
	return openFile(path, mode, flag, 0o666)
}

func openFile(path, mode string, flag int, perm fs.FileMode) (*File, error) {
	h, err := sysOpen(path, flag, perm)
	if err != nil {
		return nil, &Error{Op: "open", Path: path, Mode: mode, Written: -1, Err: err}
	}
	return &File{h: h, name: path, mode: mode, owned: true}, nil
}

// NewFile returns a File that owns the native handle fd (a file
// descriptor, or a Windows HANDLE): Close closes it. name is used in error
// messages.
func NewFile(fd uintptr, name string) *File {
	return &File{h: handleOf(fd), name: name, owned: true}
}

// observe returns a File over the native handle fd that does not own it:
// Close marks the File closed but leaves the handle open for its owner
// (fast_io's observer), as for the standard streams.
func observe(fd uintptr, name string) *File {
	return &File{h: observeHandle(fd), name: name}
}

// FromOS returns a File over f's handle that does not own it: f stays
// responsible for closing, and must stay open while the File is used. On
// Unix the descriptor is put in blocking mode (as f.Fd does). It is the way
// to any handle os opens: a file with flags or permission bits of your
// choosing (os.OpenFile), the standard streams unbuffered (os.Stdout).
func FromOS(f *os.File) *File {
	return &File{h: osHandle(f), name: f.Name()}
}

// Name returns the path the File was opened with, or the name it was given.
func (f *File) Name() string { return f.name }

// Fd returns the native handle (a file descriptor, or a Windows HANDLE),
// which stays owned by the File; it is ^uintptr(0) after Close.
func (f *File) Fd() uintptr {
	if f.closed {
		return ^uintptr(0)
	}
	return f.h.fd()
}

func (f *File) err(op string, err error) error {
	return &Error{Op: op, Path: f.name, Mode: f.mode, Written: -1, Err: err}
}

func (f *File) werr(err error) error {
	return &Error{Op: "write", Path: f.name, Mode: f.mode, Written: f.written, Err: err}
}

// Read reads up to len(p) bytes with one read system call (retried on
// EINTR). At the end of the file it returns 0, io.EOF.
func (f *File) Read(p []byte) (int, error) {
	if f.closed {
		return 0, f.err("read", errClosed)
	}
	if len(p) == 0 {
		return 0, nil
	}
	n, err := f.h.read(p)
	if err != nil {
		return n, f.err("read", err)
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// Write writes all of p, or stops at an error, which then says how many
// bytes in total reached the device through this File.
func (f *File) Write(p []byte) (int, error) {
	if f.closed {
		return 0, f.werr(errClosed)
	}
	n, err := f.h.write(p)
	f.written += int64(n)
	if err != nil {
		f.h.epipe(err)
		return n, f.werr(err)
	}
	return n, nil
}

// WriteString is Write for a string, without a copy.
func (f *File) WriteString(s string) (int, error) {
	return f.Write(bytesOf(s))
}

// WriteBuffers writes the slices of bufs in order with gathered writes
// (writev), continuing after partial writes, and returns the bytes
// written. It is the gathered write core.Writer uses; bufs may be modified.
func (f *File) WriteBuffers(bufs [][]byte) (int64, error) {
	if f.closed {
		return 0, f.werr(errClosed)
	}
	n, err := f.h.writev(bufs)
	f.written += n
	if err != nil {
		f.h.epipe(err)
		return n, f.werr(err)
	}
	return n, nil
}

// ReadAt reads len(p) bytes at offset off (pread), without moving the
// file offset. Fewer bytes come only with an error, io.EOF at the end.
func (f *File) ReadAt(p []byte, off int64) (int, error) {
	if f.closed {
		return 0, f.err("read", errClosed)
	}
	if off < 0 {
		return 0, f.err("read", errNegativeOffset)
	}
	done := 0
	for done < len(p) {
		n, err := f.h.pread(p[done:], off+int64(done))
		done += n
		if err != nil {
			return done, f.err("read", err)
		}
		if n == 0 {
			return done, io.EOF
		}
	}
	return done, nil
}

// WriteAt writes p at offset off (pwrite), without moving the file offset.
// On a file opened for appending the offset is ignored by some systems
// (Linux appends), as with pwrite.
func (f *File) WriteAt(p []byte, off int64) (int, error) {
	if f.closed {
		return 0, f.werr(errClosed)
	}
	if off < 0 {
		return 0, f.err("write", errNegativeOffset)
	}
	done := 0
	for done < len(p) {
		n, err := f.h.pwrite(p[done:], off+int64(done))
		done += n
		if err != nil {
			return done, f.err("write", err)
		}
		if n == 0 {
			return done, f.err("write", io.ErrShortWrite)
		}
	}
	return done, nil
}

// Seek sets the offset of the next Read or Write, as io.Seeker says.
func (f *File) Seek(offset int64, whence int) (int64, error) {
	if f.closed {
		return 0, f.err("seek", errClosed)
	}
	off, err := f.h.seek(offset, whence)
	if err != nil {
		return 0, f.err("seek", err)
	}
	return off, nil
}

// Sync commits the file's data and metadata to stable storage (fsync).
func (f *File) Sync() error {
	if f.closed {
		return f.err("sync", errClosed)
	}
	if err := f.h.sync(); err != nil {
		return f.err("sync", err)
	}
	return nil
}

// Truncate changes the size of the file (ftruncate).
func (f *File) Truncate(size int64) error {
	if f.closed {
		return f.err("truncate", errClosed)
	}
	if size < 0 {
		return f.err("truncate", errNegativeOffset)
	}
	if err := f.h.truncate(size); err != nil {
		return f.err("truncate", err)
	}
	return nil
}

// Size returns the current size of the file.
func (f *File) Size() (int64, error) {
	if f.closed {
		return 0, f.err("stat", errClosed)
	}
	size, err := f.h.size()
	if err != nil {
		return 0, f.err("stat", err)
	}
	return size, nil
}

// Close closes the handle if the File owns it. Later operations, and a
// second Close, return an error wrapping fs.ErrClosed.
func (f *File) Close() error {
	if f.closed {
		return f.err("close", errClosed)
	}
	f.closed = true
	if err := f.h.close(f.owned); err != nil {
		return f.err("close", err)
	}
	return nil
}

// ReadFrom copies r to f until io.EOF; see Copy for the fast paths.
func (f *File) ReadFrom(r io.Reader) (int64, error) {
	return Copy(f, r)
}

// WriteTo copies f to w from the current offset to the end; see Copy for
// the fast paths.
func (f *File) WriteTo(w io.Writer) (int64, error) {
	return Copy(w, f)
}
