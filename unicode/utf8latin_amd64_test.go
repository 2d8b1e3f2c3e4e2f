//go:build !purego

package unicode

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// The AVX-512 and AVX2 UTF-8 decoders take 64-byte blocks of ASCII and
// two-byte characters whole (the Latin paths). These tests put two-byte
// characters and ill-formed bytes at every position of such blocks, and at
// their edges, and compare every kernel level with the generic
// rune-by-rune kernel under both policies; a level named with "-nolatin"
// is that kernel with its Latin path switched off.

// latinLevels returns the kernel levels of the machine, with the AVX-512
// and AVX2 mixed-text kernels both with and without their Latin paths.
func latinLevels() []string {
	var l []string
	for _, level := range kernelLevels() {
		l = append(l, level)
		if level == "avx512" || level == "avx2mixed" {
			l = append(l, level+"-nolatin")
		}
	}
	return l
}

func setLatinLevel(level string) (undo func()) {
	latin := useLatin
	base, off := strings.CutSuffix(level, "-nolatin")
	undoLevel := setLevel(base)
	useLatin = !off
	return func() { useLatin = latin; undoLevel() }
}

// latinText returns n bytes or a little more of ASCII and two-byte
// characters, a two-byte one with probability p in 100 per character
// (boundary values U+0080 and U+07FF among them).
func latinText(rng *rand.Rand, n, p int) []byte {
	var b []byte
	for len(b) < n {
		if rng.IntN(100) < p {
			r := []rune{0x80, 0x7FF, 0xE9, 0xFC, 0x153, 0x142, 0x410}[rng.IntN(7)]
			if rng.IntN(2) == 0 {
				r = 0x80 + rng.Int32N(0x780)
			}
			b = append(b, 0xC0|byte(r>>6), 0x80|byte(r&0x3F))
		} else {
			b = append(b, byte(rng.IntN(0x80)))
		}
	}
	return b
}

// checkLatin converts src at the current level with the kernel directly
// and through run under both policies into UTF-16LE and UTF-32LE, and
// fails unless everything agrees with the generic kernel and the vector
// kernel takes all it should.
func checkLatin(t *testing.T, name string, src []byte) {
	t.Helper()
	at := firstInvalid(src)
	for _, unit := range []int{2, 4} {
		for _, room := range []int{unit*len(src) + 128, 128 + len(src), 129} {
			dst := make([]byte, room)
			nd, ns := utf8MixedRun(dst, src, unit)
			checkPrefix(t, unit, src, dst, ns, nd)
			if ns > at {
				t.Fatalf("%s, unit %d: the vector kernel went past the ill-formed byte at %d (took %d) of %q", name, unit, at, ns, src)
			}
			if useAVX512 && room > unit*len(src) && ns < at-64 {
				t.Fatalf("%s, unit %d: the vector kernel stopped at %d, ill-formed byte at %d of %d", name, unit, ns, at, len(src))
			}
			// The AVX2 kernel needs 80 bytes left, and converts up to 12
			// bytes before an error.
			if !useAVX512 && useAVX2Mixed && room >= unit*len(src)+128 && ns < min(at-12, len(src)-80)-64 {
				t.Fatalf("%s, unit %d: the AVX2 kernel stopped at %d, ill-formed byte at %d of %d", name, unit, ns, at, len(src))
			}
		}
	}
	for _, to := range []Encoding{UTF16LE, UTF32LE, UTF16BE} {
		k := kernelFor(UTF8, to)
		for _, strict := range []bool{false, true} {
			want := make([]byte, 4*len(src)+16)
			wd, ws, wst := generic(UTF8, to, want, src, true, strict)
			got := make([]byte, 4*len(src)+16)
			gd, gs, gst := run(k, UTF8, to, got, src, true, strict)
			if gd != wd || gs != ws || gst != wst || !bytes.Equal(got[:gd], want[:wd]) {
				t.Fatalf("%s: UTF-8 → %v strict=%v of %q: (%d, %d, %d), generic (%d, %d, %d)", name, to, strict, src, gd, gs, gst, wd, ws, wst)
			}
			if strict {
				c, _ := New(UTF8, to, Options{Strict: true})
				_, err := c.Append(nil, src)
				var e *Error
				switch wst {
				case stInvalid:
					if !errors.As(err, &e) || !errors.Is(err, ErrInvalid) || e.Offset != int64(ws) {
						t.Fatalf("%s: UTF-8 → %v strict: %v, want ErrInvalid at offset %d", name, to, err, ws)
					}
				case stTruncated:
					if !errors.As(err, &e) || !errors.Is(err, ErrTruncated) || e.Offset != int64(ws) {
						t.Fatalf("%s: UTF-8 → %v strict: %v, want ErrTruncated at offset %d", name, to, err, ws)
					}
				default:
					if err != nil {
						t.Fatalf("%s: UTF-8 → %v strict: %v on well-formed text", name, to, err)
					}
				}
			}
			// Short destinations end with a prefix of the same output.
			for _, room := range []int{wd / 2, wd/3 + 1, 130, 200} {
				room = min(room, wd)
				short := make([]byte, room)
				d, _, _ := run(k, UTF8, to, short, src, true, strict)
				if !bytes.Equal(short[:d], want[:d]) {
					t.Fatalf("%s: UTF-8 → %v strict=%v into %d bytes: the prefix differs", name, to, strict, room)
				}
			}
		}
	}
}

