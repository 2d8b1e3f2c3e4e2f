package inflate

import "encoding/binary"

// fast is the decoder's main loop. Every iteration starts with at least
// inSlack bytes of input in the window and room for a whole match plus
// the copy overrun in the output, so the body checks no bounds of its own
// (beyond Go's, which the slicing below keeps cheap). The bit buffer lives
// in locals and is refilled without branches, as libdeflate does:
//
//	bits |= load64(in) << nbits
//	in += (63 - nbits) / 8
//	nbits |= 56
//
// which leaves 56 to 63 valid bits and never reads past in+8. The bits
// above nbits are those of the next input bytes, so loading them again
// at the same position is harmless.
func (d *Decoder) fast(target int) {
	bits, nbits := d.bits, d.nbits
	ip, op := d.ip, d.op
	in := d.win
	out := d.out[:]
	lit, dist := d.litp, d.distp
	inEnd := len(in) - inSlack
	outEnd := min(target, outLimit)

	for ip <= inEnd && op < outEnd {
		bits |= load64(in, ip) << (nbits & 63)
		ip += int((63 - nbits) >> 3)
		nbits |= 56

		// Up to three literals per refill (libdeflate, zlib-ng): 56 bits
		// cover two 15-bit literals and then a 20-bit length or a
		// subtable lookup.
		e := lit[bits&litMask]
		if e&flagLit != 0 {
			bits >>= e & 63
			nbits -= uint(e & 0xff)
			out[op] = byte(e >> 16)
			op++
			e = lit[bits&litMask]
			if e&flagLit != 0 {
				bits >>= e & 63
				nbits -= uint(e & 0xff)
				out[op] = byte(e >> 16)
				op++
				e = lit[bits&litMask]
				if e&flagLit != 0 {
					bits >>= e & 63
					nbits -= uint(e & 0xff)
					out[op] = byte(e >> 16)
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
					nbits -= uint(e & 0xff)
					out[op] = byte(e >> 16)
					op++
					continue
				}
			}
			if e&flagExc != 0 {
				if e&flagEOB != 0 {
					bits >>= e & 63
					nbits -= uint(e & 0xff)
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
		nbits -= uint(e & 0xff)

		bits |= load64(in, ip) << (nbits & 63)
		ip += int((63 - nbits) >> 3)
		nbits |= 56

		e = dist[bits&distMask]
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
		nbits -= uint(e & 0xff)
		if distance > op {
			d.err = ErrCorrupt
			break
		}
		copyMatch(out, op, distance, length)
		op += length
	}
	d.bits, d.nbits, d.ip, d.op = bits, nbits, ip, op
}

// copyMatch copies length bytes from distance back, in words that may
// write up to 31 bytes past the end (the buffer's slack). Word copies
// are exact for distances of at least the word size; shorter distances
// step by the distance, each step writing one more period of the pattern
// (zlib-ng's chunkcopy idea, libdeflate's overlapping-word copy).
func copyMatch(out []byte, op, distance, length int) {
	end := op + length
	src := op - distance
	switch {
	case distance >= 32:
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
	case distance >= 16:
		for op < end {
			a, b := load64(out, src), load64(out, src+8)
			store64(out, op, a)
			store64(out, op+8, b)
			op += 16
			src += 16
		}
		return
	case distance > 8:
		for op < end {
			store64(out, op, load64(out, src))
			op += 8
			src += 8
		}
		return
	}
	var v uint64
	switch distance {
	case 1:
		v = uint64(out[src]) * 0x0101010101010101
	case 2:
		v = uint64(binary.LittleEndian.Uint16(out[src:])) * 0x0001000100010001
	case 4:
		v = uint64(binary.LittleEndian.Uint32(out[src:])) * 0x0000000100000001
	case 8:
		v = load64(out, src)
	default:
		// Write whole periods a word at a time until at least 16 bytes
		// of the pattern exist; from there the data repeats at a
		// distance of those periods, far enough for 16-byte copies.
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
	// A period dividing 8: the same word over and over.
	for op < end {
		store64(out, op, v)
		store64(out, op+8, v)
		op += 16
	}
}
