//go:build !linux && !darwin && !freebsd

package device

import (
	"errors"
	"os"
)

// fileStat is what this package needs to know of an open file: its kind,
// size and identity, and the times that change when its content does.
type fileStat struct {
	size         int64
	regular, dir bool
	mtime, ctime int64       // nanoseconds
	info         os.FileInfo // identifies the file, through os.SameFile
}

func (h *handle) stat() (fileStat, error) {
	return osStat(h.f)
}

func osStat(f *os.File) (fileStat, error) {
	fi, err := f.Stat()
	if err != nil {
		return fileStat{}, unwrapPath(err)
	}
	return fileStat{size: fi.Size(), regular: fi.Mode().IsRegular(), dir: fi.IsDir(), mtime: fi.ModTime().UnixNano(), info: fi}, nil
}

func (h *handle) appending() bool { return false }

func osAppending(*os.File) bool { return false }

func (h *handle) dup() (handle, error) { return handle{}, errors.ErrUnsupported }

// epipe does nothing: writes go through os, which handles EPIPE itself.
func (h *handle) epipe(error) {}

// sameFile reports whether a and b are the same file.
func sameFile(a, b fileStat) bool {
	return a.info != nil && b.info != nil && os.SameFile(a.info, b.info)
}
