//go:build !linux && !darwin && !freebsd && !windows

package device

import "io"

// mapHandle reads the file into memory: the portable fallback for systems
// where this package does not map files.
func mapHandle(h *handle, size int) ([]byte, bool, error) {
	data := make([]byte, size)
	n, err := h.f.ReadAt(data, 0)
	if err == io.EOF && n == size {
		err = nil
	}
	if err != nil {
		return nil, false, unwrapPath(err)
	}
	return data, false, nil
}

func unmap([]byte) error { return nil }
