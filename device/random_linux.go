package device

import "golang.org/x/sys/unix"

func readRandom(p []byte) (int, error) {
	for {
		n, err := unix.Getrandom(p, 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return 0, err
		}
		return n, nil
	}
}
