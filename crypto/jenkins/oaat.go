package jenkins

import (
	"github.com/fastio-go/fastio/core"
)

// OneAtATime returns the one-at-a-time hash of data.
func OneAtATime[T core.Text](data T) uint32 {
	h := oaatAdd(0, data)
	return oaatFinal(h)
}

func oaatAdd[T core.Text](h uint32, data T) uint32 {
	for i := 0; i < len(data); i++ {
		h += uint32(data[i])
		h += h << 10
		h ^= h >> 6
	}
	return h
}

func oaatFinal(h uint32) uint32 {
	h += h << 3
	h ^= h >> 11
	h += h << 15
	return h
}

// OneAtATimeHash is the streaming form of OneAtATime: an io.Writer and
// hash.Hash32 whose Sum32 is OneAtATime of everything written since the
// last Reset. The zero value is ready to use.
type OneAtATimeHash struct {
	h uint32
}

// Write adds p to the hash. It never fails.
func (o *OneAtATimeHash) Write(p []byte) (int, error) {
	o.h = oaatAdd(o.h, p)
	return len(p), nil
}

// WriteString adds s to the hash without converting it. It never fails.
func (o *OneAtATimeHash) WriteString(s string) (int, error) {
	o.h = oaatAdd(o.h, s)
	return len(s), nil
}

// WriteByte adds one byte to the hash. It never fails.
func (o *OneAtATimeHash) WriteByte(c byte) error {
	h := o.h + uint32(c)
	h += h << 10
	o.h = h ^ h>>6
	return nil
}

// Sum32 returns the hash of everything written; the state is unchanged.
func (o *OneAtATimeHash) Sum32() uint32 { return oaatFinal(o.h) }

// Sum appends the hash, big-endian, to b.
func (o *OneAtATimeHash) Sum(b []byte) []byte {
	s := o.Sum32()
	return append(b, byte(s>>24), byte(s>>16), byte(s>>8), byte(s))
}

// Reset clears the state.
func (o *OneAtATimeHash) Reset() { o.h = 0 }

// Size returns 4, the hash size in bytes.
func (o *OneAtATimeHash) Size() int { return 4 }

// BlockSize returns 1: the hash consumes a byte at a time.
func (o *OneAtATimeHash) BlockSize() int { return 1 }
