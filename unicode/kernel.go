package unicode

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// status is what a conversion kernel reports when it stops. Kernels return
// these cheap codes; Transformer turns them into errors with context.
type status uint8

const (
	stDone      status = iota // all of src was converted
	stShortDst                // dst has no room for the next output
	stShortSrc                // src ends inside a sequence and more input may follow
	stInvalid                 // strict: an ill-formed sequence starts at the returned ns
	stTruncated               // strict: src ends inside a sequence at the end of the input
)

// Decoder states of the per-sequence decoders.
const (
	decOK         = iota // a scalar value was decoded
	decInvalid           // an ill-formed sequence; n is its maximal subpart
	decIncomplete        // p ends inside a well-formed prefix; n is len(p)
)

const (
	runeError = 0xFFFD
	maxRune   = 0x10FFFF
)

// kernel identifies a conversion routine: a specialised pair or the
// generic rune-by-rune loop. A switch dispatches on it (see run) so that
// escape analysis sees concrete callees and the slices stay where they are.
type kernel uint8

const (
	kGeneric kernel = iota
	k8to8
	k8to16
	k8to32
	k16to8
	k32to8
	k8toGB
	kGBto8
	k16to32
	k32to16
)

// kernelFor picks the routine for a pair of native encodings.
func kernelFor(from, to Encoding) kernel {
	switch {
	case from == UTF8 && to == UTF8:
		return k8to8
	case from == UTF8 && (to == UTF16LE || to == UTF16BE):
		return k8to16
	case from == UTF8 && (to == UTF32LE || to == UTF32BE):
		return k8to32
	case (from == UTF16LE || from == UTF16BE) && to == UTF8:
		return k16to8
	case (from == UTF32LE || from == UTF32BE) && to == UTF8:
		return k32to8
	case from == UTF8 && to == GB18030:
		return k8toGB
	case from == GB18030 && to == UTF8:
		return kGBto8
	case (from == UTF16LE || from == UTF16BE) && (to == UTF32LE || to == UTF32BE):
		return k16to32
	case (from == UTF32LE || from == UTF32BE) && (to == UTF16LE || to == UTF16BE):
		return k32to16
	}
	return kGeneric
}

// run converts src to dst with kernel k; see status for why it stops.
func run(k kernel, from, to Encoding, dst, src []byte, atEOF, strict bool) (nd, ns int, st status) {
	switch k {
	case k8to8:
		return utf8ToUTF8(dst, src, atEOF, strict)
	case k8to16:
		return utf8ToUTF16(dst, src, atEOF, strict, to == UTF16BE)
	case k8to32:
		return utf8ToUTF32(dst, src, atEOF, strict, to == UTF32BE)
	case k16to8:
		return utf16ToUTF8(dst, src, atEOF, strict, from == UTF16BE)
	case k32to8:
		return utf32ToUTF8(dst, src, atEOF, strict, from == UTF32BE)
	case k8toGB:
		return utf8ToGB(dst, src, atEOF, strict)
	case kGBto8:
		return gbToUTF8(dst, src, atEOF, strict)
	case k16to32:
		return utf16ToUTF32(dst, src, atEOF, strict, from == UTF16BE, to == UTF32BE)
	case k32to16:
		return utf32ToUTF16(dst, src, atEOF, strict, from == UTF32BE, to == UTF16BE)
	}
	return generic(from, to, dst, src, atEOF, strict)
}

func load16(p []byte, be bool) uint16 {
	v := binary.LittleEndian.Uint16(p)
	if be {
		v = bits.ReverseBytes16(v)
	}
	return v
}

func put16(p []byte, v uint16, be bool) {
	if be {
		v = bits.ReverseBytes16(v)
	}
	binary.LittleEndian.PutUint16(p, v)
}

func load32(p []byte, be bool) uint32 {
	v := binary.LittleEndian.Uint32(p)
	if be {
		v = bits.ReverseBytes32(v)
	}
	return v
}

