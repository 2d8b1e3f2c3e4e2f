package crypto

import (
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding"
	"hash"
)

// engine is the running state of one hash computation, plain or HMAC, as
// the Hasher and MAC drive it. The Hasher keeps the partial block in its
// own buffer, so an engine is given whole blocks only, and the bytes after
// the last whole block at the end, to sum.
type engine interface {
	// setKey makes the engine compute HMAC under key (RFC 2104) and
	// resets it.
	setKey(key []byte)
	// reset starts a new message: the initial hash value, or for HMAC the
	// state after the inner pad block.
	reset()
	// blocks hashes p, a whole number of blocks.
	blocks(p []byte)
	// sum writes to out, whose length is the digest size, the digest (or
	// MAC) of the message hashed so far followed by tail. The running state
	// does not change.
	sum(tail, out []byte)
}

// hmacPad writes K' xor c to pad and returns its first a.BlockSize()
// bytes, K' being the key padded with zeros to the block size, or the
// key's digest when it is longer than a block (RFC 2104).
func hmacPad(a Algorithm, key []byte, pad *[maxBlockSize]byte, c byte) []byte {
	p := pad[:a.BlockSize()]
	clear(p)
	if len(key) > len(p) {
		d, _ := Sum(a, key)
		copy(p, d.Bytes())
	} else {
		copy(p, key)
	}
	for i := range p {
		p[i] ^= c
	}
	return p
}

// stdHash is what stdEngine needs of a standard library hash: its state
// can be saved and restored without an allocation once warm.
type stdHash interface {
	hash.Hash
	encoding.BinaryAppender
	encoding.BinaryUnmarshaler
}

func stdHashOf(a Algorithm) stdHash {
	var h hash.Hash
	switch a {
	case SHA1:
		h = sha1.New()
	case SHA224:
		h = sha256.New224()
	case SHA256:
		h = sha256.New()
	case SHA384:
		h = sha512.New384()
	case SHA512:
		h = sha512.New()
	case SHA512_256:
		h = sha512.New512_256()
	}
	return h.(stdHash)
}

// stdEngine is an engine on the standard library's hash of an algorithm.
type stdEngine struct {
	a            Algorithm
	inner, outer stdHash // outer is nil until setKey
	// start and opad are the saved states after the inner and outer pad
	// blocks (HMAC only); saved holds the running state while sum hashes
	// its tail.
	start, opad, saved []byte
	// Scratch for digests and pad blocks: locals would escape through the
	// interface calls into the standard library's hash.
	buf [MaxSize]byte
	pad [maxBlockSize]byte
}

func newStdEngine(a Algorithm) *stdEngine { return &stdEngine{a: a, inner: stdHashOf(a)} }

func (e *stdEngine) setKey(key []byte) {
	if e.outer == nil {
		e.outer = stdHashOf(e.a)
	}
	e.inner.Reset()
	e.inner.Write(hmacPad(e.a, key, &e.pad, 0x36))
	e.start, _ = e.inner.AppendBinary(e.start[:0])
	e.outer.Reset()
	e.outer.Write(hmacPad(e.a, key, &e.pad, 0x5c))
	e.opad, _ = e.outer.AppendBinary(e.opad[:0])
	clear(e.pad[:])
}

func (e *stdEngine) reset() {
	if e.outer == nil {
		e.inner.Reset()
		return
	}
	_ = e.inner.UnmarshalBinary(e.start) // its own state: cannot fail
}

func (e *stdEngine) blocks(p []byte) { e.inner.Write(p) }

func (e *stdEngine) sum(tail, out []byte) {
	if len(tail) > 0 {
		e.saved, _ = e.inner.AppendBinary(e.saved[:0])
		e.inner.Write(tail)
	}
	d := e.inner.Sum(e.buf[:0])
	if len(tail) > 0 {
		_ = e.inner.UnmarshalBinary(e.saved) // its own state: cannot fail
	}
	if e.outer != nil {
		_ = e.outer.UnmarshalBinary(e.opad)
		e.outer.Write(d)
		d = e.outer.Sum(e.buf[:0])
	}
	copy(out, d)
}
