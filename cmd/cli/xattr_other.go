//go:build !linux

package cli

// hasXattrs reports no extended attributes where fastio does not read them.
func hasXattrs(name string) bool { return false }
