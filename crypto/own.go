//go:build amd64 && !purego

package crypto

// A kernel is one algorithm on this package's assembly: the algorithm and
// its initial hash value. The state's type selects the block function and
// the finishing step (padding, last blocks, digest).
type kernel[S state] struct {
	alg Algorithm
	iv  S
}

// state is the chaining value of SHA-1, SHA-224/256 and SHA-384/512.
type state interface {
	[5]uint32 | [8]uint32 | [8]uint64
}

var (
	kernelSHA1       = kernel[[5]uint32]{SHA1, iv1}
	kernelSHA224     = kernel[[8]uint32]{SHA224, iv224}
	kernelSHA256     = kernel[[8]uint32]{SHA256, iv256}
	kernelSHA384     = kernel[[8]uint64]{SHA384, iv384}
	kernelSHA512     = kernel[[8]uint64]{SHA512, iv512}
	kernelSHA512_256 = kernel[[8]uint64]{SHA512_256, iv512_256}
)

// blockOf runs the compression function of h's algorithm over every
// block of p. A type switch rather than a function value in the kernel:
// the compiler then sees that h does not escape.
func blockOf[S state](h *S, p []byte) {
	switch h := any(h).(type) {
	case *[5]uint32:
		block1(h, p)
	case *[8]uint32:
		block256(h, p)
	case *[8]uint64:
		block512(h, p)
	}
}

// finishOf is blockOf for the finishing step.
func finishOf[S state](h *S, tail []byte, total uint64, out []byte) {
	switch h := any(h).(type) {
	case *[5]uint32:
		finish1(h, tail, total, out)
	case *[8]uint32:
		finish256(h, tail, total, out)
	case *[8]uint64:
		finish512(h, tail, total, out)
	}
}

// ownEngine is an engine on a kernel. HMAC keeps the states after the two
// pad blocks, so a new message under the same key costs no key schedule.
type ownEngine[S state] struct {
	k           *kernel[S]
	h           S      // the running state
	start, opad S      // the state at reset, and HMAC's outer state
	n, base     uint64 // bytes hashed into h and into start
	mac         bool
}

func newOwnEngine[S state](k *kernel[S]) *ownEngine[S] {
	return &ownEngine[S]{k: k, h: k.iv, start: k.iv}
}

func (e *ownEngine[S]) setKey(key []byte) {
	var pad [maxBlockSize]byte
	e.start, e.opad = e.k.iv, e.k.iv
	blockOf(&e.start, hmacPad(e.k.alg, key, &pad, 0x36))
	blockOf(&e.opad, hmacPad(e.k.alg, key, &pad, 0x5c))
	clear(pad[:])
	e.base, e.mac = uint64(e.k.alg.BlockSize()), true
	e.reset()
}

func (e *ownEngine[S]) reset() { e.h, e.n = e.start, e.base }

func (e *ownEngine[S]) blocks(p []byte) {
	blockOf(&e.h, p)
	e.n += uint64(len(p))
}

func (e *ownEngine[S]) sum(tail, out []byte) {
	st := e.h
	total := e.n + uint64(len(tail))
	if n := len(tail) - len(tail)%e.k.alg.BlockSize(); n > 0 {
		blockOf(&st, tail[:n])
		tail = tail[n:]
	}
	finishOf(&st, tail, total, out)
	if e.mac {
		st = e.opad
		finishOf(&st, out, e.base+uint64(len(out)), out)
	}
}
