package inflate

import "math/bits"

// Decode tables, in the layout of libdeflate's decompressor: one 32-bit
// entry per table slot holds everything needed to act on a codeword, so a
// literal/length symbol and its extra bits are resolved with one lookup
// and consumed with one shift.
//
//	bits 0-7   bits to consume: codeword length plus extra bits (for a
//	           subtable pointer, the primary table's index bits)
//	bits 8-11  codeword length, the shift that exposes the extra bits
//	           (for a subtable pointer, the subtable's index bits)
//	bits 12-15 flags: literal, end of block, subtable pointer, invalid
//	bits 16-31 literal byte, length or distance base, or subtable offset
//
// Codewords longer than the primary table's index go through a second
// lookup in a subtable, sized as zlib's inflate_table sizes them.

const (
	flagLit = 1 << 15 // a literal byte
	flagEOB = 1 << 14 // end of block
	flagSub = 1 << 13 // pointer to a subtable
	flagBad = 1 << 12 // a codeword no valid stream uses

	flagExc = flagEOB | flagSub | flagBad

	litBits  = 11 // primary index bits of the literal/length table (libdeflate's choice)
	distBits = 8  // primary index bits of the distance table
	clenBits = 7  // the code-length code has at most 7-bit codewords: no subtables

	litMask  = 1<<litBits - 1
	distMask = 1<<distBits - 1
	clenMask = 1<<clenBits - 1

	// Table sizes large enough for any complete code, computed with
	// zlib's "enough" program (288 symbols, 11 bits, 15 max; 32, 8, 15).
	litTableSize  = 2342
	distTableSize = 402
	clenTableSize = 1 << clenBits

	maxCodeLen = 15
	numLitLen  = 288 // 286 usable, 2 more in the fixed code
	numDist    = 32  // 30 usable, 2 more in the fixed code
	maxLit     = 286 // most literal/length codes a dynamic header may declare
	maxDist    = 30  // most distance codes a dynamic header may declare
)

// kind says how build turns a symbol into an entry.
type kind uint8

const (
	kindLit kind = iota
	kindDist
	kindCLen
)

// LengthBase and LengthExtra are RFC 1951 section 3.2.5's base lengths
// and extra bits of the length symbols 257-285; DistBase and DistExtra
// those of the distance symbols 0-29.
var LengthBase = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}

var LengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}

var DistBase = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}

var DistExtra = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}

// statics holds, for each kind and symbol, the table entry of the symbol
// without its codeword length: the value and flags, and in the low byte
// the extra bits. A codeword of n bits adds n<<8 | n (counted from the
// table level the entry sits in); the sum stays below 256 in the low byte.
// Symbols no valid stream uses (literal/length 286 and 287, distance 30
// and 31) are invalid.
var statics [3][numLitLen]uint32

func init() {
	for sym := range numLitLen {
		switch {
		case sym < 256:
			statics[kindLit][sym] = uint32(sym)<<16 | flagLit
		case sym == 256:
			statics[kindLit][sym] = flagEOB
		case sym < maxLit:
			i := sym - 257
			statics[kindLit][sym] = uint32(LengthBase[i])<<16 | uint32(LengthExtra[i])
		default:
			statics[kindLit][sym] = flagBad
		}
		switch {
		case sym < maxDist:
			statics[kindDist][sym] = uint32(DistBase[sym])<<16 | uint32(DistExtra[sym])
		default:
			statics[kindDist][sym] = flagBad
		}
		statics[kindCLen][sym] = uint32(sym) << 16
	}
}

// badEntry fills the slots no codeword of a one-codeword code reaches. Its
// length of 1 makes the careful decoder report the stream as corrupt once
// it has one bit, and as truncated before, as the standard library does;
// emptyEntry fills an empty code's table: corrupt without reading a bit.
const (
	badEntry   = flagBad | 1<<8 | 1
	emptyEntry = flagBad
)

