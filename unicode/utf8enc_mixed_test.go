package unicode

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// The UTF-16LE and UTF-32LE decoders into UTF-8 have a vector kernel for
// text of mixed UTF-8 lengths (AVX-512 on amd64; BMP text only with AVX2).
// These tests run on long input at every kernel level the machine has.

// unitText returns the text of mixedText (well-formed) in UTF-16LE
// (unit 2) or UTF-32LE (unit 4), with probability bad in 1000 per
// character of an ill-formed unit instead: a lone high or low surrogate, a
// pair in the wrong order, and in UTF-32 a value above U+10FFFF.
func unitText(rng *rand.Rand, unit, n, style, bad int) []byte {
	var out []byte
	for _, r := range string(mixedText(rng, n, style, 0)) {
		if bad > 0 && rng.IntN(1000) < bad {
			var us []uint32
			switch rng.IntN(4) {
			case 0:
				us = []uint32{0xD83D}
			case 1:
				us = []uint32{0xDE84}
			case 2:
				us = []uint32{0xDE84, 0xD83D}
			default:
				us = []uint32{0x110000 + rng.Uint32N(0x1000000)}
				if unit == 2 {
					us = []uint32{0xDBFF, 'x'}
				}
			}
			for _, u := range us {
				if unit == 2 {
					out = binary.LittleEndian.AppendUint16(out, uint16(u))
				} else {
					out = binary.LittleEndian.AppendUint32(out, u)
				}
			}
			continue
		}
		if unit == 4 {
			out = binary.LittleEndian.AppendUint32(out, uint32(r))
		} else {
			for _, u := range utf16.AppendRune(nil, r) {
				out = binary.LittleEndian.AppendUint16(out, u)
			}
		}
	}
	return out
}

// firstInvalidUnits returns the offset of the first ill-formed unit of
// UTF-16LE (unit 2) or UTF-32LE (unit 4) p, or len(p).
func firstInvalidUnits(p []byte, unit int) int {
	for i := 0; i+unit <= len(p); i += unit {
		if unit == 4 {
			if r := binary.LittleEndian.Uint32(p[i:]); r > 0x10FFFF || r-0xD800 < 0x800 {
				return i
			}
			continue
		}
		u := binary.LittleEndian.Uint16(p[i:])
		switch {
		case u >= 0xDC00 && u < 0xE000:
			return i
		case u >= 0xD800 && u < 0xDC00:
			if i+4 > len(p) {
				return i
			}
			if v := binary.LittleEndian.Uint16(p[i+2:]); v < 0xDC00 || v >= 0xE000 {
				return i
			}
			i += 2
		}
	}
	return len(p)
}

// TestToUTF8MixedRun calls the vector kernel directly: its output must be
// the generic kernel's for the units it took, which must end before the
// first ill-formed unit and at a character boundary, and (with AVX-512)
// cover all but the last 64 bytes of well-formed text.
func TestToUTF8MixedRun(t *testing.T) {
	for _, level := range kernelLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLevel(level)()
			testToUTF8MixedRun(t)
		})
	}
}

func testToUTF8MixedRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 12))
	for _, unit := range []int{2, 4} {
		from := map[int]Encoding{2: UTF16LE, 4: UTF32LE}[unit]
		for style := 0; style < 4; style++ {
			for _, bad := range []int{0, 5, 50} {
				for i := 0; i < 300; i++ {
					src := unitText(rng, unit, 10+rng.IntN(300), style, bad)
					at := firstInvalidUnits(src, unit)
					for _, room := range []int{2*len(src) + 64, 64 + rng.IntN(100), 40} {
						dst := make([]byte, room)
						nd, ns := bmpMixedToUTF8(dst, src, unit, false)
						if ns < 0 || ns > at || ns%unit != 0 || nd < 0 || nd > room {
							t.Fatalf("%v: kernel took %d bytes (%d out); the first bad unit is at %d", from, ns, nd, at)
						}
						want := make([]byte, 2*ns+8)
						wd, ws, wst := generic(from, UTF8, want, src[:ns], true, true)
						if ws != ns || wst != stDone || !bytes.Equal(dst[:nd], want[:wd]) || !utf8.Valid(dst[:nd]) {
							t.Fatalf("%v: the %d bytes the kernel took convert to %d bytes, not as the generic kernel (%d)", from, ns, nd, wd)
						}
						if useAVX512 && room > 2*len(src) && at == len(src) && len(src) >= 64 && ns <= len(src)-64 {
							t.Fatalf("%v style %d: kernel stopped at %d of %d well-formed bytes", from, style, ns, len(src))
						}
					}
				}
			}
		}
	}
}

