package crypto

import (
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"sync"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// bytesOf views a string or byte slice as a byte slice without copying.
// The result must not be modified when data is a string.
func bytesOf[T core.Text](data T) []byte {
	// A string header is a prefix of a slice header, so the first word is
	// the data pointer for both kinds.
	return unsafe.Slice(unsafe.StringData(*(*string)(unsafe.Pointer(&data))), len(data))
}

// Sum1 returns the SHA-1 digest of data. SHA-1 is for interoperability
// only; see the package doc.
func Sum1[T core.Text](data T) (s [20]byte) {
	if own256 {
		sum1(bytesOf(data), &s)
		return s
	}
	return sha1.Sum(bytesOf(data))
}

// Sum224 returns the SHA-224 digest of data.
func Sum224[T core.Text](data T) (s [28]byte) {
	if own256 {
		sum256(&iv224, bytesOf(data), s[:])
		return s
	}
	return sha256.Sum224(bytesOf(data))
}

// Sum256 returns the SHA-256 digest of data.
func Sum256[T core.Text](data T) (s [32]byte) {
	if own256 {
		sum256(&iv256, bytesOf(data), s[:])
		return s
	}
	return sha256.Sum256(bytesOf(data))
}

// Sum384 returns the SHA-384 digest of data.
func Sum384[T core.Text](data T) (s [48]byte) {
	if own512 {
		sum512(&iv384, bytesOf(data), s[:])
		return s
	}
	return sha512.Sum384(bytesOf(data))
}

// Sum512 returns the SHA-512 digest of data.
func Sum512[T core.Text](data T) (s [64]byte) {
	if own512 {
		sum512(&iv512, bytesOf(data), s[:])
		return s
	}
	return sha512.Sum512(bytesOf(data))
}

// Sum512_256 returns the SHA-512/256 digest of data.
func Sum512_256[T core.Text](data T) (s [32]byte) {
	if own512 {
		sum512(&iv512_256, bytesOf(data), s[:])
		return s
	}
	return sha512.Sum512_256(bytesOf(data))
}

// Sum returns the digest of data under algorithm a. The error, for an
// invalid a, is an *AlgorithmError wrapping ErrAlgorithm.
func Sum[T core.Text](a Algorithm, data T) (Digest, error) {
	var d Digest
	p := bytesOf(data)
	switch a {
	case SHA1:
		s := Sum1(p)
		d.n = uint8(copy(d.b[:], s[:]))
	case SHA224:
		s := Sum224(p)
		d.n = uint8(copy(d.b[:], s[:]))
	case SHA256:
		s := Sum256(p)
		d.n = uint8(copy(d.b[:], s[:]))
	case SHA384:
		s := Sum384(p)
		d.n = uint8(copy(d.b[:], s[:]))
	case SHA512:
		s := Sum512(p)
		d.n = uint8(copy(d.b[:], s[:]))
	case SHA512_256:
		s := Sum512_256(p)
		d.n = uint8(copy(d.b[:], s[:]))
	default:
		return d, &AlgorithmError{Value: a}
	}
	return d, nil
}

// macPair is a pair of engines for one-shot HMAC, pooled so that MAC
// allocates nothing once warm.
type macPair struct {
	inner, outer engine
	pad          [MaxBlockSize]byte
	sum          [MaxSize]byte
}

var macPools [maxAlgorithm]sync.Pool

// MAC returns the HMAC (RFC 2104) of data under key with algorithm a. It
// allocates nothing once warm; to MAC many messages under one key,
// NewHMAC's Hasher saves the key schedule as well.
func MAC[T core.Text](a Algorithm, key []byte, data T) (Digest, error) {
	var d Digest
	if !a.Valid() {
		return d, &AlgorithmError{Value: a}
	}
	m, _ := macPools[a].Get().(*macPair)
	if m == nil {
		m = &macPair{inner: newEngine(a), outer: newEngine(a)}
	} else {
		resetEngine(a, m.inner)
		resetEngine(a, m.outer)
	}
	size := a.Size()
	m.inner.Write(hmacPad(a, m.inner, key, &m.pad, 0x36))
	m.inner.Write(bytesOf(data))
	inner := m.inner.Sum(m.sum[:0])[:size]
	m.outer.Write(hmacPad(a, m.outer, key, &m.pad, 0x5c))
	m.outer.Write(inner)
	d.n = uint8(copy(d.b[:], m.outer.Sum(m.sum[:0])[:size]))
	clear(m.pad[:])
	clear(m.sum[:])
	macPools[a].Put(m)
	return d, nil
}
