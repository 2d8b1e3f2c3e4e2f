//go:build unix

package cli

import "syscall"

// sysUmask reads the umask (setting it back at once).
func sysUmask() int {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return m
}
