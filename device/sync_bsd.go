//go:build darwin || freebsd

package device

import "errors"

// datasync is a full fsync: x/sys/unix offers no fdatasync on these
// systems.
func (h *handle) datasync() error { return h.sync() }

func (h *handle) allocate(off, n int64) error { return errors.ErrUnsupported }
