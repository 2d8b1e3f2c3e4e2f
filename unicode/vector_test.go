package unicode

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestASCIIKernels compares the dispatching ASCII helpers (AVX2 on amd64)
// with the pure-Go ones for every length up to 300 and a non-ASCII unit at
// every position, in both byte orders and with short destinations.
func TestASCIIKernels(t *testing.T) {
	src := make([]byte, 300)
	for i := range src {
		src[i] = byte('a' + i%26)
	}
	check := func(name string, n, got, want int, gotDst, wantDst []byte) {
		t.Helper()
		if got != want || !bytes.Equal(gotDst, wantDst) {
			t.Fatalf("%s n=%d: converted %d, want %d", name, n, got, want)
		}
	}
	for n := 0; n <= len(src); n++ {
		for _, bad := range []int{-1, 0, n / 2, n - 1, 31, 32, 33, 64} {
			s := append([]byte(nil), src[:n]...)
			if bad >= 0 && bad < n {
				s[bad] = 0xC3
			}
			for _, be := range []bool{false, true} {
				for _, room := range []int{4 * n, 2*n - 3, n / 2} {
					room = max(room, 0)
					d1, d2 := make([]byte, room), make([]byte, room)
					check("asciiToUTF16", n, asciiToUTF16(d1, s, be), asciiToUTF16Go(d2, s, be), d1, d2)
					d1, d2 = make([]byte, room), make([]byte, room)
					check("asciiToUTF32", n, asciiToUTF32(d1, s, be), asciiToUTF32Go(d2, s, be), d1, d2)
					u16 := make([]byte, 2*n)
					asciiToUTF16Go(u16, src[:n], be)
					if bad >= 0 && bad < n {
						put16(u16[2*bad:], 0x100, be)
					}
					d1, d2 = make([]byte, room), make([]byte, room)
					check("utf16ToASCII", n, utf16ToASCII(d1, u16, be), utf16ToASCIIGo(d2, u16, be), d1, d2)
					u32 := make([]byte, 4*n)
					asciiToUTF32Go(u32, src[:n], be)
					if bad >= 0 && bad < n {
						put32(u32[4*bad:], 0x10000, be)
					}
					d1, d2 = make([]byte, room), make([]byte, room)
					check("utf32ToASCII", n, utf32ToASCII(d1, u32, be), utf32ToASCIIGo(d2, u32, be), d1, d2)
				}
			}
		}
	}
}

// TestSupplementaryRuns checks the 8-at-a-time kernels for runs of
// supplementary characters (AVX2 on amd64) against the generic rune-by-rune
// kernel: runs of every length up to 40 characters with, at each position, a
// character or value that must stop the vector code.
func TestSupplementaryRuns(t *testing.T) {
	breakers := []string{"a", "é", "世", "\U0010FFFF", "\U00010000", "\xF4\x90\x80\x80", "\xF0\x9F\x9A", "\xC0", "\xED\xA0\x80"}
	for n := 0; n <= 40; n++ {
		for pos := -1; pos < n; pos++ {
			for _, br := range breakers {
				var s []byte
				for i := 0; i < n; i++ {
					if i == pos {
						s = append(s, br...)
					} else {
						s = utf8.AppendRune(s, rune(0x1F600+i*977%0xF0000))
					}
				}
				for _, to := range []Encoding{UTF16LE, UTF16BE, UTF32LE, UTF32BE} {
					want := make([]byte, 8*len(s)+8)
					wn, _, _ := generic(UTF8, to, want, s, true, false)
					got, _ := Convert(nil, s, UTF8, to)
					if !bytes.Equal(got, want[:wn]) {
						t.Fatalf("UTF-8 → %v, %d chars, %q at %d: differs from the generic kernel", to, n, br, pos)
					}
					// and back, from the (valid) generic output
					back := make([]byte, 8*len(s)+8)
					bn, _, _ := generic(to, UTF8, back, want[:wn], true, false)
					gotBack, _ := Convert(nil, want[:wn], to, UTF8)
					if !bytes.Equal(gotBack, back[:bn]) {
						t.Fatalf("%v → UTF-8, %d chars, %q at %d: differs from the generic kernel", to, n, br, pos)
					}
				}
			}
		}
	}
	// Raw UTF-16 and UTF-32 units that must stop the vector code.
	for _, bad := range []uint32{0xD800, 0xDC00, 0x0041, 0xFFFF} {
		for pos := 0; pos < 20; pos++ {
			var u16, u32 []byte
			for i := 0; i < 20; i++ {
				r := uint32(0x1F680 + i)
				if i == pos {
					u16 = binary.LittleEndian.AppendUint16(u16, uint16(bad))
					u32 = binary.LittleEndian.AppendUint32(u32, bad|0x110000*(bad&1))
					continue
				}
				s := surrogates(r)
				u16 = binary.LittleEndian.AppendUint32(u16, s)
				u32 = binary.LittleEndian.AppendUint32(u32, r)
			}
			for _, tc := range []struct {
				from Encoding
				in   []byte
			}{{UTF16LE, u16}, {UTF32LE, u32}} {
				want := make([]byte, 4*len(tc.in)+8)
				wn, _, _ := generic(tc.from, UTF8, want, tc.in, true, false)
				got, _ := Convert(nil, tc.in, tc.from, UTF8)
				if !bytes.Equal(got, want[:wn]) {
					t.Fatalf("%v → UTF-8 with 0x%X at %d: differs from the generic kernel", tc.from, bad, pos)
				}
			}
		}
	}
}

