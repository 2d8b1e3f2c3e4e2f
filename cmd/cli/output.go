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

// createTemp creates a temporary file in dir named after base. The
// interrupt handler is installed first and the name is registered under the
// lock the handler takes, so that a signal at any moment removes the file:
// the handler waits until the name it must remove is known.
func createTemp(dir, base string) (*os.File, error) {
	handleInterrupts()
	temps.Lock()
	defer temps.Unlock()
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, err
	}
	if temps.names == nil {
		temps.names = map[string]bool{}
	}
	temps.names[f.Name()] = true
	return f, nil
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

// removeTemp closes and removes a temporary file.
func removeTemp(f *os.File) {
	f.Close()
	os.Remove(f.Name())
	dropTemp(f.Name())
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
	f, err := createTemp(dir, base)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			pe.Path = name
		}
		return nil, err
	}
	if err := f.Chmod(perm); err != nil {
		removeTemp(f)
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
	removeTemp(a.File)
}

// outputFile is a named output file (conv -o, rec encode -o). What Commit
// does depends on what the name is when the output is opened:
//
//   - nothing, or a regular file with one link whose owner and group the
//     process can give a new file: the output is written to a temporary
//     file beside it, which gets the file's mode, owner and group and is
//     renamed over it. A reader sees the old content or the new, never a
//     part.
//   - a regular file reached through a symbolic link, with other hard
//     links, with extended attributes (an access control list, a security
//     label), whose owner or group the process cannot give a new file (not
//     root), or in a directory where no temporary file can be created: the
//     output is staged in a temporary file and then copied into the file
//     itself, as iconv writes it, so that the inode with its owner, mode,
//     links and the symbolic link stay. The file is unchanged until Commit,
//     and an output that is also an input is read in full before it is
//     overwritten.
//   - anything else (a character device, a FIFO): the output is written
//     into it as it comes, never renamed over it.
//
// Abort (or an interrupt) removes the temporary file and leaves the named
// file as it was, except in the last case.
type outputFile struct {
	name   string
	w      *os.File // what Write writes to: a temporary file, or the target itself
	atomic *atomicFile
	target *os.File // the target, for the staged copy: opened for writing, not yet truncated
	create bool     // the staged copy creates the target at Commit (a dangling symbolic link)
	direct bool
	done   bool
}

// openOutput opens the named output file. Its errors are those of opening
// the file for writing (a *fs.PathError naming it).
func openOutput(name string) (*outputFile, error) {
	lst, err := os.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		a, err := createAtomic(name, 0o666&^umask())
		if err != nil {
			return nil, err
		}
		return &outputFile{name: name, w: a.File, atomic: a}, nil
	}
	if err != nil {
		return nil, err
	}
	st := lst
	link := lst.Mode()&fs.ModeSymlink != 0
	if link {
		if st, err = os.Stat(name); errors.Is(err, fs.ErrNotExist) {
			// A dangling link: its target is created at the end, as
			// iconv creates it.
			o := &outputFile{name: name, create: true}
			return o, o.stage()
		} else if err != nil {
			return nil, err
		}
	}
	if !st.Mode().IsRegular() {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			return nil, err
		}
		return &outputFile{name: name, w: f, direct: true}, nil
	}
	// Opening the file for writing first fails where iconv fails (a file
	// the process may not write, a read-only file system, a running
	// program) instead of renaming over it.
	target, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return nil, err
	}
	o := &outputFile{name: name, target: target}
	uid, gid, nlink, haveOwner := fileOwner(st)
	if link || nlink > 1 || hasXattrs(name) {
		return o, o.stage()
	}
	a, err := createAtomic(name, st.Mode().Perm())
	if err != nil {
		return o, o.stage()
	}
	// The owner first: chown clears the set-user-ID and set-group-ID bits,
	// which the mode then restores.
	if haveOwner {
		if err := a.File.Chown(uid, gid); err != nil {
			// Not root, and the file is someone else's: only writing
			// into the file itself keeps its owner.
			o.w = a.File
			return o, nil
		}
	}
	if err := a.File.Chmod(st.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		a.Abort()
		target.Close()
		return nil, err
	}
	target.Close()
	o.target, o.w, o.atomic = nil, a.File, a
	return o, nil
}

// stage creates the temporary file of a staged copy: beside the target, or
// in the system's temporary directory when its directory takes none.
func (o *outputFile) stage() error {
	dir, base := filepath.Split(o.name)
	if dir == "" {
		dir = "."
	}
	f, err := createTemp(dir, base)
	if err != nil {
		if f, err = createTemp(os.TempDir(), base); err != nil {
			if o.target != nil {
				o.target.Close()
			}
			return err
		}
	}
	o.w = f
	return nil
}

// Write writes to the output.
func (o *outputFile) Write(p []byte) (int, error) { return o.w.Write(p) }

// Commit makes what was written the named file's content.
func (o *outputFile) Commit() error {
	if o.done {
		return nil
	}
	o.done = true
	switch {
	case o.direct:
		return o.w.Close()
	case o.atomic != nil:
		return o.atomic.Commit()
	}
	defer removeTemp(o.w)
	target := o.target
	if o.create {
		var err error
		if target, err = os.OpenFile(o.name, os.O_WRONLY|os.O_CREATE, 0o666); err != nil {
			return err
		}
	}
	// The new content goes over the old from the start and the file is
	// cut at its end: the inode stays, and so do its owner, mode and links.
	n, err := o.w.Seek(0, io.SeekStart)
	if err == nil {
		n, err = io.Copy(target, o.w)
	}
	if err == nil {
		err = target.Truncate(n)
	}
	if cerr := target.Close(); err == nil {
		err = cerr
	}
	return err
}

// Abort leaves the named file as it was (a device or FIFO keeps what was
// written into it); after Commit it does nothing.
func (o *outputFile) Abort() {
	if o.done {
		return
	}
	o.done = true
	switch {
	case o.direct:
		o.w.Close()
	case o.atomic != nil:
		o.atomic.Abort()
	default:
		removeTemp(o.w)
		if o.target != nil {
			o.target.Close()
		}
	}
}

// errInputIsOutput is checkNotSelf's error; strerror gives its text.
var errInputIsOutput = errors.New("input file is output file")

// checkNotSelf returns errInputIsOutput when the input in and the output
// out are the same regular file (same device and inode) and in has bytes
// left to read (its offset is before its end), as cat refuses them: copying
// in to out would then read back its own output, growing the file until the
// disk is full when out appends, or overwrite input not yet read. It returns
// nil otherwise, and when either is not an *os.File or cannot be examined
// (a pipe, a terminal, a buffer in a test).
func checkNotSelf(in io.Reader, out io.Writer) error {
	inF, ok := in.(*os.File)
	if !ok {
		return nil
	}
	outF, ok := out.(*os.File)
	if !ok {
		return nil
	}
	ost, err := outF.Stat()
	if err != nil || !ost.Mode().IsRegular() {
		return nil
	}
	ist, err := inF.Stat()
	if err != nil || !os.SameFile(ist, ost) {
		return nil
	}
	off, err := inF.Seek(0, io.SeekCurrent)
	if err != nil || off >= ist.Size() {
		return nil
	}
	return errInputIsOutput
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
