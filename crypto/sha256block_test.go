//go:build amd64 && !purego

package crypto

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// ownSum hashes p on an engine of kernel k: its whole blocks in two calls
// (a split at a block boundary), the rest as the tail of sum.
func ownSum[S state](k *kernel[S], p []byte) []byte {
	e := newOwnEngine(k)
	bs := k.alg.BlockSize()
	whole := len(p) - len(p)%bs
	half := whole / 2 / bs * bs
	e.blocks(p[:half])
	e.blocks(p[half:whole])
	out := make([]byte, k.alg.Size())
	e.sum(p[whole:], out)
	return out
}

// TestBlock256 checks the SHA-NI assembly against the portable Go
// reference on random states.
func TestBlock256(t *testing.T) {
	if !hasSHANI {
		t.Skip("the CPU has no SHA extensions")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, blocks := range []int{0, 1, 2, 3, 17} {
		t.Run(strconv.Itoa(blocks), func(t *testing.T) {
			p := make([]byte, 64*blocks)
			for i := range p {
				p[i] = byte(rng.Uint32())
			}
			var h1, h2 [8]uint32
			for i := range h1 {
				h1[i] = rng.Uint32()
			}
			h2 = h1
			block256(&h1, p)
			blockGeneric256(&h2, p)
			if h1 != h2 {
				t.Errorf("SHA-NI: got %x, portable %x", h1, h2)
			}
		})
	}
}

func TestSum256Own(t *testing.T) {
	if !hasSHANI {
		t.Skip("the CPU has no SHA extensions")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for n := range 300 {
		p := make([]byte, n)
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		var out [32]byte
		sum256(&iv256, p, out[:])
		if want := stdSum(SHA256, p); string(out[:]) != string(want) {
			t.Fatalf("SHA-256 of %d bytes: got %x, want %x", n, out, want)
		}
		sum256(&iv224, p, out[:28])
		if want := stdSum(SHA224, p); string(out[:28]) != string(want) {
			t.Fatalf("SHA-224 of %d bytes: got %x, want %x", n, out[:28], want)
		}
		a, k := SHA256, &kernelSHA256
		if n%2 == 0 {
			a, k = SHA224, &kernelSHA224
		}
		if got, want := ownSum(k, p), stdSum(a, p); string(got) != string(want) {
			t.Fatalf("%v engine, %d bytes: got %x, want %x", a, n, got, want)
		}
	}
}

func TestBlock1(t *testing.T) {
	if !hasSHANI {
		t.Skip("the CPU has no SHA extensions")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for _, blocks := range []int{0, 1, 2, 5} {
		p := make([]byte, 64*blocks)
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		var h1 [5]uint32
		for i := range h1 {
			h1[i] = rng.Uint32()
		}
		h2 := h1
		block1(&h1, p)
		blockGeneric1(&h2, p)
		if h1 != h2 {
			t.Errorf("%d blocks: SHA-NI: got %x, portable %x", blocks, h1, h2)
		}
	}
	for n := range 300 {
		p := make([]byte, n)
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		var got [20]byte
		if sum1(p, &got); string(got[:]) != string(stdSum(SHA1, p)) {
			t.Fatalf("SHA-1 of %d bytes: got %x, want %x", n, got, stdSum(SHA1, p))
		}
		if got, want := ownSum(&kernelSHA1, p), stdSum(SHA1, p); string(got) != string(want) {
			t.Fatalf("SHA-1 engine, %d bytes: got %x, want %x", n, got, want)
		}
	}
}
