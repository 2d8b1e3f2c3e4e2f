//go:build !purego

package unicode

import "golang.org/x/sys/cpu"

// On amd64 the ASCII runs are converted 32 bytes at a time with AVX2 when
// the CPU and the operating system support it (golang.org/x/sys/cpu); the
// pure-Go code finishes the tail and serves big-endian forms.

//go:noescape
func asciiToUTF16AVX2(dst, src *byte, n int, shift uint64) int

//go:noescape
func asciiToUTF32AVX2(dst, src *byte, n int, shift uint64) int

//go:noescape
func utf16ToASCIIAVX2(dst, src *byte, n int, mask uint32, shift uint64) int

//go:noescape
func utf32ToASCIIAVX2(dst, src *byte, n int, mask uint32, shift uint64) int

// hasAVX2 reports AVX2 with the AVX state enabled by the operating system
// (golang.org/x/sys/cpu checks XCR0 with the feature).
var hasAVX2 = cpu.X86.HasAVX2

// vecMin is the shortest run worth a call into the vector code.
const vecMin = 32

// The kernels call these only where they have seen a run of at least 16
// ASCII units, so the vector code is tried at once, in either byte order;
// the pure-Go code finishes the tail.

func asciiToUTF16(dst, src []byte, be bool) int {
	n := min(len(src), len(dst)/2)
	i := 0
	if hasAVX2 && n >= vecMin {
		i = asciiToUTF16AVX2(&dst[0], &src[0], n, 8*uint64(b2i(be)))
	}
	return i + asciiToUTF16Go(dst[2*i:], src[i:n], be)
}

func asciiToUTF32(dst, src []byte, be bool) int {
	n := min(len(src), len(dst)/4)
	i := 0
	if hasAVX2 && n >= vecMin {
		i = asciiToUTF32AVX2(&dst[0], &src[0], n, 24*uint64(b2i(be)))
	}
	return i + asciiToUTF32Go(dst[4*i:], src[i:n], be)
}

func utf16ToASCII(dst, src []byte, be bool) int {
	n := min(len(src)/2, len(dst))
	i := 0
	if hasAVX2 && n >= vecMin {
		mask, shift := uint32(0xFF80FF80), uint64(0)
		if be {
			mask, shift = 0x80FF80FF, 8
		}
		i = utf16ToASCIIAVX2(&dst[0], &src[0], n, mask, shift)
	}
	return i + utf16ToASCIIGo(dst[i:], src[2*i:2*n], be)
}

func utf32ToASCII(dst, src []byte, be bool) int {
	n := min(len(src)/4, len(dst))
	i := 0
	if hasAVX2 && n >= vecMin/2 {
		mask, shift := uint32(0xFFFFFF80), uint64(0)
		if be {
			mask, shift = 0x80FFFFFF, 24
		}
		i = utf32ToASCIIAVX2(&dst[0], &src[0], n, mask, shift)
	}
	return i + utf32ToASCIIGo(dst[i:], src[4*i:4*n], be)
}

//go:noescape
func utf8x4ToUTF16AVX2(dst, src *byte, n int) int

//go:noescape
func utf8x4ToUTF32AVX2(dst, src *byte, n int) int

//go:noescape
func utf16x2ToUTF8AVX2(dst, src *byte, n int) int

//go:noescape
func utf32x4ToUTF8AVX2(dst, src *byte, n int) int

// suppRun converts the leading run of supplementary characters of src, 8 at
// a time, when both sides hold at least 64 bytes, and returns the bytes
// done (the same count on both sides: each character is 4 bytes in UTF-8,
// in a UTF-16 pair and in UTF-32). kind says which conversion. The kernels
// finish the run, and convert big-endian forms, in Go.
func suppRun(kind suppKind, dst, src []byte, be bool) int {
	n := min(len(src), len(dst))
	if !hasAVX2 || be || n < 64 {
		return 0
	}
	switch kind {
	case supp8to16:
		return utf8x4ToUTF16AVX2(&dst[0], &src[0], n)
	case supp8to32:
		return utf8x4ToUTF32AVX2(&dst[0], &src[0], n)
	case supp16to8:
		return utf16x2ToUTF8AVX2(&dst[0], &src[0], n)
	}
	return utf32x4ToUTF8AVX2(&dst[0], &src[0], n)
}

