package crypto

import (
	"strconv"
	"strings"
)

// Algorithm names a hash function of this package.
type Algorithm uint8

// The hash functions of FIPS 180-4. The zero Algorithm is invalid.
const (
	SHA1       Algorithm = iota + 1 // SHA-1, 20-byte digest; legacy, see the package doc
	SHA224                          // SHA-224, 28-byte digest
	SHA256                          // SHA-256, 32-byte digest
	SHA384                          // SHA-384, 48-byte digest
	SHA512                          // SHA-512, 64-byte digest
	SHA512_256                      // SHA-512/256, 32-byte digest
	maxAlgorithm
)

// MaxSize is the largest digest size of any Algorithm, the capacity of a
// Digest.
const MaxSize = 64

// maxBlockSize is the largest block size of any Algorithm.
const maxBlockSize = 128

var algInfo = [maxAlgorithm]struct {
	name        string
	size, block int
}{
	SHA1:       {"SHA-1", 20, 64},
	SHA224:     {"SHA-224", 28, 64},
	SHA256:     {"SHA-256", 32, 64},
	SHA384:     {"SHA-384", 48, 128},
	SHA512:     {"SHA-512", 64, 128},
	SHA512_256: {"SHA-512/256", 32, 128},
}

// Valid reports whether a is one of the algorithms of this package.
func (a Algorithm) Valid() bool { return a > 0 && a < maxAlgorithm }

// String returns the FIPS 180-4 name of a ("SHA-256"), or "Algorithm(n)"
// for an invalid value.
func (a Algorithm) String() string {
	if !a.Valid() {
		return "Algorithm(" + strconv.Itoa(int(a)) + ")"
	}
	return algInfo[a].name
}

// Size returns the digest size of a in bytes, 0 if a is invalid.
func (a Algorithm) Size() int {
	if !a.Valid() {
		return 0
	}
	return algInfo[a].size
}

// BlockSize returns the block size of a in bytes, 0 if a is invalid.
func (a Algorithm) BlockSize() int {
	if !a.Valid() {
		return 0
	}
	return algInfo[a].block
}

// ParseAlgorithm returns the algorithm named s. Case, dashes, underscores
// and slashes are ignored, so "SHA-256", "sha256" and "SHA512_256" all
// parse. The error is an *AlgorithmError that wraps ErrAlgorithm.
func ParseAlgorithm(s string) (Algorithm, error) {
	var buf [16]byte
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '-' || c == '_' || c == '/':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if n == len(buf) {
			return 0, &AlgorithmError{Name: s}
		}
		buf[n] = c
		n++
	}
	switch string(buf[:n]) {
	case "sha1":
		return SHA1, nil
	case "sha224":
		return SHA224, nil
	case "sha256":
		return SHA256, nil
	case "sha384":
		return SHA384, nil
	case "sha512":
		return SHA512, nil
	case "sha512256":
		return SHA512_256, nil
	}
	return 0, &AlgorithmError{Name: strings.Clone(s)}
}
