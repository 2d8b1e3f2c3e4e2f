//go:build !purego

package unicode

// kernelLevels lists the instruction sets this machine can run, best first;
// setLevel switches the kernels to one of them and returns the undo.
func kernelLevels() []string {
	var l []string
	if hasAVX512 {
		l = append(l, "avx512")
	}
	if hasAVX2 {
		l = append(l, "avx2mixed", "avx2")
	}
	return append(l, "go")
}

func setLevel(level string) (undo func()) {
	a2, a2m, a512 := hasAVX2, useAVX2Mixed, useAVX512
	hasAVX2 = level == "avx512" || level == "avx2mixed" || level == "avx2"
	useAVX2Mixed = level == "avx512" || level == "avx2mixed"
	useAVX512 = level == "avx512"
	return func() { hasAVX2, useAVX2Mixed, useAVX512 = a2, a2m, a512 }
}
