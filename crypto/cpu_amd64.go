//go:build amd64 && !purego

package crypto

import (
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"

	"golang.org/x/sys/cpu"
)

// cpuid7EBX returns EBX of CPUID leaf 7, subleaf 0 (the structured
// extended features), or 0 when the CPU has no leaf 7 (cpu_amd64.s).
func cpuid7EBX() uint32

// The CPU features the assembly needs. Every flag comes from
// golang.org/x/sys/cpu, which also checks that the operating system saves
// the vector registers (XCR0), except the SHA extensions: its X86 struct
// has no flag for them, so hasSHANI reads their CPUID bit (leaf 7, EBX bit
// 29) itself. They use no register state beyond SSE's.
var (
	hasSHANI    = cpu.X86.HasSSSE3 && cpu.X86.HasSSE41 && cpuid7EBX()&(1<<29) != 0
	hasAVX2     = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	hasAVX512   = hasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL
	hasAVX512BW = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW
)

// own1, own256 and own512 select this package's assembly over the standard
// library for SHA-1, SHA-224/256 and SHA-384/512/512-256: on x86-64 with
// the SHA extensions (SHA-1, SHA-256) and with AVX2 and BMI2 (SHA-512) it
// is faster on short messages and as fast on long ones (BenchmarkImplAB).
// Without those features the standard library's own assembly serves.
// Tests turn them off to run the standard library's engines here.
var (
	own1   = hasSHANI
	own256 = hasSHANI
	own512 = hasAVX2
)

//go:noescape
func blockSHANI(h *[8]uint32, p []byte)

//go:noescape
func blockSHA1NI(h *[5]uint32, p []byte)

//go:noescape
func blockAVX2(h *[8]uint64, p []byte)

//go:noescape
func blockAVX512(h *[8]uint64, p []byte)

// useAVX512 selects blockAVX512 over blockAVX2 for SHA-512; tests turn it
// off to run blockAVX2 on a CPU that has both.
var useAVX512 = hasAVX512

// block256 runs the SHA-256 compression function over every 64-byte block
// of p; only called when own256.
func block256(h *[8]uint32, p []byte) { blockSHANI(h, p) }

// block1 runs the SHA-1 compression function over every 64-byte block of
// p; only called when own1.
func block1(h *[5]uint32, p []byte) { blockSHA1NI(h, p) }

// block512 runs the SHA-512 compression function over every 128-byte
// block of p; only called when own512.
func block512(h *[8]uint64, p []byte) {
	if useAVX512 {
		blockAVX512(h, p)
		return
	}
	blockAVX2(h, p)
}

// newEngine returns a fresh engine for a, which must be valid: this
// package's where it selects its own assembly, the standard library's
// otherwise.
func newEngine(a Algorithm) engine {
	switch a {
	case SHA1:
		if own1 {
			return newOwnEngine(&kernelSHA1)
		}
	case SHA224:
		if own256 {
			return newOwnEngine(&kernelSHA224)
		}
	case SHA256:
		if own256 {
			return newOwnEngine(&kernelSHA256)
		}
	case SHA384:
		if own512 {
			return newOwnEngine(&kernelSHA384)
		}
	case SHA512:
		if own512 {
			return newOwnEngine(&kernelSHA512)
		}
	case SHA512_256:
		if own512 {
			return newOwnEngine(&kernelSHA512_256)
		}
	}
	return newStdEngine(a)
}

// The one-shot sums: this package's assembly where it is selected, the
// standard library's otherwise.

func sumSHA1(p []byte, out *[20]byte) {
	if own1 {
		sum1(p, out)
		return
	}
	*out = sha1.Sum(p)
}

func sumSHA256(p []byte, out *[32]byte) {
	if own256 {
		sum256(&iv256, p, out[:])
		return
	}
	*out = sha256.Sum256(p)
}

func sumSHA224(p []byte, out *[28]byte) {
	if own256 {
		sum256(&iv224, p, out[:])
		return
	}
	*out = sha256.Sum224(p)
}

func sumSHA512(p []byte, out *[64]byte) {
	if own512 {
		sum512(&iv512, p, out[:])
		return
	}
	*out = sha512.Sum512(p)
}

func sumSHA384(p []byte, out *[48]byte) {
	if own512 {
		sum512(&iv384, p, out[:])
		return
	}
	*out = sha512.Sum384(p)
}

func sumSHA512_256(p []byte, out *[32]byte) {
	if own512 {
		sum512(&iv512_256, p, out[:])
		return
	}
	*out = sha512.Sum512_256(p)
}
