package deflate

import (
	"math/bits"
	"slices"
)

// buildLengths sets lens[i] to the length of symbol i's code in a
// Huffman code for freq, no code longer than limit; symbols of frequency 0
// get length 0. The code is complete: when fewer than two symbols occur,
// symbols 0 and 1 (or one of them and the one that occurs) get length 1,
// because inflaters reject a code of one symbol in some places.
//
// The tree is built with the two-queue method over the symbols sorted by
// frequency; lengths above limit are fixed as zlib does (move a leaf of
// the longest length under a shorter leaf, which keeps the Kraft sum at
// one), and the lengths are then given back in frequency order.
func (e *Encoder) buildLengths(freq []uint32, limit int, lens []uint8) {
	clear(lens)
	syms := e.hsyms[:0]
	for i, f := range freq {
		if f != 0 {
			syms = append(syms, uint32(f)<<10|uint32(i))
		}
	}
	if len(syms) < 2 {
		a, b := 0, 1
		if len(syms) == 1 {
			if s := int(syms[0] & 1023); s != 0 {
				b = s
			} else {
				b = 1
			}
		}
		lens[a], lens[b] = 1, 1
		return
	}
	// A frequency sits above the symbol's 10 bits: blocks hold fewer than
	// 2^22 symbols.
	slices.Sort(syms)
	n := len(syms)
	// Two queues: leaves (syms, by frequency) and internal nodes (built in
	// nondecreasing order of weight). parent links give depths afterwards.
	weight := e.hweight[:2*n]
	parent := e.hparent[:2*n]
	for i, s := range syms {
		weight[i] = s >> 10
	}
	leaf, node, next := 0, n, n
	pick := func() int {
		if leaf < n && (node >= next || weight[leaf] <= weight[node]) {
			leaf++
			return leaf - 1
		}
		node++
		return node - 1
	}
	for next < 2*n-1 {
		a := pick()
		b := pick()
		weight[next] = weight[a] + weight[b]
		parent[a], parent[b] = uint32(next), uint32(next)
		next++
	}
	// Depths: the root is 2n-2; internal nodes are numbered after their
	// children, so walk down from the root.
	depth := e.hdepth[:2*n]
	depth[2*n-2] = 0
	for i := 2*n - 3; i >= 0; i-- {
		depth[i] = depth[parent[i]] + 1
	}
	var count [maxCodeLen + 2]int
	overflow := 0
	for i := range n {
		d := int(depth[i])
		if d > limit {
			d = limit
			overflow++
		}
		count[d]++
	}
	if overflow > 0 {
		// The Kraft sum exceeds one by overflow leaves' worth at the limit.
		// Each step removes one from it: a leaf of length b < limit
		// becomes an internal node with two leaves of length b+1, one of
		// them taken from the limit.
		kraft := 0
		for l := 1; l <= limit; l++ {
			kraft += count[l] << (limit - l)
		}
		for kraft > 1<<limit {
			b := limit - 1
			for count[b] == 0 {
				b--
			}
			count[b]--
			count[b+1] += 2
			count[limit]--
			kraft--
		}
	}
	// Least frequent symbols (first in syms) get the longest codes.
	k := 0
	for l := limit; l >= 1; l-- {
		for range count[l] {
			lens[syms[k]&1023] = uint8(l)
			k++
		}
	}
}

// buildCodes sets codes[i] to symbol i's canonical code for lens, bit-
// reversed for the LSB-first bit writer.
func buildCodes(lens []uint8, codes []uint16) {
	var count [maxCodeLen + 1]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [maxCodeLen + 1]uint16
	code := uint16(0)
	for l := 1; l <= maxCodeLen; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	for i, l := range lens {
		if l == 0 {
			codes[i] = 0
			continue
		}
		codes[i] = bits.Reverse16(next[l]) >> (16 - l)
		next[l]++
	}
}