func put32(p []byte, v uint32, be bool) {
	if be {
		v = bits.ReverseBytes32(v)
	}
	binary.LittleEndian.PutUint32(p, v)
}

// surrogates returns the UTF-16 pair of a supplementary code point, high
// unit in the low half, as it is laid out in little-endian memory.
func surrogates(r uint32) uint32 {
	r -= 0x10000
	return (0xD800 + r>>10) | (0xDC00+r&0x3FF)<<16
}

// utf8Word returns the 4-byte UTF-8 form of a supplementary code point as a
// little-endian word, so that one store writes it.
func utf8Word(r uint32) uint32 {
	return 0x808080F0 | r>>18 | (r>>12&0x3F)<<8 | (r>>6&0x3F)<<16 | (r&0x3F)<<24
}

// putUTF8 writes r (a scalar value) as UTF-8 to dst, which has room for
// 4 bytes, and returns the length.
func putUTF8(dst []byte, r uint32) int {
	switch {
	case r < 0x80:
		dst[0] = byte(r)
		return 1
	case r < 0x800:
		_ = dst[1]
		dst[0] = 0xC0 | byte(r>>6)
		dst[1] = 0x80 | byte(r)&0x3F
		return 2
	case r < 0x10000:
		_ = dst[2]
		dst[0] = 0xE0 | byte(r>>12)
		dst[1] = 0x80 | byte(r>>6)&0x3F
		dst[2] = 0x80 | byte(r)&0x3F
		return 3
	}
	_ = dst[3]
	dst[0] = 0xF0 | byte(r>>18)
	dst[1] = 0x80 | byte(r>>12)&0x3F
	dst[2] = 0x80 | byte(r>>6)&0x3F
	dst[3] = 0x80 | byte(r)&0x3F
	return 4
}

func utf8Len(r uint32) int {
	switch {
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r < 0x10000:
		return 3
	}
	return 4
}

// The run loops of the kernels load and store through these helpers: the
// caller has checked that i+2 or i+4 is within len(p), and the fixed-length
// unsafe.Slice lets the compiler drop its own bounds checks and merge the
// byte accesses into one load or store (little-endian on every platform).

func ld16(p []byte, i int) uint16 {
	return binary.LittleEndian.Uint16(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p)), i)), 2))
}

func ld32(p []byte, i int) uint32 {
	return binary.LittleEndian.Uint32(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p)), i)), 4))
}

func st16(p []byte, i int, v uint16) {
	binary.LittleEndian.PutUint16(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p)), i)), 2), v)
}

func ld64(p []byte, i int) uint64 {
	return binary.LittleEndian.Uint64(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p)), i)), 8))
}

func st64(p []byte, i int, v uint64) {
	binary.LittleEndian.PutUint64(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p)), i)), 8), v)
}

func st32(p []byte, i int, v uint32) {
	binary.LittleEndian.PutUint32(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p)), i)), 4), v)
}

// swap16x2 swaps the bytes of both 16-bit halves of v.
func swap16x2(v uint32) uint32 { return (v&0x00FF00FF)<<8 | (v>>8)&0x00FF00FF }

// utf8Word3 returns the 3-byte UTF-8 form of a BMP code point in the low
// bytes of a little-endian word (the fourth byte is scratch).
func utf8Word3(r uint32) uint32 {
	return 0x8080E0 | r>>12 | (r>>6&0x3F)<<8 | (r&0x3F)<<16
}

// utf8Word2 returns the 2-byte UTF-8 form of r < 0x800.
func utf8Word2(r uint32) uint16 {
	return uint16(0x80C0 | r>>6 | (r&0x3F)<<8)
}

// suppKind names a conversion of runs of supplementary characters (see
// suppRun).
type suppKind uint8

const (
	supp8to16 suppKind = iota
	supp8to32
	supp16to8
	supp32to8
)
