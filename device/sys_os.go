//go:build !linux && !darwin && !freebsd

package device

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"sync"
)

// handle is the portable fallback: an *os.File, which on Windows uses the
// Win32 API and on wasip1 the WASI calls.
type handle struct {
	f *os.File
}

// observed keeps the *os.File of observed handles reachable until the
// observer is closed, so that its finalizer cannot close a handle that
// belongs to someone else.
var observed sync.Map

func sysOpen(path string, flag int, perm fs.FileMode) (handle, error) {
	f, err := os.OpenFile(path, flag, perm)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return handle{}, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return handle{}, ErrIsDir
	}
	return handle{f: f}, nil
}

func handleOf(fd uintptr) handle { return handle{f: os.NewFile(fd, "")} }

func observeHandle(fd uintptr) handle {
	var f *os.File
	switch {
	case os.Stdin != nil && fd == os.Stdin.Fd():
		f = os.Stdin
	case os.Stdout != nil && fd == os.Stdout.Fd():
		f = os.Stdout
	case os.Stderr != nil && fd == os.Stderr.Fd():
		f = os.Stderr
	default:
		f = os.NewFile(fd, "")
		observed.Store(f, struct{}{})
	}
	return handle{f: f}
}

func osHandle(f *os.File) handle { return handle{f: f} }

func (h *handle) fd() uintptr { return h.f.Fd() }

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (h *handle) read(p []byte) (int, error) {
	n, err := h.f.Read(p)
	if err == io.EOF {
		return n, nil
	}
	return n, unwrapPath(err)
}

func (h *handle) write(p []byte) (int, error) {
	n, err := h.f.Write(p)
	return n, unwrapPath(err)
}

func (h *handle) writev(bufs [][]byte) (int64, error) {
	var total int64
	for _, b := range bufs {
		n, err := h.write(b)
		total += int64(n)
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

func (h *handle) pread(p []byte, off int64) (int, error) {
	n, err := h.f.ReadAt(p, off)
	if err == io.EOF {
		return n, nil
	}
	return n, unwrapPath(err)
}

func (h *handle) pwrite(p []byte, off int64) (int, error) {
	n, err := h.f.WriteAt(p, off)
	return n, unwrapPath(err)
}

func (h *handle) seek(off int64, whence int) (int64, error) {
	n, err := h.f.Seek(off, whence)
	return n, unwrapPath(err)
}

func (h *handle) sync() error { return unwrapPath(h.f.Sync()) }

func (h *handle) truncate(size int64) error { return unwrapPath(h.f.Truncate(size)) }

func (h *handle) size() (int64, error) {
	st, err := h.f.Stat()
	if err != nil {
		return 0, unwrapPath(err)
	}
	return st.Size(), nil
}

func (h *handle) close(owned bool) error {
	f := h.f
	if !owned {
		observed.Delete(f)
		return nil
	}
	return unwrapPath(f.Close())
}
