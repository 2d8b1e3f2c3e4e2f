//go:build !amd64 || purego

package deflate

// useAsm is false: there is no assembly loop in this build.
var useAsm = false

// greedyFast is greedyGeneric in this build.
func (e *Encoder) greedyFast(buf []byte, p, last int) int { return e.greedyGeneric(buf, p, last) }

// tokensFast is tokensGeneric in this build.
func (e *Encoder) tokensFast(out []byte, o int, bb uint64, nb uint, lit, lens *[256]uint32, dists *[numDist]uint32) (int, uint64, uint) {
	return e.tokensGeneric(out, o, bb, nb, lit, lens, dists)
}
