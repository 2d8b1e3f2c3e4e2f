package crypto

import (
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
	sumSHA1(bytesOf(data), &s)
	return s
}

// Sum224 returns the SHA-224 digest of data.
func Sum224[T core.Text](data T) (s [28]byte) {
	sumSHA224(bytesOf(data), &s)
	return s
}

// Sum256 returns the SHA-256 digest of data.
func Sum256[T core.Text](data T) (s [32]byte) {
	sumSHA256(bytesOf(data), &s)
	return s
}

// Sum384 returns the SHA-384 digest of data.
func Sum384[T core.Text](data T) (s [48]byte) {
	sumSHA384(bytesOf(data), &s)
	return s
}

// Sum512 returns the SHA-512 digest of data.
func Sum512[T core.Text](data T) (s [64]byte) {
	sumSHA512(bytesOf(data), &s)
	return s
}

// Sum512_256 returns the SHA-512/256 digest of data.
func Sum512_256[T core.Text](data T) (s [32]byte) {
	sumSHA512_256(bytesOf(data), &s)
	return s
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

// macState is an engine for one-shot HMAC and the scratch its digest is
// written to (a local would escape through the interface call), pooled so
// that MAC allocates nothing once warm.
type macState struct {
	e   engine
	out [MaxSize]byte
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
	m, _ := macPools[a].Get().(*macState)
	if m == nil {
		m = &macState{e: newEngine(a)}
	}
	m.e.setKey(key)
	out := m.out[:a.Size()]
	m.e.sum(bytesOf(data), out)
	d.n = uint8(copy(d.b[:], out))
	clear(m.out[:])
	macPools[a].Put(m)
	return d, nil
}
