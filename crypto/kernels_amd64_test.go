//go:build amd64 && !purego

package crypto

// kernel512Case is one implementation of an algorithm, with use forcing it
// until the returned function restores the default.
type kernel512Case struct {
	name string
	use  func() (restore func())
}

// force returns a use function that sets the selection flags.
func force(o1, o256, o512, avx512 bool) func() func() {
	return func() func() {
		old1, old256, old512, oldAVX512 := own1, own256, own512, useAVX512
		own1, own256, own512, useAVX512 = o1, o256, o512, avx512
		return func() { own1, own256, own512, useAVX512 = old1, old256, old512, oldAVX512 }
	}
}

// kernels512 lists the SHA-512 block functions of this package's assembly
// that this CPU can run.
func kernels512() []kernel512Case {
	var ks []kernel512Case
	if hasAVX2 {
		ks = append(ks, kernel512Case{"AVX2", force(own1, own256, true, false)})
	}
	if hasAVX512 {
		ks = append(ks, kernel512Case{"AVX-512", force(own1, own256, true, true)})
	}
	return ks
}

// kernelsFor lists every implementation of a this machine can run: the
// standard library's, and this package's assembly where the CPU has what it
// needs.
func kernelsFor(a Algorithm) []kernel512Case {
	ks := []kernel512Case{{"stdlib", force(false, false, false, false)}}
	if a.BlockSize() == 128 {
		return append(ks, kernels512()...)
	}
	if hasSHANI {
		ks = append(ks, kernel512Case{"SHA-NI", force(true, true, own512, useAVX512)})
	}
	return ks
}
