//go:build amd64 && !purego

package crypto

// blockSHANIx2 runs the SHA-256 compression function over blocks 64-byte
// blocks from p0 into h0 and, interleaved with it, from p1 into h1
// (sha256many_amd64.s).
//
//go:noescape
func blockSHANIx2(h0, h1 *[8]uint32, p0, p1 *byte, blocks int)

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

// pairStream is what remains to hash of one message of a pair: its whole
// blocks, then its final padded block(s).
type pairStream struct {
	whole, final []byte
}

// next returns the blocks to hash next.
func (s *pairStream) next() []byte {
	if len(s.whole) > 0 {
		return s.whole
	}
	return s.final
}

// advance drops the first n bytes of the blocks next returned.
func (s *pairStream) advance(n int) {
	if len(s.whole) > 0 {
		s.whole = s.whole[n:]
	} else {
		s.final = s.final[n:]
	}
}

// sumPair256 writes the SHA-256 digests of p0 and p1 to d0 and d1. Each
// message is a run of whole blocks and one or two final blocks built on the
// stack; the two runs are hashed side by side for as long as both have a
// block left (at most three kernel calls, as one stream moves from its
// whole blocks to its final ones), and the rest of the longer alone.
func sumPair256(d0, d1 *[32]byte, p0, p1 []byte) {
	var b0, b1 [128]byte
	h0, h1 := iv256, iv256
	n0, n1 := len(p0)&^63, len(p1)&^63
	s0 := pairStream{p0[:n0], b0[:padFinal(&b0, p0[n0:], uint64(len(p0)))]}
	s1 := pairStream{p1[:n1], b1[:padFinal(&b1, p1[n1:], uint64(len(p1)))]}
	for {
		c0, c1 := s0.next(), s1.next()
		n := min(len(c0), len(c1))
		if n == 0 {
			break
		}
		blockSHANIx2(&h0, &h1, &c0[0], &c1[0], n>>6)
		s0.advance(n)
		s1.advance(n)
	}
	for _, r := range [...]struct {
		h *[8]uint32
		s *pairStream
	}{{&h0, &s0}, {&h1, &s1}} {
		if len(r.s.whole) > 0 {
			blockSHANI(r.h, r.s.whole)
		}
		if len(r.s.final) > 0 {
			blockSHANI(r.h, r.s.final)
		}
	}
	putState256(d0, &h0)
	putState256(d1, &h1)
}
