package crypto

import (
	"io"
	"os"
	"sync"
)

// readChunk is the read size of SumFile's read path: large enough that
// the system call cost vanishes, small enough to stay in the L2 cache
// while it is hashed.
const readChunk = 256 << 10

// mapThreshold is the file size from which SumFile maps the file instead
// of reading it: below it, setting up and tearing down the mapping costs
// more than the copy that read makes.
const mapThreshold = 1 << 20

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

var chunkPool = sync.Pool{New: func() any { return new([readChunk]byte) }}

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

// SumFile returns the digest of the file at path. A regular file of at
// least 1 MiB is mapped into memory where the platform allows (Linux,
// macOS, FreeBSD) and hashed in place, without a copy; anything else is
// read in 256 KiB chunks. If the file shrinks while it is mapped the error
// is ErrFileChanged.
func SumFile(a Algorithm, path string) (Digest, error) {
	return sumFile(a, path, true)
}

func sumFile(a Algorithm, path string, mapOK bool) (Digest, error) {
	h, err := getHasher(a)
	if err != nil {
		return Digest{}, err
	}
	defer putHasher(h)
	f, err := os.Open(path)
	if err != nil {
		return Digest{}, err
	}
	defer f.Close()
	if mapOK {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() >= mapThreshold {
			done, err := hashMapped(h, f, fi.Size())
			if err != nil {
				return Digest{}, &os.PathError{Op: "hash", Path: path, Err: err}
			}
			if done {
				return h.Digest(), nil
			}
		}
	}
	if err := hashRead(h, f); err != nil {
		return Digest{}, err
	}
	return h.Digest(), nil
}

// hashRead hashes f through large reads.
func hashRead(h *Hasher, f io.Reader) error {
	buf := chunkPool.Get().(*[readChunk]byte)
	defer chunkPool.Put(buf)
	for {
		n, err := f.Read(buf[:])
		h.Write(buf[:n])
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
