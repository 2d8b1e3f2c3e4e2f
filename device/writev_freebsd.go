//go:build freebsd

package device

// writev on FreeBSD writes the slices one by one: golang.org/x/sys/unix
// has no Writev there.
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
