//go:build !amd64 || purego

package deflate

// useAsm is false: there is no assembly loop in this build.
var useAsm = false

// greedyFast is greedyGeneric in this build.
func (e *Encoder) greedyFast(buf []byte, p, last int) int { return e.greedyGeneric(buf, p, last) }
