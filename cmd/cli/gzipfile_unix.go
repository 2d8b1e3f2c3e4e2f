//go:build unix

package cli

import (
	"io/fs"
	"os"
	"syscall"
)

// linkCount is the number of hard links of the file st describes.
func linkCount(st fs.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Nlink)
	}
	return 1
}

// copyOwner gives f the group and then the owner of the file st
// describes, as gzip does (errors ignored: only root may give a file
// away), then its permissions again, which a change of owner may clear.
func copyOwner(f *os.File, st fs.FileInfo) {
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	f.Chown(-1, int(s.Gid))
	f.Chmod(st.Mode().Perm())
	f.Chown(int(s.Uid), -1)
}
