//go:build amd64 && !purego

package crypto

import "github.com/klauspost/cpuid/v2"

//go:noescape
func blockSHANI(h *[8]uint32, p []byte)

// hasSHANI reports the SHA extensions with SSSE3 and SSE4.1, which the
// block function uses. Every other CPU feature in fastio comes from
// golang.org/x/sys/cpu, which does not report the SHA extensions on x86
// (its X86 struct has no such flag); klauspost/cpuid does, and it is
// linked already, as sha256-simd's own detector.
var hasSHANI = cpuid.CPU.Supports(cpuid.SHA, cpuid.SSSE3, cpuid.SSE4)

// own256 selects this package's SHA-224/256 (sha256.go) over sha256-simd
// and the standard library: on x86-64 with the SHA extensions it is as
// fast on long messages and faster on short ones.
var own256 = hasSHANI

// block256 runs the SHA-256 compression function over every 64-byte block
// of p.
func block256(h *[8]uint32, p []byte) {
	if hasSHANI {
		blockSHANI(h, p)
		return
	}
	blockGeneric256(h, p)
}

//go:noescape
func blockSHA1NI(h *[5]uint32, p []byte)

// block1 runs the SHA-1 compression function over every 64-byte block of
// p.
func block1(h *[5]uint32, p []byte) {
	if hasSHANI {
		blockSHA1NI(h, p)
		return
	}
	blockGeneric1(h, p)
}
