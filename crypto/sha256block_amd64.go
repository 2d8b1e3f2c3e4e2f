//go:build amd64 && !purego

package crypto

//go:noescape
func blockSHANI(h *[8]uint32, p []byte)

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

// hasSHANI reports the SHA extensions (CPUID.7.0:EBX bit 29) with SSSE3
// (CPUID.1:ECX bit 9) and SSE4.1 (bit 19), which the block function uses.
var hasSHANI = func() bool {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	_, ebx7, _, _ := cpuid(7, 0)
	return ecx1&(1<<9) != 0 && ecx1&(1<<19) != 0 && ebx7&(1<<29) != 0
}()

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
