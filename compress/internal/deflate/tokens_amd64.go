//go:build !purego

package deflate

import "unsafe"

// tokenState is what tokensAsm reads and writes (go_asm.h: tokenState_...).
type tokenState struct {
	toks  *uint32
	n     int              // tokens
	lit   *[256]uint32     // a literal's code | length<<24
	lens  *[256]uint32     // a match length's code and extra bits | their length<<24
	dists *[numDist]uint64 // a distance code's code | length<<16 | length with extra bits<<24 | first distance<<32
	out   unsafe.Pointer   // where the next 8 bytes are stored
	bb    uint64
	nb    uint64
}

// tokensAsm runs tokensGeneric's loop, in assembly, from s and back into
// it.
//
//go:noescape
func tokensAsm(s *tokenState)

// tokensFast is tokensGeneric in assembly.
func (e *Encoder) tokensFast(out []byte, o int, bb uint64, nb uint, lit, lens *[256]uint32, dists *[numDist]uint32) (int, uint64, uint) {
	if len(e.tokens) == 0 {
		return o, bb, nb
	}
	var dt [numDist]uint64
	for d := range dt {
		n := uint64(dists[d] >> 24)
		dt[d] = uint64(dists[d]&0xffff) | n<<16 | (n+uint64(distExtra[d]))<<24 | uint64(distBase[d])<<32
	}
	base := unsafe.Pointer(unsafe.SliceData(out))
	s := tokenState{
		toks:  unsafe.SliceData(e.tokens),
		n:     len(e.tokens),
		lit:   lit,
		lens:  lens,
		dists: &dt,
		out:   unsafe.Add(base, o),
		bb:    bb,
		nb:    uint64(nb),
	}
	tokensAsm(&s)
	return int(uintptr(s.out) - uintptr(base)), s.bb, uint(s.nb)
}