// TestBMPRuns checks the 8-at-a-time kernel for runs of 3-byte UTF-8
// sequences against the generic kernel, with a breaker at every position.
func TestBMPRuns(t *testing.T) {
	breakers := []string{"a", "é", "🚄", "\xED\xA0\x80", "\xE0\x80\x80", "\xE0\xA0\x80", "\xEF\xBF\xBF", "\xE4\xB8", "\xE4\x41\x42", "\xFF\xFF\xFF", "\xE1\x80\xC0"}
	for n := 0; n <= 40; n++ {
		for pos := -1; pos < n; pos++ {
			for _, br := range breakers {
				var s []byte
				for i := 0; i < n; i++ {
					if i == pos {
						s = append(s, br...)
					} else {
						s = utf8.AppendRune(s, rune(0x800+i*2999%0xD000))
					}
				}
				for _, to := range []Encoding{UTF16LE, UTF32LE} {
					want := make([]byte, 8*len(s)+8)
					wn, _, _ := generic(UTF8, to, want, s, true, false)
					got, _ := Convert(nil, s, UTF8, to)
					if !bytes.Equal(got, want[:wn]) {
						t.Fatalf("UTF-8 → %v, %d chars, %q at %d: differs from the generic kernel", to, n, br, pos)
					}
				}
			}
		}
	}
}

// TestGB18030SupplementaryRuns checks the 8-at-a-time decoder of GB18030
// four-byte codes of the supplementary planes against the generic kernel.
func TestGB18030SupplementaryRuns(t *testing.T) {
	tab := loadGB()
	breakers := [][]byte{{'a'}, {0xCA, 0xC0}, {0x81, 0x30, 0x81, 0x30}, {0xE3, 0x32, 0x9A, 0x35}, {0xE3, 0x32, 0x9A, 0x36},
		{0xFE, 0x39, 0xFE, 0x39}, {0x90, 0x30, 0x81, 0x3A}, {0x90, 0x2F, 0x81, 0x30}, {0x90, 0x30, 0x80, 0x30}, {0x90, 0x30, 0xFF, 0x30}, {0x8F, 0x39, 0xFE, 0x39}, {0x90, 0x30}}
	var buf [4]byte
	for n := 0; n <= 40; n++ {
		for pos := -1; pos < n; pos++ {
			for _, br := range breakers {
				var s []byte
				for i := 0; i < n; i++ {
					if i == pos {
						s = append(s, br...)
						continue
					}
					k := putGB(tab, buf[:], uint32(0x10000+i*26777%0x100000))
					s = append(s, buf[:k]...)
				}
				want := make([]byte, 4*len(s)+8)
				wn, _, _ := generic(GB18030, UTF8, want, s, true, false)
				got, _ := Convert(nil, s, GB18030, UTF8)
				if !bytes.Equal(got, want[:wn]) {
					t.Fatalf("GB18030 → UTF-8, %d codes, % X at %d: differs from the generic kernel", n, br, pos)
				}
			}
		}
	}
}

