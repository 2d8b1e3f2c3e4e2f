//go:build linux || darwin || freebsd

package device

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"

	"golang.org/x/sys/unix"
)

// errNoProgress is the error of a write system call that accepted nothing.
var errNoProgress = fmt.Errorf("device accepted no bytes: %w", io.ErrNoProgress)

// handle is a raw file descriptor. keep holds the *os.File a descriptor
// came from, so that its finalizer cannot close the descriptor under us.
type handle struct {
	sysfd int
	keep  *os.File
}

func sysOpen(path string, flag int, perm fs.FileMode) (handle, error) {
	// os.O_* flags have the values of the system's O_* flags on Unix.
	var fd int
	var err error
	for {
		fd, err = unix.Open(path, flag|unix.O_CLOEXEC, unixPerm(perm))
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return handle{sysfd: -1}, err
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err == nil && uint32(st.Mode)&unix.S_IFMT == unix.S_IFDIR {
		unix.Close(fd)
		return handle{sysfd: -1}, ErrIsDir
	}
	return handle{sysfd: fd}, nil
}

func unixPerm(perm fs.FileMode) uint32 {
	m := uint32(perm.Perm())
	if perm&fs.ModeSetuid != 0 {
		m |= unix.S_ISUID
	}
	if perm&fs.ModeSetgid != 0 {
		m |= unix.S_ISGID
	}
	if perm&fs.ModeSticky != 0 {
		m |= unix.S_ISVTX
	}
	return m
}

func handleOf(fd uintptr) handle      { return handle{sysfd: int(fd)} }
func observeHandle(fd uintptr) handle { return handle{sysfd: int(fd)} }

func osHandle(f *os.File) handle { return handle{sysfd: int(f.Fd()), keep: f} }

func (h *handle) fd() uintptr { return uintptr(h.sysfd) }

// wait blocks until a non-blocking descriptor is ready for events.
func (h *handle) wait(events int16) error {
	fds := []unix.PollFd{{Fd: int32(h.sysfd), Events: events}}
	for {
		_, err := unix.Poll(fds, -1)
		if err != unix.EINTR {
			return err
		}
	}
}

func (h *handle) read(p []byte) (int, error) {
	for {
		n, err := unix.Read(h.sysfd, p)
		switch err {
		case nil:
			return n, nil
		case unix.EINTR:
			continue
		case unix.EAGAIN:
			if err := h.wait(unix.POLLIN); err != nil {
				return 0, err
			}
			continue
		}
		return 0, err
	}
}

func (h *handle) write(p []byte) (int, error) {
	done := 0
	for done < len(p) {
		n, err := unix.Write(h.sysfd, p[done:])
		if n > 0 {
			done += n
		}
		switch err {
		case nil:
			if n == 0 {
				return done, errNoProgress
			}
			continue
		case unix.EINTR:
			continue
		case unix.EAGAIN:
			if err := h.wait(unix.POLLOUT); err != nil {
				return done, err
			}
			continue
		}
		return done, err
	}
	return done, nil
}

func (h *handle) pread(p []byte, off int64) (int, error) {
	for {
		n, err := unix.Pread(h.sysfd, p, off)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return 0, err
		}
		return n, nil
	}
}

func (h *handle) pwrite(p []byte, off int64) (int, error) {
	for {
		n, err := unix.Pwrite(h.sysfd, p, off)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return 0, err
		}
		return n, nil
	}
}

func (h *handle) seek(off int64, whence int) (int64, error) {
	return unix.Seek(h.sysfd, off, whence)
}

func (h *handle) sync() error {
	for {
		if err := unix.Fsync(h.sysfd); err != unix.EINTR {
			return err
		}
	}
}

func (h *handle) truncate(size int64) error {
	for {
		if err := unix.Ftruncate(h.sysfd, size); err != unix.EINTR {
			return err
		}
	}
}

func (h *handle) size() (int64, error) {
	var st unix.Stat_t
	if err := unix.Fstat(h.sysfd, &st); err != nil {
		return 0, err
	}
	return st.Size, nil
}

func (h *handle) close(owned bool) error {
	fd, keep := h.sysfd, h.keep
	h.sysfd, h.keep = -1, nil
	if !owned {
		runtime.KeepAlive(keep)
		return nil
	}
	if keep != nil {
		return keep.Close()
	}
	// close is not retried on EINTR: Linux has released the descriptor
	// already, and another goroutine may have been given the number.
	return unix.Close(fd)
}
