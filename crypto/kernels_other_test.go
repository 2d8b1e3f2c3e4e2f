//go:build !amd64 || purego

package crypto

// kernel512Case is one implementation of an algorithm, with use forcing it
// until the returned function restores the default.
type kernel512Case struct {
	name string
	use  func() (restore func())
}

// kernelsFor lists every implementation of a this machine can run: here
// only the standard library's.
func kernelsFor(a Algorithm) []kernel512Case {
	return []kernel512Case{{"stdlib", func() func() { return func() {} }}}
}