// TestUTF8LatinPositions puts one two-byte character at every position of
// ASCII text, one ASCII byte at every position of two-byte text (so that
// the characters sit at odd and even offsets), and a pair of adjacent
// two-byte characters everywhere, across the first two 64-byte blocks and
// their edges.
func TestUTF8LatinPositions(t *testing.T) {
	for _, level := range latinLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLatinLevel(level)()
			for _, size := range []int{64, 65, 127, 128, 129, 200} {
				for pos := 0; pos+2 <= size; pos++ {
					ascii := strings.Repeat("x", pos) + "é" + strings.Repeat("y", size-pos-2)
					checkLatin(t, fmt.Sprintf("é at %d of %d", pos, size), []byte(ascii))
					if pos+4 <= size {
						two := strings.Repeat("z", pos) + "\u07FF\u0080" + strings.Repeat("w", size-pos-4)
						checkLatin(t, fmt.Sprintf("U+07FF U+0080 at %d of %d", pos, size), []byte(two))
					}
					latin := strings.Repeat("ü", pos/2) + "a" + strings.Repeat("ñ", (size-pos)/2)
					checkLatin(t, fmt.Sprintf("a at %d of two-byte text", pos), []byte(latin))
				}
			}
		})
	}
}

// TestUTF8LatinMixes converts random ASCII and two-byte text of every
// density of two-byte characters, from none to all.
func TestUTF8LatinMixes(t *testing.T) {
	for _, level := range latinLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLatinLevel(level)()
			rng := rand.New(rand.NewPCG(12, 7))
			for p := 0; p <= 100; p += 4 {
				for i := 0; i < 12; i++ {
					src := latinText(rng, 60+rng.IntN(500), p)
					checkLatin(t, fmt.Sprintf("%d%% two-byte", p), src)
				}
			}
		})
	}
}

// latinBad are the ill-formed (or, for the Latin path, foreign) sequences
// put into Latin text: overlong two-byte forms (C0, C1 leads), stray
// continuation bytes, a lead followed by ASCII or by another lead, bytes
// that never occur, and well-formed three- and four-byte characters, which
// the block must leave to the general path.
var latinBad = []string{
	"\xC0\x80", "\xC0\xAF", "\xC1\xBF", "\x80", "\xBF", "\xC3\xA9\x80", "\xC3a", "\xC3\xC3\xA9",
	"\xDF", "\xC2", "\xE0", "\xE9\x80", "\xF5\x80", "\xFF", "\xFE", "\xF8\x88\x80\x80",
	"世", "🚄", "\xED\xA0\x80", "\xE0\x9F\xBF",
}

// TestUTF8LatinBad puts each of latinBad at every position of Latin text
// (ASCII with two-byte characters, and two-byte text), across the first
// two blocks, and a lead byte as the last byte of the input (truncated) at
// block edges.
func TestUTF8LatinBad(t *testing.T) {
	for _, level := range latinLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLatinLevel(level)()
			bases := []string{
				strings.Repeat("Ça va? Größe, niño. ", 8),
				strings.Repeat("éü", 40),
				strings.Repeat("x", 150),
			}
			for _, base := range bases {
				for _, bad := range latinBad {
					for pos := 0; pos <= 140 && pos <= len(base); pos++ {
						src := []byte(base[:pos] + bad + base[pos:])
						checkLatin(t, fmt.Sprintf("%q at %d of %q", bad, pos, base[:10]), src)
					}
				}
			}
			for _, size := range []int{63, 64, 65, 66, 127, 128, 129} {
				for _, lead := range []string{"\xC3", "\xDF", "\xC2", "\xC0", "\xE4\xB8"} {
					src := []byte(strings.Repeat("é", size/2) + strings.Repeat("a", size%2) + lead)
					checkLatin(t, fmt.Sprintf("%q at the end of %d bytes", lead, size), src)
					src = []byte(strings.Repeat("b", size) + lead)
					checkLatin(t, fmt.Sprintf("%q at the end of %d ASCII bytes", lead, size), src)
				}
			}
		})
	}
}

// TestUTF8LatinStream checks that the Writer and the Reader give the same
// bytes as Append on Latin text whatever the chunk size, with characters
// cut at block edges.
func TestUTF8LatinStream(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	src := latinText(rng, 5000, 12)
	for _, level := range latinLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLatinLevel(level)()
			for _, to := range []Encoding{UTF16LE, UTF32LE} {
				c, _ := New(UTF8, to, Options{})
				want, err := c.Append(nil, src)
				if err != nil {
					t.Fatal(err)
				}
				for _, chunk := range []int{1, 63, 64, 65, 127, 1000} {
					if got := streamWrite(t, c, src, chunk); !bytes.Equal(got, want) {
						t.Fatalf("UTF-8 → %v, Writer with %d-byte writes: differs from Append", to, chunk)
					}
				}
				for _, m := range []int{1, 64, 65, 1000} {
					if got := streamRead(t, c, src, m); !bytes.Equal(got, want) {
						t.Fatalf("UTF-8 → %v, Reader over %d-byte reads: differs from Append", to, m)
					}
				}
			}
		})
	}
}
