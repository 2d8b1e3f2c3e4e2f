package deflate

import (
	"encoding/binary"
	"slices"
)

// preOrder is the order in which a dynamic header lists the code-length
// code's lengths.
var preOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

var (
	fixedLitLens   [numLitLen]uint8
	fixedLitCodes  [numLitLen]uint16
	fixedDistLens  [numDist]uint8
	fixedDistCodes [numDist]uint16
)

func init() {
	for i := range fixedLitLens {
		switch {
		case i < 144:
			fixedLitLens[i] = 8
		case i < 256:
			fixedLitLens[i] = 9
		case i < 280:
			fixedLitLens[i] = 7
		default:
			fixedLitLens[i] = 8
		}
	}
	// Codes 286 and 287 take part in the static code but are never sent.
	var lens [288]uint8
	copy(lens[:], fixedLitLens[:])
	lens[286], lens[287] = 8, 8
	var codes [288]uint16
	buildCodes(lens[:], codes[:])
	copy(fixedLitCodes[:], codes[:])
	for i := range fixedDistLens {
		fixedDistLens[i] = 5
	}
	var dl [32]uint8
	var dc [32]uint16
	for i := range dl {
		dl[i] = 5
	}
	buildCodes(dl[:], dc[:])
	copy(fixedDistCodes[:], dc[:])
}

// putBits appends the n (at most 32) low bits of v.
func (e *Encoder) putBits(v uint64, n uint) {
	e.bb |= v << e.nb
	e.nb += n
	if e.nb >= 32 {
		e.out = binary.LittleEndian.AppendUint32(e.out, uint32(e.bb))
		e.bb >>= 32
		e.nb -= 32
	}
}

// alignByte pads the bits to a byte boundary and moves them to out.
func (e *Encoder) alignByte() {
	for e.nb > 0 {
		e.out = append(e.out, byte(e.bb))
		e.bb >>= 8
		e.nb -= min(e.nb, 8)
	}
	e.bb = 0
}

// bodyBits is the size of the block's symbols in the code of litLens and
// distLens, extra bits included, end-of-block code excluded.
func (e *Encoder) bodyBits(litLens []uint8, distLens []uint8) int {
	n := 0
	for i, f := range e.litFreq[:256] {
		n += int(f) * int(litLens[i])
	}
	for i, f := range e.litFreq[257:] {
		n += int(f) * (int(litLens[257+i]) + int(lenExtra[i]))
	}
	for i, f := range e.distFreq {
		n += int(f) * (int(distLens[i]) + int(distExtra[i]))
	}
	return n
}

// writeBlock writes the tokens as one block (the raw input they code is
// raw), in whichever of a dynamic, static or stored block is smallest.
func (e *Encoder) writeBlock(raw []byte, final bool) {
	e.litFreq[endBlock] = 1
	e.buildLengths(e.litFreq[:], maxCodeLen, e.litLens[:])
	e.buildLengths(e.distFreq[:], maxCodeLen, e.distLens[:])
	nlit, ndist := numLitLen, numDist
	for nlit > 257 && e.litLens[nlit-1] == 0 {
		nlit--
	}
	for ndist > 1 && e.distLens[ndist-1] == 0 {
		ndist--
	}
	nclen, hdr := e.precode(nlit, ndist)
	dynamic := hdr + e.bodyBits(e.litLens[:], e.distLens[:]) + int(e.litLens[endBlock])
	static := 3 + e.bodyBits(fixedLitLens[:], fixedDistLens[:]) + 7
	pieces := max(1, (len(raw)+0xffff-1)/0xffff)
	// A stored block pads to a byte, then LEN and NLEN; each piece of
	// 65535 bytes has its own 3-bit header.
	stored := 3 + (8-int(e.nb+3)%8)%8 + 32 + (pieces-1)*40 + 8*len(raw)
	var fin uint64
	if final {
		fin = 1
	}
	switch {
	case stored <= dynamic && stored <= static:
		for i := 0; i == 0 || len(raw) > 0; i++ {
			n := min(len(raw), 0xffff)
			last := uint64(0)
			if n == len(raw) {
				last = fin
			}
			e.putBits(last, 3)
			e.alignByte()
			e.out = binary.LittleEndian.AppendUint16(e.out, uint16(n))
			e.out = binary.LittleEndian.AppendUint16(e.out, ^uint16(n))
			e.out = append(e.out, raw[:n]...)
			raw = raw[n:]
		}
	case static <= dynamic:
		e.putBits(fin|1<<1, 3)
		e.writeTokens(&fixedLitLens, &fixedLitCodes, &fixedDistLens, &fixedDistCodes, static)
	default:
		e.putBits(fin|2<<1, 3)
		e.putBits(uint64(nlit-257), 5)
		e.putBits(uint64(ndist-1), 5)
		e.putBits(uint64(nclen-4), 4)
		for _, s := range preOrder[:nclen] {
			e.putBits(uint64(e.preLens[s]), 3)
		}
		for i := 0; i < len(e.rle); i += 2 {
			s, x := e.rle[i], e.rle[i+1]
			e.putBits(uint64(e.preCodes[s]), uint(e.preLens[s]))
			switch s {
			case 16:
				e.putBits(uint64(x), 2)
			case 17:
				e.putBits(uint64(x), 3)
			case 18:
				e.putBits(uint64(x), 7)
			}
		}
		buildCodes(e.litLens[:], e.litCodes[:])
		buildCodes(e.distLens[:], e.distCodes[:])
		e.writeTokens(&e.litLens, &e.litCodes, &e.distLens, &e.distCodes, dynamic)
	}
}

