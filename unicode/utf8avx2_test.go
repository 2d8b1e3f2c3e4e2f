//go:build !purego && amd64

package unicode

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// These tests call the AVX2 mixed-text UTF-8 decoder (utf8avx2_amd64.s)
// directly, on machines with AVX2.

func skipNoAVX2(t *testing.T) {
	t.Helper()
	if !hasAVX2 {
		t.Skip("the CPU has no AVX2")
	}
}

// avx2Run calls the kernel alone, as utf8MixedRun does without AVX-512.
func avx2Run(dst, src []byte, unit int) (nd, ns int) {
	defer setLevel("avx2mixed")()
	return utf8MixedRun(dst, src, unit)
}

// noLongRuns returns n random characters of every UTF-8 length with never
// 8 of 3 bytes or 8 of 4 bytes in a row (which the kernel leaves to the
// run kernels).
func noLongRuns(rng *rand.Rand, n int) []byte {
	var b []byte
	run, last := 0, 0
	for i := 0; i < n; i++ {
		pool := rng.IntN(4)
		if pool == last && pool >= 2 && run == 7 {
			pool = 0
		}
		if pool == last {
			run++
		} else {
			run, last = 1, pool
		}
		r := mixedPools[pool][rng.IntN(len(mixedPools[pool]))]
		b = utf8.AppendRune(b, r)
	}
	return b
}

// TestUTF8AVX2Progress checks that the kernel converts well-formed mixed
// text up to its last 80 bytes (its load limit) when the destination has
// room, and exactly as the standard library does.
func TestUTF8AVX2Progress(t *testing.T) {
	skipNoAVX2(t)
	rng := rand.New(rand.NewPCG(6, 2))
	for i := 0; i < 300; i++ {
		src := noLongRuns(rng, 30+rng.IntN(500))
		for _, unit := range []int{2, 4} {
			dst := make([]byte, unit*len(src)+128)
			nd, ns := avx2Run(dst, src, unit)
			checkPrefix(t, unit, src, dst, ns, nd)
			if len(src) >= 80 && ns <= len(src)-80 {
				t.Fatalf("unit %d: kernel stopped at %d of %d well-formed bytes", unit, ns, len(src))
			}
		}
	}
}

// TestUTF8AVX2Validator puts every pair of bytes from 0x80, and every lead
// byte with every second byte and boundary values of the third and fourth,
// at every offset of a 64-byte block in mixed text; the kernel must stop
// before the first ill-formed sequence and convert what it takes exactly.
func TestUTF8AVX2Validator(t *testing.T) {
	skipNoAVX2(t)
	head := []byte("aé世🚄bcdefghijklmnopqrstuvwxyzéèê世界🚄ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
	tail := bytes.Repeat([]byte("zé世"), 40)
	var cases [][]byte
	for b0 := 0x80; b0 <= 0xFF; b0++ {
		for b1 := 0; b1 <= 0xFF; b1++ {
			cases = append(cases, []byte{byte(b0), byte(b1)})
			if b0 >= 0xE0 && b0 <= 0xF7 && (b1 == 0x7F || b1 >= 0x80 && b1 <= 0xC0 && b1%8 == 7 || b1 == 0x80 || b1 == 0x90 || b1 == 0xA0) {
				for _, b2 := range []byte{0x41, 0x80, 0xBF, 0xC0} {
					cases = append(cases, []byte{byte(b0), byte(b1), b2})
					for _, b3 := range []byte{0x41, 0x80, 0xBF, 0xC0} {
						cases = append(cases, []byte{byte(b0), byte(b1), b2, b3})
					}
				}
			}
		}
	}
	src := make([]byte, 0, 256)
	for i, c := range cases {
		// Offsets 0-63 in turn: across the two halves and the ends of the block.
		cut := i % 64
		for !utf8.RuneStart(head[cut]) {
			cut--
		}
		src = append(append(append(src[:0], head[:cut]...), c...), tail...)
		at := firstInvalid(src)
		for _, unit := range []int{2, 4} {
			dst := make([]byte, unit*len(src)+128)
			nd, ns := avx2Run(dst, src, unit)
			checkPrefix(t, unit, src, dst, ns, nd)
			if ns > at {
				t.Fatalf("unit %d: % x at %d: kernel took %d bytes, past the error at %d", unit, c, cut, ns, at)
			}
		}
	}
}

// TestUTF8AVX2Bounds checks that the kernel writes nothing past the end of
// its destination, for every destination size around its limits.
func TestUTF8AVX2Bounds(t *testing.T) {
	skipNoAVX2(t)
	rng := rand.New(rand.NewPCG(1, 1))
	src := noLongRuns(rng, 200)
	src = append(bytes.Repeat([]byte("ascii text "), 8), src...)
	for _, unit := range []int{2, 4} {
		for room := 0; room < unit*len(src)+64; room += 1 + room/64 {
			buf := bytes.Repeat([]byte{0xA5}, room+256)
			nd, ns := avx2Run(buf[:room:room], src, unit)
			checkPrefix(t, unit, src, buf, ns, nd)
			for i := room; i < len(buf); i++ {
				if buf[i] != 0xA5 {
					t.Fatalf("unit %d, room %d: byte %d past the end written", unit, room, i)
				}
			}
		}
	}
}

// TestUTF8WinLayout checks the table offsets and the shuffle numbers the
// assembly uses.
func TestUTF8WinLayout(t *testing.T) {
	var w utf8WinTables
	got := [4]uintptr{unsafe.Offsetof(w.index), unsafe.Offsetof(w.shuf), unsafe.Offsetof(w.pairs), unsafe.Offsetof(w.pairLen)}
	if got != [4]uintptr{0, 8192, 11536, 11664} {
		t.Fatalf("offsets %v, the assembly expects 0, 8192, 11536, 11664", got)
	}
	// The assembly takes the shuffles of these two masks without the
	// lookup: 4 characters of 3 bytes (shuffle 144), 6 of 2 (shuffle 63).
	if u8win.index[0x924] != 144|12<<8 || u8win.index[0xAAA] != 63|12<<8 {
		t.Fatalf("index[0x924] = %#x, index[0xAAA] = %#x; the assembly expects 0xc90 and 0xc3f", u8win.index[0x924], u8win.index[0xAAA])
	}
}
