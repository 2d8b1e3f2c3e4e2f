//go:build !purego

package unicode

import (
	"runtime"

	"golang.org/x/sys/cpu"
)

// UTF-8 decoding into UTF-16LE and UTF-32LE has an AVX-512 kernel
// (utf8_avx512_amd64.s) that converts 16 characters per step whatever the
// mix of their UTF-8 lengths, for text that changes script every few
// characters, where the run loops of the Go kernels stop at every change.
// With latin true it converts 64-byte blocks of ASCII and two-byte
// characters (Latin-script text) whole, up to 64 characters per step.

//go:noescape
func utf8ToUTF16AVX512(dst, src *byte, nsrc, ndst int, latin bool) (ns, nd int)

//go:noescape
func utf8ToUTF32AVX512(dst, src *byte, nsrc, ndst int, latin bool) (ns, nd int)

// The reverse direction, UTF-16LE and UTF-32LE into UTF-8, has AVX-512
// kernels too (utf8enc_avx512_amd64.s), called through bmpMixedToUTF8.

//go:noescape
func utf16ToUTF8AVX512(dst, src *byte, nsrc, ndst int) (ns, nd int)

//go:noescape
func utf32ToUTF8AVX512(dst, src *byte, nsrc, ndst int) (ns, nd int)

// hasAVX512 reports whether the CPU has AVX-512 F, BW, VL, VBMI and VBMI2,
// and BMI2, and the operating system saves the opmask and ZMM registers
// (golang.org/x/sys/cpu checks XCR0 with the features). macOS enables the ZMM state lazily, on first
// use, so XCR0 does not show it there: the kernel is not used on darwin.
var hasAVX512 = hasAVX2 && runtime.GOOS != "darwin" && cpu.X86.HasBMI2 &&
	cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL &&
	cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512VBMI2

// useAVX512 switches the AVX-512 kernel on; tests turn it off to exercise
// the AVX2 and pure-Go paths on machines that have it.
var useAVX512 = hasAVX512

// useLatin switches the AVX-512 and AVX2 kernels' paths for blocks of
// ASCII and two-byte characters on; tests and benchmarks turn it off to
// compare the kernels without them.
var useLatin = true

// utf8MixedRun converts the leading well-formed UTF-8 of src into
// little-endian UTF-16 (unit 2) or UTF-32 (unit 4) with the AVX-512 kernel,
// while at least 64 source and 128 destination bytes remain (without
// AVX-512, with the AVX2 kernel of utf8avx2_amd64.s while 80 and 128 do), and returns
// the bytes done on each side. It stops before the first ill-formed
// sequence, which the caller's Go code handles.
func utf8MixedRun(dst, src []byte, unit int) (nd, ns int) {
	if !useAVX512 {
		if useAVX2Mixed && len(src) >= 80 && len(dst) >= 128 {
			var pack *[256][16]byte
			if useLatin && cpu.X86.HasPOPCNT { // the Latin path counts with POPCNT
				pack = &u8pack
			}
			ns, nd = utf8MixedAVX2(&dst[0], &src[0], len(src), len(dst), &u8win, unit, pack)
		}
		return nd, ns
	}
	if len(src) < 64 || len(dst) < 128 {
		return 0, 0
	}
	if unit == 2 {
		ns, nd = utf8ToUTF16AVX512(&dst[0], &src[0], len(src), len(dst), useLatin)
	} else {
		ns, nd = utf8ToUTF32AVX512(&dst[0], &src[0], len(src), len(dst), useLatin)
	}
	return nd, ns
}
