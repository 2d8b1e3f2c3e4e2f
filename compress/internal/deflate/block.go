package deflate

import "encoding/binary"

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
		e.writeTokens(&fixedLitLens, &fixedLitCodes, &fixedDistLens, &fixedDistCodes)
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
		e.writeTokens(&e.litLens, &e.litCodes, &e.distLens, &e.distCodes)
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

// writeTokens writes the block's tokens and its end in the given codes.
func (e *Encoder) writeTokens(litLens *[numLitLen]uint8, litCodes *[numLitLen]uint16, distLens *[numDist]uint8, distCodes *[numDist]uint16) {
	bb, nb, out := e.bb, e.nb, e.out
	for _, t := range e.tokens {
		if t < 256 {
			bb |= uint64(litCodes[t]) << nb
			nb += uint(litLens[t])
		} else {
			length := int(t>>16) & 0x1ff
			dist := int(t & 0xffff)
			ls := lenSym[length-minMatch]
			bb |= (uint64(litCodes[257+int(ls)]) | uint64(length-int(lenBase[ls]))<<litLens[257+int(ls)]) << nb
			nb += uint(litLens[257+int(ls)]) + uint(lenExtra[ls])
			if nb >= 32 {
				out = binary.LittleEndian.AppendUint32(out, uint32(bb))
				bb >>= 32
				nb -= 32
			}
			ds := distSym(dist)
			bb |= (uint64(distCodes[ds]) | uint64(dist-int(distBase[ds]))<<distLens[ds]) << nb
			nb += uint(distLens[ds]) + uint(distExtra[ds])
		}
		if nb >= 32 {
			out = binary.LittleEndian.AppendUint32(out, uint32(bb))
			bb >>= 32
			nb -= 32
		}
	}
	e.bb, e.nb, e.out = bb, nb, out
	e.putBits(uint64(litCodes[endBlock]), uint(litLens[endBlock]))
}
