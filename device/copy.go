package device

import (
	"io"
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
	var total int64
	empty := 0
	for {
		n, err := src.Read(buf)
		if n < 0 || n > len(buf) {
			return total, core.ErrInvalidCount
		}
		if n > 0 {
			empty = 0
			m, werr := dst.Write(buf[:n])
			if m < 0 || m > n {
				return total, core.ErrInvalidCount
			}
			total += int64(m)
			if werr != nil {
				return total, werr
			}
			if m < n {
				return total, io.ErrShortWrite
			}
		}
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
		if n == 0 {
			if empty++; empty >= 100 {
				return total, core.ErrNoProgress
			}
		}
	}
}