// TestBMPToUTF8Runs checks the 8-at-a-time kernels from UTF-16LE and
// UTF-32LE runs of U+0800 and up into UTF-8 against the generic kernel.
func TestBMPToUTF8Runs(t *testing.T) {
	breakers := []uint32{'a', 0x7FF, 0x800, 0xFFFF, 0xD800, 0xDC00, 0x1F684, 0x110000, 0xE000}
	for n := 0; n <= 40; n++ {
		for pos := -1; pos < n; pos++ {
			for _, br := range breakers {
				var u16, u32 []byte
				for i := 0; i < n; i++ {
					r := uint32(0x800 + i*2999%0xD000)
					if i == pos {
						r = br
					}
					u32 = binary.LittleEndian.AppendUint32(u32, r)
					switch {
					case r >= 0x110000:
						u16 = binary.LittleEndian.AppendUint16(u16, 0xDFFF)
					case r >= 0x10000:
						u16 = binary.LittleEndian.AppendUint32(u16, surrogates(r))
					default:
						u16 = binary.LittleEndian.AppendUint16(u16, uint16(r))
					}
				}
				for _, tc := range []struct {
					from Encoding
					in   []byte
				}{{UTF16LE, u16}, {UTF32LE, u32}} {
					want := make([]byte, 4*len(tc.in)+8)
					wn, _, _ := generic(tc.from, UTF8, want, tc.in, true, false)
					got, _ := Convert(nil, tc.in, tc.from, UTF8)
					if !bytes.Equal(got, want[:wn]) {
						t.Fatalf("%v → UTF-8, %d units, U+%04X at %d: differs from the generic kernel", tc.from, n, br, pos)
					}
				}
			}
		}
	}
}

// TestBMPMixedToUTF8 checks the vector kernel for BMP text of mixed UTF-8
// lengths (UTF-16LE and UTF-32LE into UTF-8) against the generic kernel, on
// long random text with pairs, lone surrogates and out-of-range values,
// under both policies and into exact and short destinations.
func TestBMPMixedToUTF8(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	units := []uint32{'a', ' ', 0x7F, 0x80, 0xE9, 0x411, 0x7FF, 0x800, 0x4E16, 0x3002, 0xFFFF, 0xFEFF}
	bad := []uint32{0xD800, 0xDC00, 0x1F684, 0x110000, 0xFFFFFFFF}
	for i := 0; i < 2000; i++ {
		var rs []uint32
		n := 20 + rng.IntN(150)
		for len(rs) < n {
			if rng.IntN(30) == 0 {
				rs = append(rs, bad[rng.IntN(len(bad))])
			} else {
				rs = append(rs, units[rng.IntN(len(units))])
			}
		}
		var u16, u32 []byte
		for _, r := range rs {
			u32 = binary.LittleEndian.AppendUint32(u32, r)
			switch {
			case r > 0x10FFFF:
				u16 = binary.LittleEndian.AppendUint16(u16, 0xDBFF)
			case r >= 0x10000:
				u16 = binary.LittleEndian.AppendUint32(u16, surrogates(r))
			default:
				u16 = binary.LittleEndian.AppendUint16(u16, uint16(r))
			}
		}
		for _, tc := range []struct {
			from Encoding
			in   []byte
		}{{UTF16LE, u16}, {UTF32LE, u32}} {
			for _, strict := range []bool{false, true} {
				want := make([]byte, 2*len(tc.in)+16)
				wd, ws, wst := generic(tc.from, UTF8, want, tc.in, true, strict)
				k := kernelFor(tc.from, UTF8)
				got := make([]byte, 2*len(tc.in)+16)
				gd, gs, gst := run(k, tc.from, UTF8, got, tc.in, true, strict)
				if gd != wd || gs != ws || gst != wst || !bytes.Equal(got[:gd], want[:wd]) {
					t.Fatalf("%v % X strict=%v: (%d, %d, %d) differs from generic (%d, %d, %d)", tc.from, tc.in, strict, gd, gs, gst, wd, ws, wst)
				}
				exact := make([]byte, wd)
				d, _, st := run(k, tc.from, UTF8, exact, tc.in, true, strict)
				if st == stShortDst && (wst == stInvalid || wst == stTruncated) {
					st = wst // a full destination may be reported before the bad input
				}
				if d != wd || st != wst || !bytes.Equal(exact, want[:wd]) {
					t.Fatalf("%v into an exact destination: %d bytes, status %d (want %d, %d; strict %v) input % X", tc.from, d, st, wd, wst, strict, tc.in)
				}
				short := make([]byte, wd/2)
				d, _, _ = run(k, tc.from, UTF8, short, tc.in, true, strict)
				if !bytes.Equal(short[:d], want[:d]) {
					t.Fatalf("%v into a short destination: prefix differs", tc.from)
				}
			}
		}
	}
}
