package unicode

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// The UTF-8 decoders into UTF-16 and UTF-32 have a vector kernel for text
// of mixed UTF-8 lengths (AVX-512 on amd64). These tests run on long input
// (the kernel needs 64 bytes) and at every kernel level the machine has.

// mixedPools are the characters random text is drawn from: by UTF-8
// length, with the boundary values of each length.
var mixedPools = [][]rune{
	{'a', ' ', 0, 0x7F, '.', 'Z'},
	{0x80, 0xE9, 0x411, 0x7FF, 0x5D0},
	{0x800, 0x4E16, 0x3002, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF},
	{0x10000, 0x1F684, 0x1F600, 0x10FFFF, 0x2A6D6},
}

// badSequences are ill-formed UTF-8: overlong forms, surrogates, values
// above U+10FFFF, bytes that never occur, lone and extra continuation
// bytes, truncated sequences.
var badSequences = []string{
	"\xC0\x80", "\xC1\xBF", "\xE0\x80\x80", "\xE0\x9F\xBF", "\xF0\x80\x80\x80", "\xF0\x8F\xBF\xBF",
	"\xED\xA0\x80", "\xED\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xF7\xBF\xBF\xBF",
	"\xF8\x88\x80\x80", "\xFC\x84\x80\x80", "\xFE", "\xFF", "\x80", "\xBF", "\xC3\xA9\x80",
	"\xE4\xB8", "\xF0\x9F\x9A", "\xC3", "\xE4\xB8\x96\x96", "\xF0\x9F\x9A\x84\x84",
}

// mixedText returns n characters drawn by style: 0 any length, 1 mostly
// 4-byte, 2 mostly 3-byte, 3 mostly ASCII with runs of every length, and
// with probability bad in 1000 per character an ill-formed sequence.
func mixedText(rng *rand.Rand, n, style, bad int) []byte {
	var b []byte
	for i := 0; i < n; i++ {
		if bad > 0 && rng.IntN(1000) < bad {
			b = append(b, badSequences[rng.IntN(len(badSequences))]...)
			continue
		}
		pool := rng.IntN(4)
		switch {
		case style == 1 && rng.IntN(20) != 0:
			pool = 3
		case style == 2 && rng.IntN(20) != 0:
			pool = 2
		case style == 3 && rng.IntN(10) != 0:
			pool = 0
		}
		var r rune
		if rng.IntN(3) == 0 {
			r = mixedPools[pool][rng.IntN(len(mixedPools[pool]))]
		} else {
			lo := []rune{0, 0x80, 0x800, 0x10000}[pool]
			hi := []rune{0x80, 0x800, 0x10000, 0x110000}[pool]
			r = lo + rng.Int32N(hi-lo)
			if r >= 0xD800 && r < 0xE000 {
				r -= 0x800
			}
		}
		b = utf8.AppendRune(b, r)
	}
	return b
}

// checkPrefix fails unless src[:ns] is well-formed UTF-8 ending at a
// character boundary and dst[:nd] is its conversion by the standard library.
func checkPrefix(t *testing.T, unit int, src, dst []byte, ns, nd int) {
	t.Helper()
	if ns < 0 || ns > len(src) || nd < 0 || nd > len(dst) || !utf8.Valid(src[:ns]) {
		t.Fatalf("unit %d: kernel took %d of %d source bytes, %d of %d destination bytes: not a well-formed prefix", unit, ns, len(src), nd, len(dst))
	}
	runes := []rune(string(src[:ns]))
	var want []byte
	if unit == 2 {
		for _, u := range utf16.Encode(runes) {
			want = append(want, byte(u), byte(u>>8))
		}
	} else {
		for _, r := range runes {
			want = append(want, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
		}
	}
	if !bytes.Equal(dst[:nd], want) {
		t.Fatalf("unit %d: output for the first %d bytes (%q…) differs from the standard library", unit, ns, src[:min(ns, 40)])
	}
}

// firstInvalid returns the offset of the first ill-formed sequence in p,
// or len(p).
func firstInvalid(p []byte) int {
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(p)
}

// TestUTF8MixedRun calls the vector kernel directly: it must convert a
// well-formed prefix exactly as the standard library does, stop before the
// first ill-formed sequence, and (where the machine has it) take all but
// the last 64 bytes of well-formed text when the destination has room.
func TestUTF8MixedRun(t *testing.T) {
	for _, level := range kernelLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLevel(level)()
			testUTF8MixedRun(t)
		})
	}
}

