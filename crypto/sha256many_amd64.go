//go:build amd64 && !purego

package crypto

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// blockSHANIx2 runs the SHA-256 compression function over blocks 64-byte
// blocks of two streams at once (sha256many_amd64.s): into h0 n0 blocks
// from p0 and then blocks from q0, and, interleaved with it, into h1 n1
// blocks from p1 and then blocks from q1. n0, n1 and blocks are at least 1.
//
//go:noescape
func blockSHANIx2(h0, h1 *[8]uint32, p0, q0 *byte, n0 int, p1, q1 *byte, n1 int, blocks int)

// block16 runs the SHA-256 compression function over one 64-byte block in
// each of 16 lanes, from p[l] into h[0][l]..h[7][l], with AVX-512
// (sha256many_amd64.s).
//
//go:noescape
func block16(h *[8][16]uint32, p *[16]unsafe.Pointer)

// rnds2Chains runs 4n SHA256RNDS2 instructions in one dependent chain or
// in four independent ones (sha256many_amd64.s); the benchmark of
// SumMany256's floor times it.
//
//go:noescape
func rnds2Chains(n int, independent bool)

// many256x2 selects the two-stream SHA-NI kernel, and many256x16 the
// 16-lane AVX-512 one for groups of 16 messages; tests turn them off to
// run the other paths.
var (
	many256x2  = hasSHANI
	many256x16 = hasSHANI && hasAVX512BW
)

// sumMany256 hashes the messages 16 at a time with AVX-512 and the SHA
// extensions where most of the 16 are long enough for it to pay, the rest
// two at a time with the SHA extensions, the last of an odd count alone;
// one at a time without them.
func sumMany256(digests [][32]byte, messages [][]byte) {
	if !many256x2 {
		for i, m := range messages {
			digests[i] = Sum256(m)
		}
		return
	}
	i := 0
	if many256x16 {
		for i+16 <= len(messages) {
			if m := (*[16][]byte)(messages[i:]); long16(m) {
				sumGroup16((*[16][32]byte)(digests[i:]), m)
				i += 16
				continue
			}
			sumPair256(&digests[i], &digests[i+1], messages[i], messages[i+1])
			i += 2
		}
	}
	for ; i+1 < len(messages); i += 2 {
		sumPair256(&digests[i], &digests[i+1], messages[i], messages[i+1])
	}
	if i < len(messages) {
		sum256(&iv256, messages[i], digests[i][:])
	}
}

// long16 reports whether at least 11 of the 16 messages are 192 bytes or
// longer (4 blocks with the padding). The 16-lane kernel costs less per
// block than two SHA-NI streams but more to set up per message; measured,
// it is the faster from about 4 blocks a message.
func long16(m *[16][]byte) bool {
	n := 0
	for _, p := range m {
		if len(p) >= 192 {
			n++
		}
	}
	return n >= 11
}

// lane256 is one message in flight: its state and what remains to hash,
// its whole blocks and then its padded final block(s).
type lane256 struct {
	h            [8]uint32
	whole, final []byte
}

// blocks returns the number of blocks left.
func (l *lane256) blocks() int { return (len(l.whole) + len(l.final)) >> 6 }

// first returns the segment the remaining blocks start in and its block
// count.
func (l *lane256) first() (*byte, int) {
	if len(l.whole) > 0 {
		return &l.whole[0], len(l.whole) >> 6
	}
	return &l.final[0], len(l.final) >> 6
}

// skip drops the first n blocks.
func (l *lane256) skip(n int) {
	n <<= 6
	if n <= len(l.whole) {
		l.whole = l.whole[n:]
		return
	}
	l.final = l.final[n-len(l.whole):]
	l.whole = nil
}

// newLane returns the lane at the beginning of message p, its final
// blocks built in buf. (A value, not a method setting *l: buf stored
// through a pointer would escape to the heap.)
func newLane(p []byte, buf *[128]byte) lane256 {
	w := len(p) &^ 63
	return lane256{h: iv256, whole: p[:w], final: buf[:padFinal(buf, p[w:], uint64(len(p)))]}
}

// finishPair hashes what remains of a and b: side by side in one kernel
// call for as many blocks as the shorter has left, then the rest of the
// longer alone.
func finishPair(a, b *lane256) {
	if n := min(a.blocks(), b.blocks()); n > 0 {
		pa, na := a.first()
		pb, nb := b.first()
		blockSHANIx2(&a.h, &b.h, pa, &a.final[0], na, pb, &b.final[0], nb, n)
		a.skip(n)
		b.skip(n)
	}
	finishLane(a)
	finishLane(b)
}

// finishLane hashes what remains of l alone.
func finishLane(l *lane256) {
	if len(l.whole) > 0 {
		blockSHANI(&l.h, l.whole)
	}
	if len(l.final) > 0 {
		blockSHANI(&l.h, l.final)
	}
	l.whole, l.final = nil, nil
}

