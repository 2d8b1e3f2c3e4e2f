//go:build amd64 && !purego

package crypto

import (
	"crypto/sha512"
	"math/rand/v2"
	"strconv"
	"testing"
)

// forEachKernel512 runs f once per SHA-512 block function of this
// package's assembly this machine can run (see kernels512), each forced in
// turn.
func forEachKernel512(t *testing.T, f func(t *testing.T)) {
	if !hasAVX2 {
		t.Skip("the CPU has no AVX2 and BMI2")
	}
	for _, k := range kernels512() {
		t.Run(k.name, func(t *testing.T) {
			defer k.use()()
			f(t)
		})
	}
}

// TestBlock512 checks every block function against the portable Go one
// on random states and blocks, odd and even block counts included (the
// assembly hashes blocks in pairs).
func TestBlock512(t *testing.T) {
	forEachKernel512(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(15, 16))
		for _, blocks := range []int{0, 1, 2, 3, 4, 5, 17} {
			t.Run(strconv.Itoa(blocks), func(t *testing.T) {
				p := make([]byte, 128*blocks+rng.IntN(128)) // a partial block is ignored
				for i := range p {
					p[i] = byte(rng.Uint32())
				}
				var h1, h2 [8]uint64
				for i := range h1 {
					h1[i] = rng.Uint64()
				}
				h2 = h1
				block512(&h1, p)
				blockGeneric512(&h2, p)
				if h1 != h2 {
					t.Errorf("got %x, portable %x", h1, h2)
				}
			})
		}
	})
}

// TestSum512Own checks the one-shot sums and the engine of every variant
// against the standard library for every length up to three blocks, so
// that each position of the padding is met.
func TestSum512Own(t *testing.T) {
	forEachKernel512(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(17, 18))
		variants := []struct {
			a   Algorithm
			iv  *[8]uint64
			k   *kernel[[8]uint64]
			std func([]byte) []byte
		}{
			{SHA512, &iv512, &kernelSHA512, func(p []byte) []byte { s := sha512.Sum512(p); return s[:] }},
			{SHA384, &iv384, &kernelSHA384, func(p []byte) []byte { s := sha512.Sum384(p); return s[:] }},
			{SHA512_256, &iv512_256, &kernelSHA512_256, func(p []byte) []byte { s := sha512.Sum512_256(p); return s[:] }},
		}
		for n := range 3*128 + 2 {
			p := make([]byte, n)
			for i := range p {
				p[i] = byte(rng.Uint32())
			}
			v := variants[n%3]
			size := v.a.Size()
			var out [64]byte
			sum512(v.iv, p, out[:size])
			if want := v.std(p); string(out[:size]) != string(want) {
				t.Fatalf("%v of %d bytes: got %x, want %x", v.a, n, out[:size], want)
			}
			if got, want := ownSum(v.k, p), v.std(p); string(got) != string(want) {
				t.Fatalf("%v engine, %d bytes: got %x, want %x", v.a, n, got, want)
			}
		}
	})
}

// BenchmarkBlock512 runs each assembly block function on 1 MiB beside the
// standard library's one-shot SHA-512 (whose padding block is 1/8192 of
// the work).
func BenchmarkBlock512(b *testing.B) {
	data := benchData(1 << 20)
	if !hasAVX2 {
		b.Skip("the CPU has no AVX2 and BMI2")
	}
	for _, k := range kernels512() {
		b.Run(k.name+"/1MiB", func(b *testing.B) {
			defer k.use()()
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var h [8]uint64
			for b.Loop() {
				block512(&h, data)
			}
		})
	}
	b.Run("stdlib/1MiB", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			_ = sha512.Sum512(data)
		}
	})
}
