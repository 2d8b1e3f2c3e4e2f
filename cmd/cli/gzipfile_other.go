//go:build !unix

package cli

import (
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
