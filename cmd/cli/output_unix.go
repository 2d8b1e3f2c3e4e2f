//go:build unix

package cli

import (
	"io/fs"
	"syscall"
)

// fileOwner returns the owner, group and link count of st.
func fileOwner(st fs.FileInfo) (uid, gid int, nlink uint64, ok bool) {
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 1, false
	}
	return int(s.Uid), int(s.Gid), uint64(s.Nlink), true
}
