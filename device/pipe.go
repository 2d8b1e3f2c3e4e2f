package device

import "os"

// Pipe returns the two ends of a new pipe as Files: bytes written to w
// are read from r. Both are close-on-exec and blocking; wrap them with
// core.NewOwningReader and core.NewOwningWriter for buffering.
func Pipe() (r, w *File, err error) {
	or, ow, err := os.Pipe()
	if err != nil {
		return nil, nil, &Error{Op: "pipe", Path: "pipe", Written: -1, Err: err}
	}
	return ownOS(or, "pipe (read end)"), ownOS(ow, "pipe (write end)"), nil
}

// ownOS returns a File that owns f.
func ownOS(f *os.File, name string) *File {
	file := FromOS(f)
	file.name, file.owned = name, true
	return file
}
