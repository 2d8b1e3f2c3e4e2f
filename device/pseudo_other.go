//go:build !linux

package device

// pseudoFS reports false: only Linux is known to have regular files whose
// reported size is not their content.
func (h *handle) pseudoFS() bool { return false }
