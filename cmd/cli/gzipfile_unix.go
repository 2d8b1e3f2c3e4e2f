//go:build unix

package cli

import (
	"io"
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

// writesOver reports whether out, an output the run writes, is the file
// in: the same regular file, at an offset before in's end (as a file
// opened for appending is until its first write), so that the output
// would be read back as input: what cat checks before it refuses ("input
// file is output file").
func writesOver(in *os.File, out io.Writer) bool {
	of, ok := out.(*os.File)
	if !ok {
		return false
	}
	ist, err1 := in.Stat()
	ost, err2 := of.Stat()
	if err1 != nil || err2 != nil || !ist.Mode().IsRegular() || !os.SameFile(ist, ost) {
		return false
	}
	off, err := of.Seek(0, io.SeekCurrent)
	return err == nil && off < ist.Size()
}
