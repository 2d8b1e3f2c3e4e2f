//go:build !amd64 || purego

package crypto

// kernel512Case is one SHA-512 block function, with use forcing it until
// the returned function restores the default.
type kernel512Case struct {
	name string
	use  func() (restore func())
}

// kernels512 lists the block functions: only the portable one here.
func kernels512() []kernel512Case {
	return []kernel512Case{{"generic", func() func() { return func() {} }}}
}
