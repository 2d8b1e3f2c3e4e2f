//go:build linux || darwin || freebsd

package device

import "golang.org/x/sys/unix"

func mapHandle(h *handle, size int) ([]byte, bool, error) {
	data, err := unix.Mmap(h.sysfd, 0, size, unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, false, err
	}
	// Tell the kernel the map is read front to back, so that it reads
	// ahead aggressively; a failure only costs speed.
	_ = unix.Madvise(data, unix.MADV_SEQUENTIAL)
	return data, true, nil
}

func unmap(data []byte) error { return unix.Munmap(data) }
