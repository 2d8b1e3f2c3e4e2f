package scen

import (
	"bufio"
	stdsha1 "crypto/sha1"
	stdsha256 "crypto/sha256"
	stdsha512 "crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"strconv"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/crypto"
	"github.com/fastio-go/fastio/device"
)

// The large-read and hash scenarios.

// fnvBytes is the check-round fingerprint of what a large read delivered:
// FNV-1a over the bytes (cpeers/rawread.c computes the same), whatever the
// chunk boundaries.
func fnvBytes(h uint64, p []byte) uint64 {
	for _, c := range p {
		h = (h ^ uint64(c)) * 0x100000001b3
	}
	return h
}

// WriteLargeFile writes n bytes of splitmix64 output to path.
func WriteLargeFile(path string, n int64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	buf := make([]byte, 1<<20)
	s := uint64(3)
	for n > 0 {
		for i := 0; i < len(buf); i += 8 {
			z := splitmix(&s)
			buf[i], buf[i+1], buf[i+2], buf[i+3] = byte(z), byte(z>>8), byte(z>>16), byte(z>>24)
			buf[i+4], buf[i+5], buf[i+6], buf[i+7] = byte(z>>32), byte(z>>40), byte(z>>48), byte(z>>56)
		}
		k := int64(len(buf))
		if n < k {
			k = n
		}
		if _, err := f.Write(buf[:k]); err != nil {
			f.Close()
			return err
		}
		n -= k
	}
	return f.Close()
}

// WantLarge is the check-round fingerprint of a file read whole.
func WantLarge(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return readAll(f, 1<<20, true)
}

