//go:build linux || darwin || freebsd

package device

import (
	"os"

	"golang.org/x/sys/unix"
)

func dupFd(f *os.File) (uintptr, error) {
	fd, err := unix.Dup(int(f.Fd()))
	return uintptr(fd), err
}