// sumPair256 writes the SHA-256 digests of p0 and p1 to d0 and d1. Each
// message is a run of whole blocks and one or two final blocks built on the
// stack. One kernel call hashes both for as many blocks as the shorter
// has, moving each stream from its whole blocks to its final ones on the
// way; the rest of the longer is hashed alone. (finishPair does the same
// for two lanes; this is its form without the lane bookkeeping, which
// costs a tenth of the time of a pair of 64-byte messages.)
func sumPair256(d0, d1 *[32]byte, p0, p1 []byte) {
	var b0, b1 [128]byte
	h0, h1 := iv256, iv256
	w0, w1 := len(p0)&^63, len(p1)&^63
	f0 := padFinal(&b0, p0[w0:], uint64(len(p0)))
	f1 := padFinal(&b1, p1[w1:], uint64(len(p1)))
	// A stream without whole blocks starts on its final ones.
	s0, n0 := &b0[0], f0>>6
	if w0 > 0 {
		s0, n0 = &p0[0], w0>>6
	}
	s1, n1 := &b1[0], f1>>6
	if w1 > 0 {
		s1, n1 = &p1[0], w1>>6
	}
	t0, t1 := (w0+f0)>>6, (w1+f1)>>6
	blockSHANIx2(&h0, &h1, s0, &b0[0], n0, s1, &b1[0], n1, min(t0, t1))
	if t0 > t1 {
		rest256(&h0, p0[:w0], b0[:f0], t1<<6)
	} else if t1 > t0 {
		rest256(&h1, p1[:w1], b1[:f1], t0<<6)
	}
	putState256(d0, &h0)
	putState256(d1, &h1)
}

// rest256 hashes into h what remains of whole followed by final after its
// first done bytes.
func rest256(h *[8]uint32, whole, final []byte, done int) {
	if done < len(whole) {
		blockSHANI(h, whole[done:])
		done = len(whole)
	}
	blockSHANI(h, final[done-len(whole):])
}

// sumGroup16 writes the SHA-256 digests of 16 messages. The 16-lane kernel
// runs while at least 11 lanes have blocks left (a lane that has finished
// rehashes a block of its own, and its result is not used): up to there
// it costs less per block than two SHA-NI streams. The lanes left over are
// finished two at a time.
func sumGroup16(d *[16][32]byte, m *[16][]byte) {
	var bufs [16][128]byte
	var lanes [16]lane256
	var h [8][16]uint32
	var p [16]unsafe.Pointer
	var left [16]int // blocks of each lane, then sorted
	for l := range lanes {
		lanes[l] = newLane(m[l], &bufs[l])
		left[l] = lanes[l].blocks()
		for i := range 8 {
			h[i][l] = iv256[i]
		}
	}
	// Insertion sort: the 6th smallest block count is where fewer than 11
	// lanes would be left.
	for i := 1; i < len(left); i++ {
		for j := i; j > 0 && left[j] < left[j-1]; j-- {
			left[j], left[j-1] = left[j-1], left[j]
		}
	}
	run := left[5]
	var done uint16 // lanes whose state has been taken out of h
	for range run {
		var ends uint16 // lanes that hash their last block in this call
		for l := range lanes {
			ln := &lanes[l]
			switch {
			case len(ln.whole) > 0:
				p[l] = unsafe.Pointer(&ln.whole[0])
				ln.whole = ln.whole[64:]
			case len(ln.final) > 0:
				p[l] = unsafe.Pointer(&ln.final[0])
				ln.final = ln.final[64:]
				if len(ln.final) == 0 {
					ends |= 1 << l
				}
			default:
				p[l] = unsafe.Pointer(&bufs[l][0])
			}
		}
		block16(&h, &p)
		for ; ends != 0; ends &= ends - 1 {
			l := bits.TrailingZeros16(ends)
			for i := range 8 {
				lanes[l].h[i] = h[i][l]
			}
			done |= 1 << l
		}
	}
	// The lanes left over: their state out of h, then two at a time.
	var rest *lane256
	for l := range lanes {
		ln := &lanes[l]
		if done&(1<<l) == 0 {
			if run > 0 {
				for i := range 8 {
					ln.h[i] = h[i][l]
				}
			}
			if rest == nil {
				rest = ln
			} else {
				finishPair(rest, ln)
				rest = nil
			}
		}
	}
	if rest != nil {
		finishLane(rest)
	}
	for l := range lanes {
		putState256(&d[l], &lanes[l].h)
	}
}

// putState256 writes the big-endian SHA-256 state h to d.
func putState256(d *[32]byte, h *[8]uint32) {
	for i := 0; i < 8; i += 2 {
		binary.BigEndian.PutUint64(d[4*i:], uint64(h[i])<<32|uint64(h[i+1]))
	}
}
