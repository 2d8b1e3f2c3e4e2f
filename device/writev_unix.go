//go:build linux || darwin

package device

import "golang.org/x/sys/unix"

// maxIov is the number of slices passed to one writev (IOV_MAX is 1024 on
// Linux and macOS).
const maxIov = 1024

func (h *handle) writev(bufs [][]byte) (int64, error) {
	var total int64
	for len(bufs) > 0 {
		// Drop empty leading slices so that progress is measurable.
		if len(bufs[0]) == 0 {
			bufs = bufs[1:]
			continue
		}
		vec := bufs[:min(len(bufs), maxIov)]
		n, err := unix.Writev(h.sysfd, vec)
		if n > 0 {
			total += int64(n)
			bufs = advance(bufs, n)
		}
		switch err {
		case nil:
			if n == 0 {
				return total, errNoProgress
			}
			continue
		case unix.EINTR:
			continue
		case unix.EAGAIN:
			if err := h.wait(unix.POLLOUT); err != nil {
				return total, err
			}
			continue
		}
		return total, err
	}
	return total, nil
}

// advance drops the first n bytes of the concatenation of bufs.
func advance(bufs [][]byte, n int) [][]byte {
	for len(bufs) > 0 && n >= len(bufs[0]) {
		n -= len(bufs[0])
		bufs[0] = nil
		bufs = bufs[1:]
	}
	if len(bufs) > 0 {
		bufs[0] = bufs[0][n:]
	}
	return bufs
}