func testUTF8MixedRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	for style := 0; style < 4; style++ {
		for _, bad := range []int{0, 5, 50} {
			for i := 0; i < 300; i++ {
				src := mixedText(rng, 20+rng.IntN(400), style, bad)
				firstBad := firstInvalid(src)
				for _, unit := range []int{2, 4} {
					for _, room := range []int{unit*len(src) + 128, 128 + rng.IntN(200), 100} {
						dst := make([]byte, room)
						nd, ns := utf8MixedRun(dst, src, unit)
						checkPrefix(t, unit, src, dst, ns, nd)
						if ns > firstBad {
							t.Fatalf("unit %d: kernel went past the ill-formed sequence at %d (took %d): %q", unit, firstBad, ns, src)
						}
						if useAVX512 && room > unit*len(src) && firstBad == len(src) && len(src) >= 64 && ns <= len(src)-64 {
							t.Fatalf("unit %d style %d: kernel stopped at %d of %d well-formed bytes", unit, style, ns, len(src))
						}
					}
				}
			}
		}
	}
}

// TestUTF8MixedPatterns puts each ill-formed sequence at every character
// position of windows the kernel takes whole (16 4-byte characters, 16
// 3-byte ones, mixed) and checks where it stops.
func TestUTF8MixedPatterns(t *testing.T) {
	for _, level := range kernelLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLevel(level)()
			testUTF8MixedPatterns(t)
		})
	}
}

func testUTF8MixedPatterns(t *testing.T) {
	bases := map[string]string{
		"4-byte": strings.Repeat("🚄", 40),
		"3-byte": strings.Repeat("世", 50),
		"mixed":  strings.Repeat("aé世🚄", 30),
	}
	four := []string{"\xF8\x90\x80\x80", "\xFC\x84\x80\x80", "\xF5\x80\x80\x80", "\xF4\x90\x80\x80", "\xF0\x8F\xBF\xBF", "\xF7\xBF\xBF\xBF"}
	three := []string{"\xED\xA0\x80", "\xE0\x9F\xBF", "\xEF\xBF\xC0"}
	for name, base := range bases {
		for _, bad := range append(append(four, three...), badSequences...) {
			for pos := 0; pos < len(base); pos++ {
				if !utf8.RuneStart(base[pos]) {
					continue
				}
				src := []byte(base[:pos] + bad + base[pos:])
				at := firstInvalid(src)
				for _, unit := range []int{2, 4} {
					dst := make([]byte, 4*len(src)+128)
					nd, ns := utf8MixedRun(dst, src, unit)
					checkPrefix(t, unit, src, dst, ns, nd)
					if ns > at {
						t.Fatalf("%s, %q at %d, unit %d: kernel took %d bytes", name, bad, pos, unit, ns)
					}
					if useAVX512 && at >= 64 && ns < at-64 {
						t.Fatalf("%s, %q at %d, unit %d: kernel stopped early, at %d", name, bad, pos, unit, ns)
					}
					// The AVX2 kernel converts up to 12 bytes before the
					// error, or to its last 80 bytes (it leaves runs of 3-
					// and 4-byte characters to the run kernels).
					if !useAVX512 && useAVX2Mixed && name == "mixed" && ns < min(at-12, len(src)-80) {
						t.Fatalf("%s, %q at %d, unit %d: AVX2 kernel stopped early, at %d", name, bad, pos, unit, ns)
					}
				}
			}
		}
	}
}

// TestUTF8DecodeLevels converts long random text, well-formed and not, at
// every kernel level: well-formed text as the standard library does, all
// of it as the generic rune-by-rune kernel does under both policies (one
// U+FFFD per maximal subpart, or the offset of the first error), into both
// byte orders, and streamed in pieces as in one piece.
func TestUTF8DecodeLevels(t *testing.T) {
	for _, level := range kernelLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLevel(level)()
			rng := rand.New(rand.NewPCG(8, 8))
			for i := 0; i < 150; i++ {
				style, bad := i%4, []int{0, 3, 40}[i%3]
				src := mixedText(rng, 30+rng.IntN(600), style, bad)
				for _, to := range []Encoding{UTF16LE, UTF16BE, UTF32LE, UTF32BE} {
					if bad == 0 {
						// Convert drops a leading byte order mark.
						runes := []rune(string(bytes.TrimPrefix(src, []byte("\uFEFF"))))
						var want []byte
						if to == UTF16LE || to == UTF16BE {
							for _, u := range utf16.Encode(runes) {
								want = append(want, 0, 0)
								put16(want[len(want)-2:], u, to == UTF16BE)
							}
						} else {
							for _, r := range runes {
								want = append(want, 0, 0, 0, 0)
								put32(want[len(want)-4:], uint32(r), to == UTF32BE)
							}
						}
						got, err := Convert(nil, src, UTF8, to)
						if err != nil || !bytes.Equal(got, want) {
							t.Fatalf("UTF-8 → %v of %q: %v, differs from the standard library", to, src, err)
						}
					}
					k := kernelFor(UTF8, to)
					for _, strict := range []bool{false, true} {
						want := make([]byte, 4*len(src)+16)
						wd, ws, wst := generic(UTF8, to, want, src, true, strict)
						got := make([]byte, 4*len(src)+16)
						gd, gs, gst := run(k, UTF8, to, got, src, true, strict)
						if gd != wd || gs != ws || gst != wst || !bytes.Equal(got[:gd], want[:wd]) {
							t.Fatalf("UTF-8 → %v strict=%v of %q: (%d, %d, %d), generic (%d, %d, %d)", to, strict, src, gd, gs, gst, wd, ws, wst)
						}
						if strict && wst == stInvalid {
							c, _ := New(UTF8, to, Options{Strict: true})
							_, err := c.Append(nil, src)
							var e *Error
							if !errors.As(err, &e) || !errors.Is(err, ErrInvalid) || e.Offset != int64(ws) {
								t.Fatalf("UTF-8 → %v strict: %v, want an error at offset %d", to, err, ws)
							}
						}
						// Short destinations: the kernel must stop with a
						// prefix of the same output.
						for _, room := range []int{wd / 2, wd/3 + 1, 130} {
							room = min(room, wd)
							short := make([]byte, room)
							d, _, _ := run(k, UTF8, to, short, src, true, strict)
							if !bytes.Equal(short[:d], want[:d]) {
								t.Fatalf("UTF-8 → %v into %d bytes: prefix differs", to, room)
							}
						}
					}
					if i%10 == 0 {
						c, _ := New(UTF8, to, Options{})
						want, _ := c.Append(nil, src)
						for _, chunk := range []int{1, 3, 64, 100} {
							if got := streamWrite(t, c, src, chunk); !bytes.Equal(got, want) {
								t.Fatalf("UTF-8 → %v, Writer with %d-byte writes: differs from Append", to, chunk)
							}
						}
						for _, m := range []int{1, 7, 1000} {
							if got := streamRead(t, c, src, m); !bytes.Equal(got, want) {
								t.Fatalf("UTF-8 → %v, Reader over %d-byte reads: differs from Append", to, m)
							}
						}
					}
				}
			}
		})
	}
}

