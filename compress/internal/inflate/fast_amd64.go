//go:build !purego

package inflate

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// fastState is what decodeFast reads and writes; fast_amd64.s takes the
// field offsets from go_asm.h (fastState_in...), which the toolchain
// generates from this declaration.
type fastState struct {
	in       unsafe.Pointer // next input byte
	inLimit  unsafe.Pointer // the last input position an iteration may start at
	out      unsafe.Pointer // next output byte
	outLimit unsafe.Pointer // the output position where the loop stops
	outBase  unsafe.Pointer // start of the output buffer
	bits     uint64
	nbits    uint64 // only the low byte counts
	lit      *uint32
	dist     *uint32
	status   uint64 // 0 bounds reached, 1 end of block, 2 corrupt
}

// decodeFast runs fastGeneric's loop, in assembly, from s and back into
// it. The caller makes sure that the first iteration is within bounds.
//
//go:noescape
func decodeFast(s *fastState)

// useAsm selects decodeFast, which needs BMI2; the tests turn it off to
// compare the two loops.
var useAsm = cpu.X86.HasBMI2

// fast decodes symbols while the input window and the output buffer have
// room (see fastGeneric), in assembly when the CPU has BMI2.
func (d *Decoder) fast(target int) {
	if !useAsm {
		d.fastGeneric(target)
		return
	}
	inEnd := len(d.win) - inSlack
	outEnd := min(target, d.lim)
	if d.ip > inEnd || d.op >= outEnd {
		return
	}
	in := unsafe.Pointer(unsafe.SliceData(d.win))
	out := unsafe.Pointer(unsafe.SliceData(d.out))
	s := fastState{
		in:       unsafe.Add(in, d.ip),
		inLimit:  unsafe.Add(in, inEnd),
		out:      unsafe.Add(out, d.op),
		outLimit: unsafe.Add(out, outEnd),
		outBase:  out,
		bits:     d.bits,
		nbits:    uint64(d.nbits),
		lit:      &d.litp[0],
		dist:     &d.distp[0],
	}
	decodeFast(&s)
	d.ip = int(uintptr(s.in) - uintptr(in))
	d.op = int(uintptr(s.out) - uintptr(out))
	d.bits, d.nbits = s.bits, uint(s.nbits&0xff)
	switch s.status {
	case 1:
		d.state = stHeader
	case 2:
		d.err = ErrCorrupt
	}
}

// decodeMarksAsm is marksGeneric's loop in assembly, as decodeFast is
// fastGeneric's: out and outLimit address the output's bytes.
//
//go:noescape
func decodeMarksAsm(s *fastState)

// decodeMarks is DecodeMarks' loop, in assembly when the CPU has BMI2.
func decodeMarks(t *Tables, in []byte, out []uint16, outEnd int, m *MarkState) Status {
	if !useAsm {
		return marksGeneric(t, in, out, outEnd, m)
	}
	ip := unsafe.Pointer(unsafe.SliceData(in))
	op := unsafe.Pointer(unsafe.SliceData(out))
	s := fastState{
		in:       unsafe.Add(ip, m.IP),
		inLimit:  unsafe.Add(ip, len(in)-inSlack),
		out:      unsafe.Add(op, 2*m.OP),
		outLimit: unsafe.Add(op, 2*outEnd),
		outBase:  op,
		bits:     m.Bits,
		nbits:    uint64(m.NBits),
		lit:      &t.lit[0],
		dist:     &t.dist[0],
	}
	decodeMarksAsm(&s)
	m.IP = int(uintptr(s.in) - uintptr(ip))
	m.OP = int(uintptr(s.out)-uintptr(op)) / 2
	m.Bits, m.NBits = s.bits, uint(s.nbits&0xff)
	return Status(s.status)
}
