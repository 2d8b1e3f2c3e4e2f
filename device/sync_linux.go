package device

import "golang.org/x/sys/unix"

func (h *handle) datasync() error {
	for {
		if err := unix.Fdatasync(h.sysfd); err != unix.EINTR {
			return err
		}
	}
}

func (h *handle) allocate(off, n int64) error {
	for {
		if err := unix.Fallocate(h.sysfd, 0, off, n); err != unix.EINTR {
			return err
		}
	}
}
