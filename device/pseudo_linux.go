package device

import "golang.org/x/sys/unix"

// pseudoFS reports whether h is a file of a kernel pseudo file system
// (/proc, /sys, ...), whose files report a size that is not their content
// (0 for /proc/self/status, 4096 for a sysfs attribute): such files are
// read, never mapped.
func (h *handle) pseudoFS() bool {
	var st unix.Statfs_t
	if err := unix.Fstatfs(h.sysfd, &st); err != nil {
		return false
	}
	switch uint32(st.Type) {
	case unix.PROC_SUPER_MAGIC, unix.SYSFS_MAGIC, unix.DEBUGFS_MAGIC, unix.TRACEFS_MAGIC,
		unix.CGROUP_SUPER_MAGIC, unix.CGROUP2_SUPER_MAGIC, unix.SECURITYFS_MAGIC,
		unix.EFIVARFS_MAGIC, unix.BPF_FS_MAGIC:
		return true
	}
	return false
}