//go:noescape
func utf8x3ToUTF16AVX2(dst, src *byte, nsrc, ndst int) int

//go:noescape
func utf8x3ToUTF32AVX2(dst, src *byte, nsrc, ndst int) int

// bmpRun converts the leading run of 3-byte UTF-8 sequences of src to
// UTF-16LE (unit 2) or UTF-32LE (unit 4), 8 per step, and returns the
// source bytes done (the destination advances by unit*done/3).
func bmpRun(dst, src []byte, unit int, be bool) int {
	if !hasAVX2 || be || len(src) < 64 || len(dst) < 16*unit {
		return 0
	}
	if unit == 2 {
		return utf8x3ToUTF16AVX2(&dst[0], &src[0], len(src), len(dst))
	}
	return utf8x3ToUTF32AVX2(&dst[0], &src[0], len(src), len(dst))
}

//go:noescape
func gb4ToUTF8AVX2(dst, src *byte, n int) int

// gbSuppRun converts the leading run of GB18030 four-byte codes of the
// supplementary planes to UTF-8, 8 per step; source and destination
// advance by the returned count alike.
func gbSuppRun(dst, src []byte) int {
	n := min(len(src), len(dst))
	if !hasAVX2 || n < 64 {
		return 0
	}
	return gb4ToUTF8AVX2(&dst[0], &src[0], n)
}

//go:noescape
func utf16x3ToUTF8AVX2(dst, src *byte, nsrc, ndst int) int

//go:noescape
func utf32x3ToUTF8AVX2(dst, src *byte, nsrc, ndst int) int

// bmpToUTF8Run converts the leading run of code units from U+0800 up (no
// surrogates) of UTF-16LE (unit 2) or UTF-32LE (unit 4) src to 3-byte UTF-8,
// 8 per step, and returns the source bytes done (the destination advances
// by 3*done/unit).
func bmpToUTF8Run(dst, src []byte, unit int, be bool) int {
	if !hasAVX2 || be || len(src) < 16*unit || len(dst) < 64 {
		return 0
	}
	if unit == 2 {
		return utf16x3ToUTF8AVX2(&dst[0], &src[0], len(src), len(dst))
	}
	return utf32x3ToUTF8AVX2(&dst[0], &src[0], len(src), len(dst))
}

//go:noescape
func utf16MixedToUTF8AVX2(dst, src *byte, nsrc, ndst int, tab *packTables) (ns, nd int)

//go:noescape
func utf32MixedToUTF8AVX2(dst, src *byte, nsrc, ndst int, tab *packTables) (ns, nd int)

// bmpMixedToUTF8 converts UTF-16LE (unit 2) or UTF-32LE (unit 4) text to
// UTF-8 whatever the mix of UTF-8 lengths, until it meets anything else or
// the end of either buffer, and returns the bytes done on each side. With
// AVX-512 it takes any well-formed text, 16 characters per step
// (utf8enc_avx512_amd64.s); with AVX2 BMP text without surrogates, 8 units
// per step (see widen_amd64.go).
func bmpMixedToUTF8(dst, src []byte, unit int, be bool) (nd, ns int) {
	if useAVX512 && !be && len(src) >= 64 && len(dst) >= 128 {
		if unit == 2 {
			ns, nd = utf16ToUTF8AVX512(&dst[0], &src[0], len(src), len(dst))
		} else {
			ns, nd = utf32ToUTF8AVX512(&dst[0], &src[0], len(src), len(dst))
		}
		return nd, ns
	}
	if !hasAVX2 || be || len(src) < 8*unit || len(dst) < 32 {
		return 0, 0
	}
	if unit == 2 {
		ns, nd = utf16MixedToUTF8AVX2(&dst[0], &src[0], len(src), len(dst), packTab())
	} else {
		ns, nd = utf32MixedToUTF8AVX2(&dst[0], &src[0], len(src), len(dst), packTab())
	}
	return nd, ns
}
