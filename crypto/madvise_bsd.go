//go:build darwin || freebsd

package crypto

// adviseSequential does nothing here: package syscall has no madvise on
// this platform, and read-ahead of mapped files works without it.
func adviseSequential([]byte) {}
