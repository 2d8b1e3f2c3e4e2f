//go:build amd64 && !purego

package crypto

// kernel512Case is one SHA-512 block function, with use forcing it until
// the returned function restores the default.
type kernel512Case struct {
	name string
	use  func() (restore func())
}

// kernels512 lists the block functions this CPU can run.
func kernels512() []kernel512Case {
	force := func(k int) func() func() {
		return func() func() {
			old := kernel512
			kernel512 = k
			return func() { kernel512 = old }
		}
	}
	ks := []kernel512Case{{"generic", force(0)}}
	if hasAVX2 {
		ks = append(ks, kernel512Case{"AVX2", force(1)})
	}
	if hasAVX512 {
		ks = append(ks, kernel512Case{"AVX-512", force(2)})
	}
	return ks
}
