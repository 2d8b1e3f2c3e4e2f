//go:build amd64 && !purego

package crypto

import "golang.org/x/sys/cpu"

//go:noescape
func blockAVX2(h *[8]uint64, p []byte)

//go:noescape
func blockAVX512(h *[8]uint64, p []byte)

// hasAVX2 reports AVX2, BMI1 and BMI2 with the AVX state enabled by the
// operating system: what blockAVX2 needs. hasAVX512 adds AVX-512F and
// AVX-512VL with the opmask and ZMM state enabled: what blockAVX512 needs.
// golang.org/x/sys/cpu checks the operating system's support (XCR0) with
// each feature.
var (
	hasAVX2   = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	hasAVX512 = hasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL
)

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

// own512 selects this package's SHA-384/512 over the standard library's
// where the CPU has AVX2 (BenchmarkSHA512CPU compares the two).
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
