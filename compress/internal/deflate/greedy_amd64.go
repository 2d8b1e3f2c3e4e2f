//go:build !purego

package deflate

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// greedyState is what greedyAsm reads and writes; greedy_amd64.s takes
// the field offsets from go_asm.h (greedyState_buf...), which the
// toolchain generates from this declaration.
type greedyState struct {
	buf    unsafe.Pointer          // the input
	ht     *[1 << htBits][2]uint32 // the matcher's table
	toks   *uint32                 // the tokens, maxTokens of them, written at nt mod maxTokens
	freq   *uint32                 // litFreq, with distFreq after it
	lenSym *uint8
	p      int // next position (in), where the parse stopped (out)
	last   int
	end    int
	nt     int // tokens written
	base   uint32
}

// greedyAsm runs greedyGeneric's loop, in assembly, from s and back into
// it. The caller makes sure that s.p < s.last.
//
//go:noescape
func greedyAsm(s *greedyState)

// useAsm selects greedyAsm, which needs BMI1 and BMI2; the tests turn it
// off to compare the two loops.
var useAsm = cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// The assembly finds distFreq right after litFreq.
const (
	distFreqOff = unsafe.Offsetof(Encoder{}.distFreq) - unsafe.Offsetof(Encoder{}.litFreq)
	_           = uint(distFreqOff-4*numLitLen) + uint(4*numLitLen-distFreqOff)
)

// greedyFast is greedyGeneric in assembly.
func (e *Encoder) greedyFast(buf []byte, p, last int) int {
	s := greedyState{
		buf:    unsafe.Pointer(unsafe.SliceData(buf)),
		ht:     e.m.ht,
		toks:   unsafe.SliceData(e.tokens[:maxTokens]),
		freq:   &e.litFreq[0],
		lenSym: &lenSym[0],
		p:      p,
		last:   last,
		end:    len(buf),
		nt:     len(e.tokens),
		base:   e.base,
	}
	greedyAsm(&s)
	e.tokens = e.tokens[:s.nt]
	return s.p
}

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
