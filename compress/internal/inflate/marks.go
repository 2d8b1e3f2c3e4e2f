package inflate

import "unsafe"

// This file decodes Huffman blocks into 16-bit values instead of bytes,
// for a caller that decodes from a point where the window before it is
// unknown (the parallel Reader's speculative decoder): it fills the
// output's first 32 Ki values with markers (values above 0xff standing
// for the unknown bytes), and a match copies them as it copies literals.
// The tables and the loop are the engine's, so a stream decodes to the
// same symbols, and a codeword the engine rejects is rejected here too.

// Tables are the decode tables of one block's codes, in the engine's
// layout.
type Tables struct {
	lit  [litTableSize]uint32
	dist [distTableSize]uint32
}

// Build makes t the tables of a dynamic block's code lengths: lit for the
// literal/length code (257 to 286 lengths), dist for the distance code
// (1 to 30). It reports false where the engine reports the header as
// corrupt: a code over-subscribed or incomplete.
func (t *Tables) Build(lit, dist []uint8) bool {
	return build(t.lit[:], lit, litBits, kindLit) && build(t.dist[:], dist, distBits, kindDist)
}

// Fixed is the tables of the fixed code (RFC 1951 3.2.6).
var Fixed = &fixed

// MarkSlack is the room DecodeMarks needs past the limit it is given:
// a whole match and the overrun of its word copies, in values.
const MarkSlack = 258 + 32

// MarkState is the position of DecodeMarks in its input and output.
type MarkState struct {
	Bits  uint64 // bit buffer, LSB first
	NBits uint   // valid bits of Bits, at most 63
	IP    int    // next input byte to load into Bits
	OP    int    // next output value
}

// Status says why DecodeMarks returned.
type Status uint8

const (
	Bounds     Status = iota // at the input or output limit, between symbols
	EndOfBlock               // after the end-of-block codeword
	Corrupt                  // at a codeword no valid stream has, or a distance past the start of out
)

// DecodeMarks decodes the symbols of a Huffman block with tables t from
// in into out, a literal as its byte value, while at least InSlack bytes
// of in are left at s.IP and s.OP is below outEnd; out must have
// MarkSlack values of room past outEnd. A match copies the values before
// it, so out[:s.OP] must hold what the stream's distances may reach.
func DecodeMarks(t *Tables, in []byte, out []uint16, outEnd int, s *MarkState) Status {
	if s.IP > len(in)-InSlack || s.OP >= outEnd {
		return Bounds
	}
	if outEnd+MarkSlack > len(out) {
		panic("inflate: DecodeMarks without its slack")
	}
	return decodeMarks(t, in, out, outEnd, s)
}

// InSlack is the input the 16-bit loop may read past the position an
// iteration starts at (see inSlack).
const InSlack = inSlack

// marksGeneric is DecodeMarks in Go: fastGeneric's loop with 16-bit
// stores, its copies working on the output's bytes, every distance and
// length doubled.
func marksGeneric(t *Tables, in []byte, out16 []uint16, outEnd int, s *MarkState) Status {
	bits, nbits := s.Bits, s.NBits
	ip, op := s.IP, 2*s.OP
	out := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(out16))), 2*len(out16))
	lit, dist := &t.lit, &t.dist
	inEnd := len(in) - inSlack
	end := 2 * outEnd
	st := Bounds
	bits |= load64(in, ip) << (nbits & 63)
	ip += int(7 - nbits>>3&7)
	nbits |= 56
	e := lit[bits&litMask]
	for more := true; more; more = ip <= inEnd && op < end {
		bits |= load64(in, ip) << (nbits & 63)
		ip += int(7 - nbits>>3&7)
		nbits |= 56
		if e&flagLit != 0 {
			bits >>= e & 63
			nbits -= uint(e)
			c := uint16(e >> 16)
			e = lit[bits&litMask]
			store16(out, op, c)
			op += 2
			if e&flagLit != 0 {
				bits >>= e & 63
				nbits -= uint(e)
				c := uint16(e >> 16)
				e = lit[bits&litMask]
				store16(out, op, c)
				op += 2
				if e&flagLit != 0 {
					bits >>= e & 63
					nbits -= uint(e)
					c := uint16(e >> 16)
					e = lit[bits&litMask]
					store16(out, op, c)
					op += 2
					continue
				}
			}
		}
		if e&flagExc != 0 {
			if e&flagSub != 0 {
				bits >>= litBits
				nbits -= litBits
				e = lit[uint64(e>>16)+bits&(1<<(e>>8&15)-1)]
				if e&flagLit != 0 {
					bits >>= e & 63
					nbits -= uint(e)
					c := uint16(e >> 16)
					e = lit[bits&litMask]
					store16(out, op, c)
					op += 2
					continue
				}
			}
			if e&flagExc != 0 {
				if e&flagEOB != 0 {
					bits >>= e & 63
					nbits -= uint(e)
					st = EndOfBlock
				} else {
					st = Corrupt
				}
				break
			}
		}
		length := 2 * (int(e>>16) + int((bits&(1<<(e&63)-1))>>(e>>8&15)))
		bits >>= e & 63
		nbits -= uint(e)
		e = dist[bits&distMask]
		bits |= load64(in, ip) << (nbits & 63)
		ip += int(7 - nbits>>3&7)
		nbits |= 56
		if e&flagSub != 0 {
			bits >>= distBits
			nbits -= distBits
			e = dist[uint64(e>>16)+bits&(1<<(e>>8&15)-1)]
		}
		if e&flagBad != 0 {
			st = Corrupt
			break
		}
		distance := 2 * (int(e>>16) + int((bits&(1<<(e&63)-1))>>(e>>8&15)))
		bits >>= e & 63
		nbits -= uint(e)
		e = lit[bits&litMask]
		if distance > op {
			st = Corrupt
			break
		}
		if distance >= 8 {
			src := op - distance
			store64(out, op, load64(out, src))
			store64(out, op+8, load64(out, src+8))
			store64(out, op+16, load64(out, src+16))
			if length > 24 {
				copyLong(out, op+24, src+24, length-24)
			}
		} else {
			copyShort(out, op, distance, length)
		}
		op += length
	}
	s.Bits, s.NBits, s.IP, s.OP = bits, nbits&0xff, ip, op/2
	return st
}