// FuzzUTF8Mixed is a differential fuzz target for the UTF-8 decoders into
// UTF-16LE and UTF-32LE: at every kernel level, under both policies, the
// specialised kernel must agree with the generic one, and the vector
// kernel alone must convert a well-formed prefix and stop before the first
// ill-formed sequence. The seed inputs are long enough (64 bytes and more)
// for the vector kernel to run.
func FuzzUTF8Mixed(f *testing.F) {
	line := "The quick brown fox — Ça va? Größe, niño. Быстрая лиса. 敏捷的棕色狐狸跳过了懒狗。東京タワー 🚄🚀😀 "
	for _, s := range []string{
		line + line,
		strings.Repeat("🚄", 20),
		strings.Repeat("世", 25) + "\xED\xA0\x80" + strings.Repeat("世", 25),
		strings.Repeat("🚄", 10) + "\xF8\x88\x80\x80" + strings.Repeat("🚄", 10),
		strings.Repeat("🚄", 10) + "\xF4\x90\x80\x80" + strings.Repeat("🚄", 10),
		strings.Repeat("aé", 30) + "\xE4\xB8" + strings.Repeat("é世", 20),
		strings.Repeat("x", 70) + "\x80" + strings.Repeat("ü", 40),
		strings.Repeat("\xC0\x80", 40),
		strings.Repeat("\xF0\x9F\x9A", 30),
		// Latin text: whole blocks of one- and two-byte characters, with
		// a lead cut at the block edge, an overlong form, a stray
		// continuation byte.
		strings.Repeat("Ça va? Größe, niño, déjà vu. ", 6),
		strings.Repeat("a", 63) + "é" + strings.Repeat("ü", 40),
		strings.Repeat("é", 20) + "\xC1\xBF" + strings.Repeat("ñ", 40),
		strings.Repeat("ö", 31) + "\x80" + strings.Repeat("x", 70),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		at := firstInvalid(data)
		for _, level := range kernelLevels() {
			undo := setLevel(level)
			for _, unit := range []int{2, 4} {
				dst := make([]byte, unit*len(data)+128)
				nd, ns := utf8MixedRun(dst, data, unit)
				checkPrefix(t, unit, data, dst, ns, nd)
				if ns > at {
					t.Fatalf("%s: vector kernel went past the ill-formed sequence at %d", level, at)
				}
			}
			for _, to := range []Encoding{UTF16LE, UTF32LE} {
				k := kernelFor(UTF8, to)
				for _, strict := range []bool{false, true} {
					want := make([]byte, 4*len(data)+16)
					wd, ws, wst := generic(UTF8, to, want, data, true, strict)
					got := make([]byte, 4*len(data)+16)
					gd, gs, gst := run(k, UTF8, to, got, data, true, strict)
					if gd != wd || gs != ws || gst != wst || !bytes.Equal(got[:gd], want[:wd]) {
						t.Fatalf("%s: UTF-8 → %v strict=%v: (%d, %d, %d), generic (%d, %d, %d)", level, to, strict, gd, gs, gst, wd, ws, wst)
					}
				}
			}
			undo()
		}
	})
}
