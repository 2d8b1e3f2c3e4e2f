package jenkins

import (
	"math/bits"

	"github.com/fastio-go/fastio/core"
)

// The lookup3 functions follow Bob Jenkins' lookup3.c (2006, public
// domain): the state is three 32-bit words; each 12-byte block is added in
// and mixed reversibly by mix, and the last block, padded with zeros, goes
// through final instead. The initial state depends on the length.

func mix(a, b, c uint32) (uint32, uint32, uint32) {
	a -= c
	a ^= bits.RotateLeft32(c, 4)
	c += b
	b -= a
	b ^= bits.RotateLeft32(a, 6)
	a += c
	c -= b
	c ^= bits.RotateLeft32(b, 8)
	b += a
	a -= c
	a ^= bits.RotateLeft32(c, 16)
	c += b
	b -= a
	b ^= bits.RotateLeft32(a, 19)
	a += c
	c -= b
	c ^= bits.RotateLeft32(b, 4)
	b += a
	return a, b, c
}

func final(a, b, c uint32) (uint32, uint32, uint32) {
	c ^= b
	c -= bits.RotateLeft32(b, 14)
	a ^= c
	a -= bits.RotateLeft32(c, 11)
	b ^= a
	b -= bits.RotateLeft32(a, 25)
	c ^= b
	c -= bits.RotateLeft32(b, 16)
	a ^= c
	a -= bits.RotateLeft32(c, 4)
	b ^= a
	b -= bits.RotateLeft32(a, 14)
	c ^= b
	c -= bits.RotateLeft32(b, 24)
	return a, b, c
}

// le32 reads up to 4 bytes of k from i on as a little-endian word, zero
// padded.
func le32[T core.Text](k T, i int) uint32 {
	var w uint32
	for j := min(len(k)-i, 4) - 1; j >= 0; j-- {
		w = w<<8 | uint32(k[i+j])
	}
	return w
}

// full32 reads 4 bytes of k from i on, little-endian.
func full32[T core.Text](k T, i int) uint32 {
	_ = k[i+3]
	return uint32(k[i]) | uint32(k[i+1])<<8 | uint32(k[i+2])<<16 | uint32(k[i+3])<<24
}

// hashlittle is the common body of Lookup3 and Lookup3Pair.
func hashlittle[T core.Text](k T, a, b, c uint32) (uint32, uint32) {
	i := 0
	for len(k)-i > 12 {
		a += full32(k, i)
		b += full32(k, i+4)
		c += full32(k, i+8)
		a, b, c = mix(a, b, c)
		i += 12
	}
	if i == len(k) {
		return c, b // only for the empty input: no final
	}
	a += le32(k, i)
	if len(k)-i > 4 {
		b += le32(k, i+4)
	}
	if len(k)-i > 8 {
		c += le32(k, i+8)
	}
	_, b, c = final(a, b, c)
	return c, b
}

// Lookup3 returns lookup3's hashlittle of data with the given seed (the
// "initval" of lookup3.c).
func Lookup3[T core.Text](data T, seed uint32) uint32 {
	a := 0xdeadbeef + uint32(len(data)) + seed
	c, _ := hashlittle(data, a, a, a)
	return c
}

// Lookup3Pair returns lookup3's hashlittle2 of data: two 32-bit hashes
// from two seeds, pc and pb, at the cost of one. c equals
// Lookup3(data, pc) when pb is 0.
func Lookup3Pair[T core.Text](data T, pc, pb uint32) (c, b uint32) {
	a := 0xdeadbeef + uint32(len(data)) + pc
	return hashlittle(data, a, a, a+pb)
}

// Lookup3Words returns lookup3's hashword of k: the hash of 32-bit words,
// equal to Lookup3 of their little-endian bytes.
func Lookup3Words(k []uint32, seed uint32) uint32 {
	a := 0xdeadbeef + uint32(len(k))<<2 + seed
	b, c := a, a
	for len(k) > 3 {
		a += k[0]
		b += k[1]
		c += k[2]
		a, b, c = mix(a, b, c)
		k = k[3:]
	}
	switch len(k) {
	case 3:
		c += k[2]
		fallthrough
	case 2:
		b += k[1]
		fallthrough
	case 1:
		a += k[0]
		_, _, c = final(a, b, c)
	}
	return c
}
