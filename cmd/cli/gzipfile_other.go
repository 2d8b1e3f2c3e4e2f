//go:build !unix

package cli

import (
	"io/fs"
	"time"
)

// accessTime is the access time of the file st describes; this system
// does not say, so its modification time.
func accessTime(st fs.FileInfo) time.Time { return st.ModTime() }