// TestToUTF8Levels converts long UTF-16LE/BE and UTF-32LE/BE text, well
// formed and not, to UTF-8 at every kernel level: as unicode/utf16 does
// for well-formed UTF-16, as the generic kernel does under both policies
// and into short destinations, and streamed as in one piece.
func TestToUTF8Levels(t *testing.T) {
	for _, level := range kernelLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLevel(level)()
			rng := rand.New(rand.NewPCG(4, 4))
			for i := 0; i < 150; i++ {
				style, bad := i%4, []int{0, 3, 40}[i%3]
				for _, unit := range []int{2, 4} {
					le := unitText(rng, unit, 20+rng.IntN(400), style, bad)
					for _, from := range []Encoding{UTF16LE, UTF16BE, UTF32LE, UTF32BE} {
						if (unit == 2) != (from == UTF16LE || from == UTF16BE) {
							continue
						}
						src := le
						if from == UTF16BE || from == UTF32BE {
							src = swapUnits(le, unit)
						}
						if bad == 0 && unit == 2 {
							units := make([]uint16, len(src)/2)
							for k := range units {
								units[k] = load16(src[2*k:], from == UTF16BE)
							}
							want := string(utf16.Decode(units))
							c, _ := New(from, UTF8, Options{KeepBOM: true})
							if got, err := c.Append(nil, src); err != nil || string(got) != want {
								t.Fatalf("%v → UTF-8: %v, differs from unicode/utf16", from, err)
							}
						}
						k := kernelFor(from, UTF8)
						for _, strict := range []bool{false, true} {
							want := make([]byte, 2*len(src)+16)
							wd, ws, wst := generic(from, UTF8, want, src, true, strict)
							got := make([]byte, 2*len(src)+16)
							gd, gs, gst := run(k, from, UTF8, got, src, true, strict)
							if gd != wd || gs != ws || gst != wst || !bytes.Equal(got[:gd], want[:wd]) {
								t.Fatalf("%v → UTF-8 strict=%v of % X: (%d, %d, %d), generic (%d, %d, %d)", from, strict, src, gd, gs, gst, wd, ws, wst)
							}
							for _, room := range []int{wd / 2, wd/3 + 1, 70} {
								room = min(room, wd)
								short := make([]byte, room)
								d, _, _ := run(k, from, UTF8, short, src, true, strict)
								if !bytes.Equal(short[:d], want[:d]) {
									t.Fatalf("%v → UTF-8 into %d bytes: prefix differs", from, room)
								}
							}
						}
						if i%10 == 0 {
							c, _ := New(from, UTF8, Options{KeepBOM: true})
							want, _ := c.Append(nil, src)
							for _, chunk := range []int{1, 3, 64, 100} {
								if got := streamWrite(t, c, src, chunk); !bytes.Equal(got, want) {
									t.Fatalf("%v → UTF-8, Writer with %d-byte writes: differs from Append", from, chunk)
								}
							}
							for _, m := range []int{1, 7, 1000} {
								if got := streamRead(t, c, src, m); !bytes.Equal(got, want) {
									t.Fatalf("%v → UTF-8, Reader over %d-byte reads: differs from Append", from, m)
								}
							}
						}
					}
				}
			}
		})
	}
}

// swapUnits returns p with the bytes of each unit-byte unit reversed.
func swapUnits(p []byte, unit int) []byte {
	q := make([]byte, len(p))
	for i := 0; i+unit <= len(p); i += unit {
		for k := 0; k < unit; k++ {
			q[i+k] = p[i+unit-1-k]
		}
	}
	return q
}

// FuzzToUTF8Mixed is a differential fuzz target for the UTF-16LE and
// UTF-32LE decoders into UTF-8: at every kernel level, under both
// policies, the specialised kernel must agree with the generic one, and
// the vector kernel alone must convert the units before the first
// ill-formed one, as the generic kernel does.
func FuzzToUTF8Mixed(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 1))
	for style := 0; style < 4; style++ {
		f.Add(unitText(rng, 2, 60, style, 0), false)
		f.Add(unitText(rng, 2, 60, style, 30), false)
		f.Add(unitText(rng, 4, 40, style, 0), true)
		f.Add(unitText(rng, 4, 40, style, 30), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, wide bool) {
		unit, from := 2, UTF16LE
		if wide {
			unit, from = 4, UTF32LE
		}
		at := firstInvalidUnits(data, unit)
		for _, level := range kernelLevels() {
			undo := setLevel(level)
			dst := make([]byte, 2*len(data)+128)
			nd, ns := bmpMixedToUTF8(dst, data, unit, false)
			if ns < 0 || ns > at || ns%unit != 0 {
				t.Fatalf("%s: vector kernel took %d bytes; the first bad unit is at %d", level, ns, at)
			}
			want := make([]byte, 2*ns+8)
			wd, _, _ := generic(from, UTF8, want, data[:ns], true, true)
			if !bytes.Equal(dst[:nd], want[:wd]) {
				t.Fatalf("%s: vector kernel output differs from the generic kernel", level)
			}
			k := kernelFor(from, UTF8)
			for _, strict := range []bool{false, true} {
				want := make([]byte, 2*len(data)+16)
				wd, ws, wst := generic(from, UTF8, want, data, true, strict)
				got := make([]byte, 2*len(data)+16)
				gd, gs, gst := run(k, from, UTF8, got, data, true, strict)
				if gd != wd || gs != ws || gst != wst || !bytes.Equal(got[:gd], want[:wd]) {
					t.Fatalf("%s: %v → UTF-8 strict=%v: (%d, %d, %d), generic (%d, %d, %d)", level, from, strict, gd, gs, gst, wd, ws, wst)
				}
			}
			undo()
		}
	})
}
