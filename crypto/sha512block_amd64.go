//go:build amd64 && !purego

package crypto

//go:noescape
func blockAVX2(h *[8]uint64, p []byte)

//go:noescape
func blockAVX512(h *[8]uint64, p []byte)

func xgetbv0() (eax, edx uint32)

// hasAVX2 reports AVX2 (CPUID.7.0:EBX bit 5), BMI1 (bit 3) and BMI2 (bit
// 8) with AVX state enabled by the OS (OSXSAVE, CPUID.1:ECX bit 27, and
// XCR0 bits 1 and 2): what blockAVX2 needs. hasAVX512 adds AVX-512F (bit
// 16) and AVX-512VL (bit 31) with the opmask and ZMM state enabled (XCR0
// bits 5 to 7): what blockAVX512 needs.
var hasAVX2, hasAVX512 = func() (bool, bool) {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false, false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	if ecx1&(1<<27) == 0 || ecx1&(1<<28) == 0 {
		return false, false
	}
	xcr0, _ := xgetbv0()
	_, ebx7, _, _ := cpuid(7, 0)
	avx2 := xcr0&6 == 6 && ebx7&(1<<5|1<<3|1<<8) == 1<<5|1<<3|1<<8
	avx512 := avx2 && xcr0&0xe6 == 0xe6 && ebx7&(1<<16|1<<31) == 1<<16|1<<31
	return avx2, avx512
}()

// kernel512 selects block512's implementation: 2 for blockAVX512, 1 for
// blockAVX2, 0 for portable Go. Tests change it to run each one.
var kernel512 = func() int {
	switch {
	case hasAVX512:
		return 2
	case hasAVX2:
		return 1
	}
	return 0
}()

// own512 selects this package's SHA-384/512 over the standard library's:
// its assembly is faster than the standard library's on long messages.
var own512 = hasAVX2

// block512 runs the SHA-512 compression function over every 128-byte
// block of p.
func block512(h *[8]uint64, p []byte) {
	switch kernel512 {
	case 2:
		blockAVX512(h, p)
	case 1:
		blockAVX2(h, p)
	default:
		blockGeneric512(h, p)
	}
}
