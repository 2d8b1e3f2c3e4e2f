package unicode

import (
	"bytes"
	"testing"
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
