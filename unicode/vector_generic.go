//go:build purego || !amd64

package unicode

func asciiToUTF16(dst, src []byte, be bool) int { return asciiToUTF16Go(dst, src, be) }
func asciiToUTF32(dst, src []byte, be bool) int { return asciiToUTF32Go(dst, src, be) }
func utf16ToASCII(dst, src []byte, be bool) int { return utf16ToASCIIGo(dst, src, be) }
func utf32ToASCII(dst, src []byte, be bool) int { return utf32ToASCIIGo(dst, src, be) }

// suppRun has no vector form here: the kernels' Go loops do the work.
func suppRun(kind suppKind, dst, src []byte, be bool) int { return 0 }

// bmpRun has no vector form here: the kernels' Go loops do the work.
func bmpRun(dst, src []byte, unit int, be bool) int { return 0 }

// gbSuppRun has no vector form here: the kernel's Go loop does the work.
func gbSuppRun(dst, src []byte) int { return 0 }

// bmpToUTF8Run has no vector form here: the kernels' Go loops do the work.
func bmpToUTF8Run(dst, src []byte, unit int, be bool) int { return 0 }

// bmpMixedToUTF8 has no vector form here: the kernels' Go loops do the work.
func bmpMixedToUTF8(dst, src []byte, unit int, be bool) (nd, ns int) { return 0, 0 }

// utf8MixedRun has no vector form here: the kernels' Go loops do the work.
func utf8MixedRun(dst, src []byte, unit int) (nd, ns int) { return 0, 0 }

// useAVX512 is false where there is no AVX-512 kernel (a variable, as on
// amd64, so that the tests can set it).
var useAVX512 = false

// useAVX2Mixed is false where there is no AVX2 mixed-text kernel.
var useAVX2Mixed = false
