package device

import "errors"

var errNoProgress = errors.New("device accepted no bytes")

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

var (
	errNotSeekable  = errors.New("device is not seekable")
	errNoCloseWrite = errors.New("device cannot close its writing side")
)

var errTooLarge = errors.New("file too large to map")
