//go:build !unix

package cli

import (
	"io"
	"io/fs"
	"os"
	"time"
)

// linkCount is the number of hard links of the file st describes; this
// system does not say, so 1.
func linkCount(st fs.FileInfo) uint64 { return 1 }

// accessTime is the access time of the file st describes; this system
// does not say, so its modification time.
func accessTime(st fs.FileInfo) time.Time { return st.ModTime() }

// copyOwner does nothing where files have no Unix owner.
func copyOwner(f *os.File, st fs.FileInfo) {}

// writesOver reports whether out is the file in, read back as input.
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
