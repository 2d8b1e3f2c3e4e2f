//go:build unix && !(darwin || ios || freebsd || netbsd)

package cli

import (
	"io/fs"
	"syscall"
	"time"
)

// accessTime is the access time of the file st describes.
func accessTime(st fs.FileInfo) time.Time {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return time.Unix(int64(s.Atim.Sec), int64(s.Atim.Nsec))
	}
	return st.ModTime()
}
