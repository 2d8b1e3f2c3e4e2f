//go:build linux || darwin || freebsd

package device

import (
	"os"

	"golang.org/x/sys/unix"
)

// fileStat is what this package needs to know of an open file: its kind,
// size and identity, and the times that change when its content does.
type fileStat struct {
	size         int64
	regular, dir bool
	mtime, ctime int64 // nanoseconds
	dev, ino     uint64
	known        bool // dev and ino identify the file
}

func (h *handle) stat() (fileStat, error) {
	var st unix.Stat_t
	for {
		err := unix.Fstat(h.sysfd, &st)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return fileStat{}, err
		}
		break
	}
	return fileStat{
		size:    st.Size,
		regular: st.Mode&unix.S_IFMT == unix.S_IFREG,
		dir:     st.Mode&unix.S_IFMT == unix.S_IFDIR,
		mtime:   st.Mtim.Nano(),
		ctime:   st.Ctim.Nano(),
		dev:     uint64(st.Dev),
		ino:     uint64(st.Ino),
		known:   true,
	}, nil
}

// appending reports whether writes to h go to the end of the file
// (O_APPEND), wherever its offset is.
func (h *handle) appending() bool {
	fl, err := unix.FcntlInt(uintptr(h.sysfd), unix.F_GETFL, 0)
	return err == nil && fl&unix.O_APPEND != 0
}

// dup returns a second, owned handle of the same open file, for watching
// it after the caller closed the first.
func (h *handle) dup() (handle, error) {
	fd, err := unix.FcntlInt(uintptr(h.sysfd), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return handle{}, err
	}
	return handle{sysfd: fd}, nil
}

// osStat is stat for an *os.File, through its raw descriptor (f.Fd
// would put a non-blocking descriptor in blocking mode).
func osStat(f *os.File) (st fileStat, err error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return st, err
	}
	if cerr := rc.Control(func(fd uintptr) { h := handle{sysfd: int(fd)}; st, err = h.stat() }); cerr != nil {
		return st, cerr
	}
	return st, err
}

// osAppending is appending for an *os.File.
func osAppending(f *os.File) (appending bool) {
	if rc, err := f.SyscallConn(); err == nil {
		rc.Control(func(fd uintptr) { h := handle{sysfd: int(fd)}; appending = h.appending() })
	}
	return appending
}

// epipe is called when a write to h failed with err. On EPIPE of the
// standard output or error it does what a write to os.Stdout does: it
// writes through os, whose EPIPE handling raises SIGPIPE, so that the
// program ends as Unix tools expect when their reader has gone (unless it
// asked for SIGPIPE with os/signal, in which case the write just fails).
func (h *handle) epipe(err error) {
	if err != unix.EPIPE {
		return
	}
	switch h.sysfd {
	case 1:
		os.Stdout.Write([]byte{0})
	case 2:
		os.Stderr.Write([]byte{0})
	}
}

// sameFile reports whether a and b are the same file.
func sameFile(a, b fileStat) bool { return a.known && b.known && a.dev == b.dev && a.ino == b.ino }
