package crypto

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/fastio-go/fastio/core"
)

// readBlock is the read size of SumFile, SumReader and Hasher.ReadFrom: large
// enough that the system call costs little against hashing 64 KiB, small
// enough that the lines the kernel's copy has just written are still in the
// core's L2 cache (256 KiB to 2 MiB on current cores) when the hash reads
// them, with room to spare; a 1 MiB block costs more CPU time per file on a
// 2 MiB L2 already. The block is a multiple of every block size, so whole
// reads go to the block function without a copy into the Hasher's buffer.
const readBlock = 64 << 10

var blockPool = sync.Pool{New: func() any { return new([readBlock]byte) }}

var hasherPools [maxAlgorithm]sync.Pool

func getHasher(a Algorithm) (*Hasher, error) {
	if !a.Valid() {
		return nil, &AlgorithmError{Value: a}
	}
	if h, _ := hasherPools[a].Get().(*Hasher); h != nil {
		h.Reset()
		return h, nil
	}
	return New(a)
}

func putHasher(h *Hasher) { hasherPools[h.alg].Put(h) }

// SumReader returns the digest of everything r yields until io.EOF, and the
// number of bytes hashed. A read error other than io.EOF is returned with
// the count read before it and an empty Digest.
func SumReader(a Algorithm, r io.Reader) (Digest, int64, error) {
	h, err := getHasher(a)
	if err != nil {
		return Digest{}, 0, err
	}
	defer putHasher(h)
	n, err := h.ReadFrom(r)
	if err != nil {
		return Digest{}, n, err
	}
	return h.Digest(), n, nil
}

// SumFile returns the digest of the file at path, read in blocks of 64 KiB.
//
// A regular file is checked against change: if it ends before the size it
// had when it was opened, holds bytes past that size, or its size or
// modification time differ once it has been read, the error is an
// *fs.PathError wrapping core.ErrFileChanged and the Digest is empty, never the
// digest of a mix of old and new contents. A file whose size is reported as
// 0 (those of /proc and /sys) and anything that is not a regular file (a
// pipe, a device) is hashed to its end without that check.
func SumFile(a Algorithm, path string) (Digest, error) {
	h, err := getHasher(a)
	if err != nil {
		return Digest{}, err
	}
	defer putHasher(h)
	if err := h.hashFile(path); err != nil {
		return Digest{}, err
	}
	return h.Digest(), nil
}

// SumFileHMAC is SumFile for the HMAC of the file's contents under key.
func SumFileHMAC(a Algorithm, key []byte, path string) (Digest, error) {
	h, err := NewHMAC(a, key)
	if err != nil {
		return Digest{}, err
	}
	if err := h.hashFile(path); err != nil {
		return Digest{}, err
	}
	return h.Digest(), nil
}

// statReader is what hashFile needs of an open file; tests stand in a file
// that changes at a chosen moment.
type statReader interface {
	io.Reader
	Stat() (fs.FileInfo, error)
}

// openFile opens path for hashFile; tests replace it.
var openFile = func(path string) (statReader, io.Closer, error) {
	f, err := os.Open(path)
	return f, f, err
}

func (h *Hasher) hashFile(path string) error {
	f, c, err := openFile(path)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := h.hashChecked(f); err != nil {
		return &fs.PathError{Op: "hash", Path: path, Err: err}
	}
	return nil
}

// hashChecked hashes f to its end; for a regular file of known size it
// fails with core.ErrFileChanged if the contents read do not match the size and
// modification time reported before and after.
func (h *Hasher) hashChecked(f statReader) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	size, mtime := fi.Size(), fi.ModTime()
	checked := fi.Mode().IsRegular() && size > 0
	n, err := h.readAll(f)
	if err != nil {
		return err
	}
	if !checked {
		return nil
	}
	if n != size {
		return &changeError{what: "size", before: size, after: n}
	}
	end, err := f.Stat()
	if err != nil {
		return err
	}
	if end.Size() != size {
		return &changeError{what: "size", before: size, after: end.Size()}
	}
	if !end.ModTime().Equal(mtime) {
		return &changeError{what: "modification time", t0: mtime, t1: end.ModTime()}
	}
	return nil
}

// changeError says how a file changed while it was hashed.
type changeError struct {
	what          string
	before, after int64
	t0, t1        time.Time
}

func (e *changeError) Error() string {
	if e.what == "size" {
		return fmt.Sprintf("crypto: file changed while hashing: %d bytes when opened, %d read", e.before, e.after)
	}
	return fmt.Sprintf("crypto: file changed while hashing: modification time %v when opened, %v after reading", e.t0, e.t1)
}

// Unwrap returns core.ErrFileChanged, and io.ErrUnexpectedEOF too when the
// file ended before its size: that is truncated input.
func (e *changeError) Unwrap() []error {
	if e.what == "size" && e.after < e.before {
		return []error{core.ErrFileChanged, io.ErrUnexpectedEOF}
	}
	return []error{core.ErrFileChanged}
}

// readAll hashes what r yields until io.EOF through a pooled 64 KiB block and
// returns the count. Whole blocks go to the block function straight from
// the read buffer.
func (h *Hasher) readAll(r io.Reader) (int64, error) {
	buf := blockPool.Get().(*[readBlock]byte)
	defer blockPool.Put(buf)
	return core.ReadEach(r, func() ([]byte, error) { return buf[:], nil }, func(p []byte) error {
		h.Put(p)
		return nil
	})
}