// build fills table for the canonical Huffman code with the given code
// lengths (0 = symbol unused), with a primary table of root index bits.
// It reports false for a code that is over-subscribed or incomplete,
// except a code with one codeword of length 1 (RFC 1951 allows a single
// distance code) and an empty code, the cases the standard library's
// inflater accepts; the unused codewords of those decode as invalid.
func build(table []uint32, lens []uint8, root uint, k kind) bool {
	var count [maxCodeLen + 1]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	maxLen := uint(0)
	for l := uint(1); l <= maxCodeLen; l++ {
		if count[l] != 0 {
			maxLen = l
		}
	}
	main := table[:1<<root]
	if maxLen == 0 {
		for i := range main {
			main[i] = emptyEntry
		}
		return true
	}
	left := 1
	for l := 1; l <= maxCodeLen; l++ {
		left = left<<1 - int(count[l])
		if left < 0 {
			return false // over-subscribed
		}
	}
	if left > 0 && !(maxLen == 1 && count[1] == 1) {
		return false // incomplete
	}
	// Symbols sorted by code length, then by value: canonical order.
	var offs [maxCodeLen + 2]uint16
	for l := 1; l <= maxCodeLen; l++ {
		offs[l+1] = offs[l] + count[l]
	}
	var sorted [numLitLen]uint16
	for s, l := range lens {
		if l != 0 {
			sorted[offs[l]] = uint16(s)
			offs[l]++
		}
	}
	n := int(offs[maxCodeLen+1])
	rem := count   // codewords of each length not yet placed
	r := uint32(0) // the codeword, its bits reversed
	curLen := uint(0)
	static := &statics[k]
	curPrefix := uint32(1<<32 - 1)
	subOff, subBits := uint32(0), uint(0)
	next := uint32(1) << root
	// The primary table is filled by doubling, as libdeflate does:
	// main[:1<<filled] holds the entries of every codeword of up to
	// filled bits, each at the index of its bits reversed, so a copy of
	// it above itself is the table of filled+1 bits, where the codewords
	// one bit longer then go. A slot no codeword reaches (the one-codeword
	// code's other half) keeps badEntry, doubled from main[0].
	main[0] = badEntry
	filled := uint(0)
	for i := range n {
		sym := int(sorted[i])
		l := uint(lens[sym])
		if i > 0 {
			// The next canonical codeword, incremented in its reversed
			// form (libdeflate's way): the highest 0 bit of the curLen
			// bits becomes 1 and the bits below it 0. A longer codeword
			// adds zeros at its end, high bits here: nothing to do.
			bit := uint32(1) << (bits.Len32(r^(1<<curLen-1)) - 1)
			r = r&(bit-1) | bit
		}
		curLen = l
		for filled < min(l, root) {
			copy(main[1<<filled:2<<filled], main[:1<<filled])
			filled++
		}
		if l <= root {
			main[r] = static[sym] + uint32(l)<<8 + uint32(l)
			rem[l]--
			continue
		}
		prefix := r & (1<<root - 1)
		if prefix != curPrefix {
			// A new subtable: as large as the codewords sharing this
			// prefix need (zlib's inflate_table).
			curPrefix = prefix
			subBits = l - root
			room := 1 << subBits
			for subBits+root < maxLen {
				room -= int(rem[subBits+root])
				if room <= 0 {
					break
				}
				subBits++
				room <<= 1
			}
			subOff = next
			next += 1 << subBits
			if int(next) > len(table) {
				return false
			}
			main[prefix] = subOff<<16 | flagSub | uint32(subBits)<<8 | uint32(root)
		}
		e := static[sym] + uint32(l-root)<<8 + uint32(l-root)
		for j := r >> root; j < 1<<subBits; j += 1 << (l - root) {
			table[subOff+j] = e
		}
		rem[l]--
	}
	for filled < root {
		copy(main[1<<filled:2<<filled], main[:1<<filled])
		filled++
	}
	return true
}

// fixed is the fixed code's tables (RFC 1951 3.2.6), built once.
var fixed Tables

// FixedLitLens holds the codeword lengths of the fixed literal/length
// code (RFC 1951 3.2.6), all 288 symbols; every fixed distance codeword
// is 5 bits long.
var FixedLitLens = func() (lens [numLitLen]uint8) {
	for i := range lens {
		switch {
		case i < 144:
			lens[i] = 8
		case i < 256:
			lens[i] = 9
		case i < 280:
			lens[i] = 7
		default:
			lens[i] = 8
		}
	}
	return lens
}()

func init() {
	lens := FixedLitLens
	build(fixed.lit[:], lens[:], litBits, kindLit)
	var dl [numDist]uint8
	for i := range dl {
		dl[i] = 5
	}
	build(fixed.dist[:], dl[:], distBits, kindDist)
}
