//go:build !purego

package unicode

import "sync"

// The BMP-to-UTF-8 vector kernel (vector_amd64.s, utf16MixedToUTF8AVX2)
// converts 8 UTF-16 or UTF-32 units without surrogates per step, whatever
// the mix of 1-, 2- and 3-byte results, as simdutf does (Lemire and Muła,
// "Transcoding billions of Unicode characters per second with SIMD
// instructions", 2021): each unit's UTF-8 form is computed in its own
// 32-bit lane, and a shuffle chosen by the lengths of the 4 lanes of each
// 128-bit half packs the bytes together. The shuffles are built here, once.

// packTables is laid out for the assembly: for each index a | b<<4, where
// bit i of a says lane i is at least 0x80 and bit i of b that it is at
// least 0x800, a 16-byte shuffle, then (after the 256 shuffles) the packed
// length.
type packTables struct {
	shuf [256][16]byte
	size [256]byte
}

var packTab = sync.OnceValue(func() *packTables {
	t := new(packTables)
	for idx := range t.shuf {
		for i := range t.shuf[idx] {
			t.shuf[idx][i] = 0x80
		}
		n := 0
		for lane := 0; lane < 4; lane++ {
			size := 1 + idx>>lane&1 + idx>>(lane+4)&1
			for j := 0; j < size; j++ {
				t.shuf[idx][n] = byte(4*lane + j)
				n++
			}
		}
		t.size[idx] = byte(n)
	}
	return t
})
