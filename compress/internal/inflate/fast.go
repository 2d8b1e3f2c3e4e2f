package inflate

import "encoding/binary"

// fastGeneric is the decoder's main loop in Go (fast_amd64.s is the same
// loop in assembly; fast picks one). Every iteration starts with at least
// inSlack bytes of input in the window and room for a whole match plus
// the copy overrun in the output, so the body checks no bounds of its own
// (beyond Go's, which the slicing below keeps cheap). The bit buffer lives
// in locals and is refilled without branches, as libdeflate does:
//
//	bits |= load64(in) << nbits
//	in += 7 - nbits/8
//	nbits |= 56
//
// which leaves 56 to 63 valid bits and never reads past in+8. The bits
// above nbits are those of the next input bytes, so loading them again
// at the same position is harmless.
//
// Two more of libdeflate's habits: the count of bits held is decreased by
// the whole table entry, whose low byte is the count consumed, so no mask
// is needed (only the low byte of nbits is meaningful, and it never
// borrows); and the literal/length entry of the next symbol is looked up
// as soon as the bits of the previous one are consumed, before its
// literal is stored or its match copied, so that the table load overlaps
// that work.
func (d *Decoder) fastGeneric(target int) {
	bits, nbits := d.bits, d.nbits
	ip, op := d.ip, d.op
	in := d.win
	out := d.out
	lit, dist := d.litp, d.distp
	inEnd := len(in) - inSlack
	outEnd := min(target, d.lim)
	if ip > inEnd || op >= outEnd {
		return
	}
	bits |= load64(in, ip) << (nbits & 63)
	ip += int(7 - nbits>>3&7)
	nbits |= 56
	e := lit[bits&litMask]

	// The first iteration runs whatever the refill did to ip, so that
	// every call decodes a symbol: the caller counts on progress.
	for more := true; more; more = ip <= inEnd && op < outEnd {
		// e is the entry of the next symbol, looked up with at least 11
		// valid bits; the refill keeps those bits as they are (after
		// the first refill above it loads nothing new).
		bits |= load64(in, ip) << (nbits & 63)
		ip += int(7 - nbits>>3&7)
		nbits |= 56

		// Up to three literals per refill (libdeflate, zlib-ng): 56 bits
		// cover two 15-bit literals and then a 20-bit length or a
		// subtable lookup, or three literals with 11 bits left for the
		// next lookup.
		if e&flagLit != 0 {
			bits >>= e & 63
			nbits -= uint(e)
			c := byte(e >> 16)
			e = lit[bits&litMask]
			out[op] = c
			op++
			if e&flagLit != 0 {
				bits >>= e & 63
				nbits -= uint(e)
				c := byte(e >> 16)
				e = lit[bits&litMask]
				out[op] = c
				op++
				if e&flagLit != 0 {
					bits >>= e & 63
					nbits -= uint(e)
					c := byte(e >> 16)
					e = lit[bits&litMask]
					out[op] = c
					op++
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
					c := byte(e >> 16)
					e = lit[bits&litMask]
					out[op] = c
					op++
					continue
				}
			}
			if e&flagExc != 0 {
				if e&flagEOB != 0 {
					bits >>= e & 63
					nbits -= uint(e)
					d.state = stHeader
				} else {
					d.err = ErrCorrupt
				}
				break
			}
		}
		// A length: base plus extra bits in one shift.
		length := int(e>>16) + int((bits&(1<<(e&63)-1))>>(e>>8&15))
		bits >>= e & 63
		nbits -= uint(e)

		// The distance entry before the refill: a literal or a length
		// from the primary table has a codeword of at most 11 bits, so of
		// the 56 bits at least 18 remain.
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
			d.err = ErrCorrupt
			break
		}
		distance := int(e>>16) + int((bits&(1<<(e&63)-1))>>(e>>8&15))
		bits >>= e & 63
		nbits -= uint(e)
		// At most 15+13 bits of the 56 went to the distance: enough
		// remain for the next lookup.
		e = lit[bits&litMask]
		if distance > op {
			d.err = ErrCorrupt
			break
		}
		if distance >= 8 {
			// Words that overlap their source by no less than their
			// width: each load reads bytes already stored. Three
			// words cover most matches; longer ones go on in a loop.
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
	d.bits, d.nbits, d.ip, d.op = bits, nbits&0xff, ip, op
}

// copyLong copies n bytes from src to op (src at least 8 bytes before
// op) in words that may write up to 31 bytes past the end.
func copyLong(out []byte, op, src, n int) {
	end := op + n
	if op-src >= 32 {
		for op < end {
			a, b := load64(out, src), load64(out, src+8)
			c, e := load64(out, src+16), load64(out, src+24)
			store64(out, op, a)
			store64(out, op+8, b)
			store64(out, op+16, c)
			store64(out, op+24, e)
			op += 32
			src += 32
		}
		return
	}
	for op < end {
		store64(out, op, load64(out, src))
		op += 8
		src += 8
	}
}

// copyShort copies length bytes from distance (1 to 7) back, in words
// that may write up to 15 bytes past the end. A period dividing 8 is one
// word stored over and over; another steps by the distance, each step
// writing one more period of the pattern, until 16 bytes of it exist,
// and goes on with 16-byte copies from there (zlib-ng's chunkcopy idea,
// libdeflate's overlapping-word copy).
func copyShort(out []byte, op, distance, length int) {
	end := op + length
	src := op - distance
	var v uint64
	switch distance {
	case 1:
		v = uint64(out[src]) * 0x0101010101010101
	case 2:
		v = uint64(binary.LittleEndian.Uint16(out[src:])) * 0x0001000100010001
	case 4:
		v = uint64(binary.LittleEndian.Uint32(out[src:])) * 0x0000000100000001
	default:
		k := (16 + distance - 1) / distance
		for range k {
			store64(out, op, load64(out, src))
			op += distance
			src += distance
		}
		far := k * distance
		for op < end {
			a, b := load64(out, op-far), load64(out, op-far+8)
			store64(out, op, a)
			store64(out, op+8, b)
			op += 16
		}
		return
	}
	for op < end {
		store64(out, op, v)
		store64(out, op+8, v)
		op += 16
	}
}