// readAll reads r to the end in chunks of size and returns the byte count
// (and, when check is set, the FNV-1a of the bytes).
func readAll(r io.Reader, size int, check bool) (string, error) {
	buf := make([]byte, size)
	var total int64
	h := uint64(foldInit)
	for {
		n, err := r.Read(buf)
		total += int64(n)
		if check {
			h = fnvBytes(h, buf[:n])
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
	}
	if check {
		return fmt.Sprintf("%d %016x", total, h), nil
	}
	return strconv.FormatInt(total, 10), nil
}

// largeRead opens args[1] with open and reads it in chunks of args[0].
func largeRead(open func(*os.File) io.Reader) childFunc {
	return func(a []string) (string, error) {
		size, err := strconv.Atoi(arg(a, 0))
		if err != nil {
			return "", err
		}
		f, err := os.Open(arg(a, 1))
		if err != nil {
			return "", err
		}
		defer f.Close()
		return readAll(open(f), size, checking())
	}
}

var (
	_ = register("read.infile", func(a []string) (string, error) {
		size, err := strconv.Atoi(arg(a, 0))
		if err != nil {
			return "", err
		}
		in, err := device.OpenIn(arg(a, 1))
		if err != nil {
			return "", err
		}
		defer in.Close()
		return readAll(in, size, checking())
	})
	_ = register("read.core", largeRead(func(f *os.File) io.Reader { return core.NewReader(f) }))
	_ = register("read.os", largeRead(func(f *os.File) io.Reader { return f }))
	_ = register("read.bufio", largeRead(func(f *os.File) io.Reader { return bufio.NewReader(f) }))
)

// algorithms by the names the scenarios take.
var algorithms = map[string]struct {
	fastio crypto.Algorithm
	std    func() hash.Hash
}{
	"1":   {crypto.SHA1, stdsha1.New},
	"256": {crypto.SHA256, stdsha256.New},
	"512": {crypto.SHA512, stdsha512.New},
}

// message returns short message k of length n (k < 64), as cpeers/sha.c
// builds them.
func message(k, n int) []byte {
	m := make([]byte, n)
	for j := range m {
		m[j] = byte((k*31 + j) & 0xff)
	}
	return m
}

// messages returns the 64 messages of length n the scenarios cycle through.
func messages(n int) [][]byte {
	ms := make([][]byte, 64)
	for k := range ms {
		ms[k] = message(k, n)
	}
	return ms
}

// hashMessages hashes count messages of length n with sum, folding the
// digests by XOR, and returns the fold in hex.
func hashMessages(a []string, sum func(alg string, m []byte, fold []byte)) (string, error) {
	alg := arg(a, 0)
	if _, ok := algorithms[alg]; !ok {
		return "", fmt.Errorf("unknown algorithm %q", alg)
	}
	n, err := strconv.Atoi(arg(a, 1))
	if err != nil {
		return "", err
	}
	count, err := strconv.Atoi(arg(a, 2))
	if err != nil {
		return "", err
	}
	ms := messages(n)
	size := algorithms[alg].fastio.Size()
	fold := make([]byte, size)
	for i := range count {
		sum(alg, ms[i&63], fold)
	}
	return hex.EncodeToString(fold), nil
}

func xor(dst, src []byte) {
	for i := range dst {
		dst[i] ^= src[i]
	}
}

var (
	_ = register("sha.file.fastio", func(a []string) (string, error) {
		alg, ok := algorithms[arg(a, 0)]
		if !ok {
			return "", fmt.Errorf("unknown algorithm %q", arg(a, 0))
		}
		d, err := crypto.SumFile(alg.fastio, arg(a, 1))
		if err != nil {
			return "", err
		}
		return d.String(), nil
	})
	_ = register("sha.file.hasher", func(a []string) (string, error) {
		alg, ok := algorithms[arg(a, 0)]
		if !ok {
			return "", fmt.Errorf("unknown algorithm %q", arg(a, 0))
		}
		f, err := os.Open(arg(a, 1))
		if err != nil {
			return "", err
		}
		defer f.Close()
		h, err := crypto.New(alg.fastio)
		if err != nil {
			return "", err
		}
		if _, err := io.Copy(h, f); err != nil {
			return "", err
		}
		return h.Digest().String(), nil
	})
	_ = register("sha.file.std", func(a []string) (string, error) {
		alg, ok := algorithms[arg(a, 0)]
		if !ok {
			return "", fmt.Errorf("unknown algorithm %q", arg(a, 0))
		}
		f, err := os.Open(arg(a, 1))
		if err != nil {
			return "", err
		}
		defer f.Close()
		h := alg.std()
		if _, err := io.Copy(h, f); err != nil {
			return "", err
		}
		return hex.EncodeToString(h.Sum(nil)), nil
	})
	_ = register("sha.msgs.fastio", func(a []string) (string, error) {
		return hashMessages(a, func(alg string, m, fold []byte) {
			switch alg {
			case "1":
				s := crypto.Sum1(m)
				xor(fold, s[:])
			case "256":
				s := crypto.Sum256(m)
				xor(fold, s[:])
			default:
				s := crypto.Sum512(m)
				xor(fold, s[:])
			}
		})
	})
	_ = register("sha.msgs.std", func(a []string) (string, error) {
		return hashMessages(a, func(alg string, m, fold []byte) {
			switch alg {
			case "1":
				s := stdsha1.Sum(m)
				xor(fold, s[:])
			case "256":
				s := stdsha256.Sum256(m)
				xor(fold, s[:])
			default:
				s := stdsha512.Sum512(m)
				xor(fold, s[:])
			}
		})
	})
)

// WantMessages is the fold of the digests of count messages of length n.
func WantMessages(alg string, n, count int) (string, error) {
	s := algorithms[alg]
	if s.std == nil {
		return "", fmt.Errorf("unknown algorithm %q", alg)
	}
	ms := messages(n)
	fold := make([]byte, s.fastio.Size())
	for i := range count {
		h := s.std()
		h.Write(ms[i&63])
		xor(fold, h.Sum(nil))
	}
	return hex.EncodeToString(fold), nil
}

// WantFileDigest is the digest of a file with the standard library.
func WantFileDigest(alg, path string) (string, error) {
	s := algorithms[alg]
	if s.std == nil {
		return "", fmt.Errorf("unknown algorithm %q", alg)
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := s.std()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
