package cli

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
)

// temps holds the temporary files being written, so that an interrupt can
// remove them (see Main).
var temps struct {
	sync.Mutex
	names map[string]bool
}

func addTemp(name string) {
	handleInterrupts()
	temps.Lock()
	if temps.names == nil {
		temps.names = map[string]bool{}
	}
	temps.names[name] = true
	temps.Unlock()
}

func dropTemp(name string) {
	temps.Lock()
	delete(temps.names, name)
	temps.Unlock()
}

func removeTemps() {
	temps.Lock()
	defer temps.Unlock()
	for name := range temps.names {
		os.Remove(name)
	}
	temps.names = nil
}

// atomicFile is an output file written under a temporary name in the target's
// directory and renamed to the target by Commit; Abort (or an interrupt)
// removes it. A reader of the target never sees partial output.
type atomicFile struct {
	*os.File
	target string
	done   bool
}

// createAtomic starts writing the file name with permissions perm.
func createAtomic(name string, perm fs.FileMode) (*atomicFile, error) {
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			pe.Path = name
		}
		return nil, err
	}
	addTemp(f.Name())
	if err := f.Chmod(perm); err != nil {
		f.Close()
		os.Remove(f.Name())
		dropTemp(f.Name())
		return nil, err
	}
	return &atomicFile{File: f, target: name}, nil
}

// Commit closes the temporary file and renames it to the target.
func (a *atomicFile) Commit() error {
	if a.done {
		return nil
	}
	a.done = true
	tmp := a.File.Name()
	defer dropTemp(tmp)
	if err := a.File.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, a.target); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// Abort closes and removes the temporary file; after Commit it does nothing.
func (a *atomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.File.Close()
	os.Remove(a.File.Name())
	dropTemp(a.File.Name())
}

// strerror returns the C library's text for the error at the bottom of err
// ("No such file or directory"), the words the tools fastio replaces print.
func strerror(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return capitalize(errno.Error())
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return capitalize(pe.Err.Error())
	}
	return err.Error()
}

func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// isEPIPE reports whether err is a write to a pipe with no reader. The Go
// runtime already ends the process quietly (SIGPIPE) for a write to standard
// output; this catches the writes that went through other descriptors.
func isEPIPE(err error) bool {
	return errors.Is(err, syscall.EPIPE)
}

// openInput opens a named input, "-" being stdin. It refuses a directory
// with the error the C tools print (EISDIR), as they fail on reading it.
func openInput(name string, stdin io.Reader) (io.Reader, func(), error) {
	if name == "-" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, nil, &fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
	}
	return f, func() { f.Close() }, nil
}
