package cli

import "syscall"

// hasXattrs reports whether the file name has extended attributes (an
// access control list, a security label, user attributes), which a new
// file renamed over it would not carry.
func hasXattrs(name string) bool {
	n, err := syscall.Listxattr(name, nil)
	return err == nil && n > 0
}
