package device

import (
	"io"
	"os"
	"sync"

	"github.com/fastio-go/fastio/core"
)

// copyBufferSize is the buffer of the portable copy loop.
const copyBufferSize = 1 << 20

var copyBuffers = sync.Pool{New: func() any { b := make([]byte, copyBufferSize); return &b }}

// Copy copies src to dst until io.EOF and returns the bytes copied. It
// looks through the buffered devices of this package (flushing an OutFile
// or IOFile destination first, and writing an InFile source's window before
// its device) and then takes the fastest path the kernel offers:
//
//   - File to File: copy_file_range on Linux (the kernel copies, and can
//     share extents or copy on the server), falling back to sendfile; on
//     ext4, the destination's blocks for the rest of the source are
//     reserved first (fallocate with FALLOC_FL_KEEP_SIZE, so the size
//     only grows as data arrives), which saves ext4 its per-block delayed
//     allocation work;
//   - File to Conn: sendfile on Linux;
//   - otherwise a loop of 1 MiB reads and writes (which never calls dst's
//     ReadFrom or src's WriteTo, so it cannot recurse).
//
// When src and dst are the same regular file (the same device and inode,
// through a File or an *os.File) and the range still to be read overlaps
// the range the copy would write (as from a file onto itself opened
// without truncation, or in append mode, which would never end), Copy
// refuses before copying anything, as cat does, with an *Error wrapping
// ErrSameFile. Moving a file's tail to an earlier offset, where the
// ranges do not overlap, is allowed.
//
// Copy is what File's ReadFrom and WriteTo use.
func Copy(dst io.Writer, src io.Reader) (int64, error) {
	switch d := dst.(type) {
	case *OutFile:
		if d.Device() != nil {
			if err := d.Flush(); err != nil {
				return 0, err
			}
			dst = d.Device()
		}
	case *IOFile:
		if err := d.Flush(); err != nil {
			return 0, err
		}
		dst = d.dev
	}
	var total int64
	switch s := src.(type) {
	case *InFile:
		if w := s.Window(); len(w) > 0 {
			n, err := dst.Write(w)
			s.Consume(n)
			total += int64(n)
			if err != nil {
				return total, err
			}
		}
		if s.Device() != nil {
			src = s.Device()
		}
	case *IOFile:
		if err := s.toRead(); err != nil {
			return 0, err
		}
		if w := s.Window(); len(w) > 0 {
			n, err := dst.Write(w)
			s.Consume(n)
			total += int64(n)
			if err != nil {
				return total, err
			}
		}
		src = s.dev
	}
	if err := checkSameFile(dst, src); err != nil {
		return total, err
	}
	if sf, ok := src.(*File); ok {
		n, handled, err := copyFast(dst, sf)
		total += n
		if handled || err != nil {
			return total, err
		}
	}
	n, err := copyLoop(dst, src)
	return total + n, err
}

// copyLoop copies with plain reads and writes.
func copyLoop(dst io.Writer, src io.Reader) (int64, error) {
	bp := copyBuffers.Get().(*[]byte)
	defer copyBuffers.Put(bp)
	buf := *bp
	var total int64 // the bytes written, which Copy returns
	_, err := core.ReadEach(src, func() ([]byte, error) { return buf, nil }, func(p []byte) error {
		if len(p) == 0 {
			return nil
		}
		m, err := dst.Write(p)
		if m < 0 || m > len(p) {
			return core.ErrInvalidCount
		}
		total += int64(m)
		if err != nil {
			return err
		}
		if m < len(p) {
			return io.ErrShortWrite
		}
		return nil
	})
	return total, err
}

// fileOf returns what Copy needs of a File or an *os.File.
func fileOf(x any) (st fileStat, off func() (int64, error), appending bool, name string, ok bool) {
	switch f := x.(type) {
	case *File:
		if f.closed {
			return
		}
		st, err := f.h.stat()
		if err != nil {
			return st, nil, false, "", false
		}
		return st, func() (int64, error) { return f.h.seek(0, io.SeekCurrent) }, f.h.appending(), f.name, true
	case *os.File:
		st, err := osStat(f)
		if err != nil {
			return st, nil, false, "", false
		}
		return st, func() (int64, error) { return f.Seek(0, io.SeekCurrent) }, osAppending(f), f.Name(), true
	}
	return
}

// checkSameFile refuses a copy of a file onto itself that would read what
// it writes.
func checkSameFile(dst io.Writer, src io.Reader) error {
	sst, soff, _, sname, ok := fileOf(src)
	if !ok {
		return nil
	}
	dst2, doff, appending, _, ok := fileOf(dst)
	if !ok || !sameFile(sst, dst2) {
		return nil
	}
	refuse := &Error{Op: "copy", Path: sname, Written: -1, Err: ErrSameFile}
	if !sst.regular {
		return refuse
	}
	s, err := soff()
	if err != nil {
		return refuse
	}
	left := sst.size - s
	if left <= 0 {
		return nil // nothing left to read
	}
	d := sst.size
	if !appending {
		if d, err = doff(); err != nil {
			return refuse
		}
	}
	if d+left > s {
		return refuse
	}
	return nil
}
