package compress

import (
	"encoding/binary"
	"math/bits"
)

// The block finder of the parallel Reader (after rapidgzip's): deflate
// has no index, so a chunk of compressed input is decoded from the first
// bit offset in it where a block header plausibly starts. Two kinds of
// header are looked for, and only non-final ones:
//
//   - a dynamic-Huffman header whose code-length code is complete and
//     whose literal/length and distance codes are valid, with a codeword
//     for the end of block: random bits pass this about once in 10^12;
//   - a stored header followed by zero padding and LEN = ^NLEN, which
//     random bits pass once in a few hundred thousand bytes, so that a
//     speculative decoding that fails moves on to the next candidate.
//
// Fixed-Huffman headers are not looked for: any 3 bits 010 start one. A
// chunk before another one stops at the first boundary past its end that
// the finder accepts (candidate), so the two meet at the same offset.

// maxHeaderBytes bounds the bytes a dynamic header takes: 3+14+57 bits,
// then 316 code lengths of at most 7+7 bits.
const maxHeaderBytes = 600

// kraft4 is the Kraft sum, in units of 2^-7, of four 3-bit code lengths
// (0 for an unused symbol): the code-length code is complete when the
// sum over its lengths is 128.
var kraft4 = func() (t [4096]uint16) {
	for i := range t {
		for k := range 4 {
			if l := i >> (3 * k) & 7; l != 0 {
				t[i] += 128 >> l
			}
		}
	}
	return t
}()

// finder holds the scratch of the candidate tests.
type finder struct {
	b    bitReader
	lens [320]uint8
}

// next returns the first bit offset in [from, to) of in where a candidate
// header starts, or -1. It tests a byte's eight bit offsets at once: the
// header bits of a dynamic block (not final, type 2, code counts in
// range) or of a stored block (not final, type 0, LEN = ^NLEN in the
// next byte or the one after, where it would be); a dynamic candidate's
// code-length code must be complete before the full test.
func (f *finder) next(in []byte, from, to int64) int64 {
	for k := from >> 3; k<<3 < to; k++ {
		if k+16 > int64(len(in)) {
			return -1
		}
		w := binary.LittleEndian.Uint64(in[k:])
		nw := ^w
		head := nw & (nw >> 1)
		dyn := head & (w >> 2) &^ (w >> 4 & (w >> 5) & (w >> 6) & (w >> 7)) &^ (w >> 9 & (w >> 10) & (w >> 11) & (w >> 12))
		// A stored header at bit i of byte k has LEN at byte k+1 (i up
		// to 5) or k+2 (i 6 or 7).
		var st uint64
		if binary.LittleEndian.Uint16(in[k+1:]) == ^binary.LittleEndian.Uint16(in[k+3:]) {
			st |= 0x3f
		}
		if binary.LittleEndian.Uint16(in[k+2:]) == ^binary.LittleEndian.Uint16(in[k+4:]) {
			st |= 0xc0
		}
		m := (dyn | head&(nw>>2)&st) & 0xff
		if k == from>>3 {
			m &^= 1<<(from&7) - 1
		}
		for ; m != 0; m &= m - 1 {
			i := uint(bits.TrailingZeros64(m))
			p := k<<3 + int64(i)
			if p >= to {
				return -1
			}
			if dyn>>i&1 != 0 && !kraftComplete(in, p, w>>i) {
				continue
			}
			if f.at(in, p, binary.LittleEndian.Uint64(in[p>>3:])>>(p&7)) {
				return p
			}
		}
	}
	return -1
}

// kraftComplete reports whether the code-length code of the dynamic
// header at bit p, whose first bits are v, is complete (the Kraft sum of
// 2^-len is 1).
func kraftComplete(in []byte, p int64, v uint64) bool {
	q := p + 17
	w := binary.LittleEndian.Uint64(in[q>>3:]) >> (q & 7) & (1<<(3*(v>>13&15)+12) - 1)
	return kraft4[w&4095]+kraft4[w>>12&4095]+kraft4[w>>24&4095]+kraft4[w>>36&4095]+kraft4[w>>48&4095] == 128
}

// candidate reports whether a header the finder accepts starts at bit p
// of in.
func (f *finder) candidate(in []byte, p int64) bool {
	k := p >> 3
	if k+16 > int64(len(in)) {
		return false
	}
	v := binary.LittleEndian.Uint64(in[k:]) >> (p & 7)
	return v&3 == 0 && f.at(in, p, v)
}

// at tests the header at bit p, whose first 57 bits are v.
func (f *finder) at(in []byte, p int64, v uint64) bool {
	if v&7 == 0 {
		return storedAt(in, p, v)
	}
	if v&7 != 4 || v>>3&31 > 29 || v>>8&31 > 29 {
		return false
	}
	if !kraftComplete(in, p, v) {
		return false
	}
	f.b.reset(in, p+3)
	nlit, n, ok := readDynamic(&f.b, &f.lens)
	return ok && f.lens[256] != 0 && validCode(f.lens[:nlit]) && validCode(f.lens[nlit:n])
}

// storedAt tests for a stored header at bit p: three zero bits, zero
// padding to the byte boundary, then LEN and NLEN.
func storedAt(in []byte, p int64, v uint64) bool {
	pad := (8 - (p+3)&7) & 7
	if v>>3&(1<<pad-1) != 0 {
		return false
	}
	a := (p + 3 + pad) >> 3
	if a+4 > int64(len(in)) {
		return false
	}
	return binary.LittleEndian.Uint16(in[a:]) == ^binary.LittleEndian.Uint16(in[a+2:])
}

// storedEnd returns, for a stored header found at bit p, the last bit
// offset at which the same header can start: the one with no padding.
func storedEnd(p int64) int64 {
	return (p+3+7)&^7 - 3
}

// validCode reports whether the code lengths lens make a code the inflate
// engine accepts: neither over-subscribed nor incomplete, except a code
// of one codeword of length 1 and an empty one.
func validCode(lens []uint8) bool {
	var count [16]int
	for _, l := range lens {
		count[l]++
	}
	left, maxLen := 1, 0
	for l := 1; l < 16; l++ {
		left = left<<1 - count[l]
		if left < 0 {
			return false
		}
		if count[l] != 0 {
			maxLen = l
		}
	}
	return left == 0 || maxLen == 0 || maxLen == 1 && count[1] == 1
}