// precode run-length codes the code lengths of a dynamic header into
// e.rle, builds the code-length code, and returns how many of its lengths
// the header lists and the header's size in bits (block type included).
func (e *Encoder) precode(nlit, ndist int) (int, int) {
	var seq [numLitLen + numDist]uint8
	n := copy(seq[:], e.litLens[:nlit])
	n += copy(seq[n:], e.distLens[:ndist])
	rle := e.rle[:0]
	clear(e.preFreq[:])
	emit := func(s, x uint8) {
		rle = append(rle, s, x)
		e.preFreq[s]++
	}
	for i := 0; i < n; {
		v := seq[i]
		run := 1
		for i+run < n && seq[i+run] == v {
			run++
		}
		i += run
		if v == 0 {
			for run >= 11 {
				r := min(run, 138)
				emit(18, uint8(r-11))
				run -= r
			}
			if run >= 3 {
				emit(17, uint8(run-3))
				run = 0
			}
		} else {
			emit(v, 0)
			run--
			for run >= 3 {
				r := min(run, 6)
				emit(16, uint8(r-3))
				run -= r
			}
		}
		for ; run > 0; run-- {
			emit(v, 0)
		}
	}
	e.rle = rle
	e.buildLengths(e.preFreq[:], preLen, e.preLens[:])
	buildCodes(e.preLens[:], e.preCodes[:])
	nclen := 19
	for nclen > 4 && e.preLens[preOrder[nclen-1]] == 0 {
		nclen--
	}
	bits := 3 + 5 + 5 + 4 + 3*nclen
	for s, f := range e.preFreq {
		bits += int(f) * int(e.preLens[s])
	}
	bits += 2*int(e.preFreq[16]) + 3*int(e.preFreq[17]) + 7*int(e.preFreq[18])
	return nclen, bits
}

// writeTokens writes the block's tokens and its end in the given codes;
// size is the block's size in bits, for the output buffer's growth.
//
// Each symbol's code and extra bits are put together from tables made for
// the block (a length's code and extra bits in one entry), and the bit
// buffer is stored 8 bytes at a time without a branch, keeping the bits
// of an unfinished byte (libdeflate's method): a token adds at most 48
// bits to the at most 7 left over.
func (e *Encoder) writeTokens(litLens *[numLitLen]uint8, litCodes *[numLitLen]uint16, distLens *[numDist]uint8, distCodes *[numDist]uint16, size int) {
	var lit [256]uint32 // code | length<<24
	for i := range lit {
		lit[i] = uint32(litCodes[i]) | uint32(litLens[i])<<24
	}
	var lens [256]uint32 // code and extra bits of each match length - 3
	for l := range lens {
		ls := lenSym[l]
		n := uint32(litLens[257+int(ls)])
		lens[l] = uint32(litCodes[257+int(ls)]) | uint32(l+minMatch-int(lenBase[ls]))<<n | (n+uint32(lenExtra[ls]))<<24
	}
	var dists [numDist]uint32
	for d := range dists {
		dists[d] = uint32(distCodes[d]) | uint32(distLens[d])<<24
	}
	// Leave fewer than 8 bits in the bit buffer before the first token.
	bb, nb := e.bb, e.nb
	for ; nb >= 8; nb -= 8 {
		e.out = append(e.out, byte(bb))
		bb >>= 8
	}
	e.out = slices.Grow(e.out, size/8+16)
	out := e.out[:cap(e.out)]
	o := len(e.out)
	if useAsm {
		o, bb, nb = e.tokensFast(out, o, bb, nb, &lit, &lens, &dists)
	} else {
		o, bb, nb = e.tokensGeneric(out, o, bb, nb, &lit, &lens, &dists)
	}
	e.out = out[:o]
	e.bb, e.nb = bb, nb
	e.putBits(uint64(litCodes[endBlock]), uint(litLens[endBlock]))
}

// tokensGeneric is writeTokens' loop in Go (tokens_amd64.s is the same
// loop in assembly): it writes the tokens into out from o on with the
// bit buffer bb holding nb (fewer than 8) bits, and returns them after.
func (e *Encoder) tokensGeneric(out []byte, o int, bb uint64, nb uint, lit, lens *[256]uint32, dists *[numDist]uint32) (int, uint64, uint) {
	for _, t := range e.tokens {
		if t < 256 {
			c := lit[t]
			bb |= uint64(c&0xffffff) << (nb & 63)
			nb += uint(c >> 24)
		} else {
			c := lens[uint8((t>>16)-minMatch)]
			bb |= uint64(c&0xffffff) << (nb & 63)
			nb += uint(c >> 24)
			dist := int(t & 0xffff)
			ds := int(t>>25) & 31
			d := dists[ds]
			n := d >> 24
			bb |= (uint64(d&0xffff) | uint64(dist-int(distBase[ds]))<<(n&31)) << (nb & 63)
			nb += uint(n) + uint(distExtra[ds])
		}
		store64(out, o, bb)
		o += int(nb >> 3)
		bb >>= (nb &^ 7) & 63 // the masks spare Go's check for shifts of 64 or more
		nb &= 7
	}
	return o, bb, nb
}
