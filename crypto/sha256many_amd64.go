//go:build amd64 && !purego

package crypto

// blockSHANIx2 runs the SHA-256 compression function over blocks 64-byte
// blocks of two streams at once (sha256many_amd64.s): into h0 n0 blocks
// from p0 and then blocks from q0, and, interleaved with it, into h1 n1
// blocks from p1 and then blocks from q1. n0, n1 and blocks are at least 1.
//
//go:noescape
func blockSHANIx2(h0, h1 *[8]uint32, p0, q0 *byte, n0 int, p1, q1 *byte, n1 int, blocks int)

// many256x2 selects the two-stream kernel; tests turn it off to run the
// one-at-a-time path.
var many256x2 = hasSHANI

// sumMany256 hashes the messages two at a time with the SHA extensions, the
// last of an odd count alone; one at a time without them.
func sumMany256(digests [][32]byte, messages [][]byte) {
	if !many256x2 {
		for i, m := range messages {
			digests[i] = Sum256(m)
		}
		return
	}
	i := 0
	for ; i+1 < len(messages); i += 2 {
		sumPair256(&digests[i], &digests[i+1], messages[i], messages[i+1])
	}
	if i < len(messages) {
		sum256(&iv256, messages[i], digests[i][:])
	}
}

// sumPair256 writes the SHA-256 digests of p0 and p1 to d0 and d1. Each
// message is a run of whole blocks and one or two final blocks built on the
// stack. One kernel call hashes both for as many blocks as the shorter
// has, moving each stream from its whole blocks to its final ones on the
// way; the rest of the longer is hashed alone.
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

// rnds2Chains runs 4n SHA256RNDS2 instructions in one dependent chain or
// in four independent ones (sha256many_amd64.s); the benchmark of
// SumMany256's floor times it.
//
//go:noescape
func rnds2Chains(n int, independent bool)
