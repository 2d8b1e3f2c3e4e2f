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
