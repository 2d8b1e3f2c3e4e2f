//go:build !purego

package unicode

//go:generate go run gen_utf8win.go

// On CPUs with AVX2 but not AVX-512, UTF-8 into UTF-16LE and UTF-32LE goes
// through an AVX2 kernel for text of mixed UTF-8 lengths
// (utf8avx2_amd64.s): 12-byte windows converted through a table chosen by
// the ends of their characters, 64-byte blocks validated first.

// utf8WinTables is laid out for the assembly: for each 12-bit mask of
// character ends, the shuffle number in the low byte and the bytes
// consumed in the high byte; then the 209 shuffles; then the 8 shuffles
// that pack 3 UTF-16 units or pairs, and their lengths (see
// gen_utf8win.go). The assembly knows the offsets: 0, 8192, 11536, 11664.
type utf8WinTables struct {
	index   [4096]uint16
	shuf    [209][16]byte
	pairs   [8][16]byte
	pairLen [8]byte
}

//go:noescape
func utf8MixedAVX2(dst, src *byte, nsrc, ndst int, tab *utf8WinTables, unit int, pack *[256][16]byte) (ns, nd int)

// u8pack holds the shuffles of the AVX2 kernel's path for blocks of ASCII
// and two-byte characters: for each 8-bit mask of the 16-bit lanes to keep,
// the shuffle that packs them to the front, in order.
var u8pack = func() (t [256][16]byte) {
	for k := range t {
		n := 0
		for j := 0; j < 8; j++ {
			if k>>j&1 != 0 {
				t[k][n], t[k][n+1] = byte(2*j), byte(2*j+1)
				n += 2
			}
		}
		for ; n < 16; n++ {
			t[k][n] = 0x80
		}
	}
	return t
}()

// useAVX2Mixed switches the AVX2 mixed-text kernel on; tests turn it off
// to exercise the older AVX2 run kernels and the pure-Go path.
var useAVX2Mixed = hasAVX2
