package format

import (
	"encoding/binary"
	"math/bits"

	"github.com/fastio-go/fastio/core"
)

// Integer formatting.
//
// Design note: the digits of a value below 1e8 are made in a register, all
// eight at once with leading zeros, by ascii8: a division by 10^4 (a
// multiplication by a constant, as every division here) and two loads from
// a table of the 4-digit strings "0000".."9999" (the table fast_io and
// James Anhalt's jeaiii itoa use). The digit count comes from a table of
// carries (decLen32, Daniel Lemire, "Computing the number of digits of an
// integer even faster", 2021), not from the digits, so where the next
// number goes never waits for this one. Where the caller has room the eight
// bytes are stored whatever the length, shifted so that the leading zeros
// fall out, and the position advances by the length; the line form stores
// its newline at the length. Values of 64 bits are split into blocks of
// eight digits by divisions by 1e8 and 1e16.
//
// Studied and measured against this (instructions per value, counted with
// valgrind's callgrind, values of seven digits): jeaiii's digit generation
// by multiplication, as Junekey Jeon explains it ("Faster integer
// formatting - James Anhalt (jeaiii)'s algorithm", 2022): one multiplication
// makes the value a fixed-point number whose integer part is its leading
// digits, and each further pair is the integer part of the fraction times
// 100, read from the 200-byte table of pairs. It costs four to five
// instructions per pair against about nine for all eight digits here, and
// in Go each pair store pays a bounds check: as the exact-length writer
// putDec it took 227 instructions a value where the table and two
// overlapping stores take 152. bench/seed/cpeers/jeaiii.c implements it in
// C as a reference for the bench's integer table.

// maxIntLen is the longest decimal integer AppendInt can produce: a sign and
// the 20 digits of 1<<64-1.
const maxIntLen = 21

// pairs holds the two-digit decimal strings "00" to "99", back to back.
var pairs = func() (t [200]byte) {
	for i := range 100 {
		t[2*i] = byte('0' + i/10)
		t[2*i+1] = byte('0' + i%10)
	}
	return t
}()

// pow10 holds the powers of ten that fit in a uint64.
var pow10 = func() (t [20]uint64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = t[i-1] * 10
	}
	return t
}()

// decLen returns the number of decimal digits of u (1 for 0).
func decLen(u uint64) int {
	// bits.Len64 * log10(2) is the count or one more; one comparison
	// settles it, without a branch: whether a 16- or a 17-digit
	// significand comes next is as random as the significand.
	t := (bits.Len64(u|1) * 1233) >> 12
	return t + int(b2u(u >= lenThresh[t]))
}

// lenThresh is pow10 with 0 in place of 1, so that decLen(0) is 1.
var lenThresh = func() [20]uint64 {
	t := pow10
	t[0] = 0
	return t
}()

// decLen32 returns the number of decimal digits of v (1 for 0) with one
// table load and an add whose carry says whether v reached the next power
// of ten (Daniel Lemire, "Computing the number of digits of an integer even
// faster", 2021). Its short dependency chain matters where the length
// decides where the next number goes.
func decLen32(v uint32) int {
	// bits.Len32 rather than Len32(v|1)-1 as an index: on amd64 it is
	// one bit scan of 2v+1, which is the whole computation.
	return int((uint64(v) + lenCarry[bits.Len32(v)]) >> 32)
}

// lenCarry holds, for each bit length i (0 for the value 0), the digit
// count d of the values of that length in the high half and 2^32 - 10^d in
// the low half (when 10^d < 2^32), so that adding v carries exactly when
// v >= 10^d.
var lenCarry = func() (t [33]uint64) {
	for i := range t {
		d := decLen(1 << max(i-1, 0))
		t[i] = uint64(d) << 32
		if pow10[d] < 1<<32 {
			t[i] += 1<<32 - pow10[d]
		}
	}
	return t
}()

// putDec writes the decimal digits of u into p, which must be exactly
// decLen(u) bytes long: the blocks of eight digits after the first one to
// eight as 8-byte stores of ascii8, the first by putShort.
func putDec(p []byte, u uint64) {
	switch n := len(p); {
	case n <= 8:
		putShort(p, uint32(u))
	case n <= 16:
		hi := u / 1e8
		putShort(p[:n-8], uint32(hi))
		binary.LittleEndian.PutUint64(p[n-8:], ascii8(uint32(u-hi*1e8)))
	default:
		top := u / 1e16
		rest := u - top*1e16
		mid := rest / 1e8
		putShort(p[:n-16], uint32(top))
		binary.LittleEndian.PutUint64(p[n-16:], ascii8(uint32(mid)))
		binary.LittleEndian.PutUint64(p[n-8:], ascii8(uint32(rest-mid*1e8)))
	}
}

// putShort writes v < 1e8 into p, which must be exactly decLen32(v) bytes
// long: the digits come from ascii8, and two overlapping stores of 4 (or
// 2) bytes, the second ending at the last digit, write exactly n of them.
func putShort(p []byte, v uint32) {
	n := len(p)
	x := ascii8(v) >> lead(n)
	switch {
	case n >= 4:
		binary.LittleEndian.PutUint32(p, uint32(x))
		binary.LittleEndian.PutUint32(p[n-4:], uint32(x>>((8*uint(n)-32)&63)))
	case n >= 2:
		binary.LittleEndian.PutUint16(p, uint16(x))
		binary.LittleEndian.PutUint16(p[n-2:], uint16(x>>((8*uint(n)-16)&63)))
	default:
		p[0] = byte(x)
	}
}

// putDec8 writes exactly eight digits of v (< 1e8), zero-padded, at the end
// of p.
func putDec8(p []byte, v uint32) {
	binary.LittleEndian.PutUint64(p[len(p)-8:], ascii8(v))
}

// split returns the magnitude of v and whether it is negative, for any
// integer type.
func split[T core.Integer](v T) (uint64, bool) {
	u := uint64(v)
	if v < 0 {
		return -u, true
	}
	return u, false
}

// putInt writes v in decimal at the start of p, which must hold at least
// maxIntLen bytes, and returns the count written.
func putInt(p []byte, u uint64, neg bool) int {
	n := decLen(u)
	if neg {
		p[0] = '-'
		putDec(p[1:n+1], u)
		return n + 1
	}
	putDec(p[:n], u)
	return n
}

// AppendInt appends the decimal form of v, of any integer type, to dst and
// returns the extended slice. It is byte-identical to strconv.AppendInt and
// strconv.AppendUint with base 10.
func AppendInt[T core.Integer](dst []byte, v T) []byte {
	u, neg := split(v)
	if l := len(dst); cap(dst)-l >= maxIntLen {
		// Room for the branch-free path, which may write past the digits.
		return dst[:l+putIntFast(dst[l:l+maxIntLen], u, neg)]
	}
	n := decLen(u)
	if neg {
		n++
	}
	dst = grow(dst, n)
	putInt(dst[len(dst)-n:], u, neg)
	return dst
}

// grow extends dst by n bytes, reallocating when the capacity is short.
func grow(dst []byte, n int) []byte {
	if cap(dst)-len(dst) < n {
		dst = append(dst, make([]byte, n)...)
		return dst
	}
	return dst[:len(dst)+n]
}

const digits36 = "0123456789abcdefghijklmnopqrstuvwxyz"
const digits36Upper = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// putBase writes u in base 2..36 right-aligned into the end of p and returns
// the number of bytes written. p must hold 64 bytes.
func putBase(p []byte, u uint64, base int, upper bool) int {
	digits := digits36
	if upper {
		digits = digits36Upper
	}
	i := len(p)
	b := uint64(base)
	if base&(base-1) == 0 {
		shift := uint(bits.TrailingZeros(uint(base)))
		mask := b - 1
		for u >= b {
			i--
			p[i] = digits[u&mask]
			u >>= shift
		}
	} else {
		for u >= b {
			q := u / b
			i--
			p[i] = digits[u-q*b]
			u = q
		}
	}
	i--
	p[i] = digits[u]
	return len(p) - i
}

// Branch-free decimal conversion for the typed writers: the digit count
// comes from decLen32 (a short dependency chain, so the position of the next
// number never waits for this one's digits) and the digits from ascii8,
// written with one 8-byte little-endian store per eight digits.

const asciiZeros = 0x3030303030303030

// quads holds "0000" to "9999", four ASCII digits per entry in memory
// order (digit tables as fast_io and James Anhalt's jeaiii itoa use them):
// two loads give the eight digits of a value below 1e8 in fewer
// instructions than a multiply-based SWAR split, at the price of 40 KiB of
// table; measured faster both on sequential and on random values.
var quads = func() (t [10000]uint32) {
	for i := range t {
		t[i] = uint32('0'+i/1000) | uint32('0'+i/100%10)<<8 | uint32('0'+i/10%10)<<16 | uint32('0'+i%10)<<24
	}
	return t
}()

// ascii8 returns the eight ASCII digits of v < 1e8, zero-padded, the first
// in the lowest byte.
func ascii8(v uint32) uint64 {
	return uint64(quads[v/10000]) | uint64(quads[v%10000])<<32
}

// putHead stores the digits of v (v < 1e8) without leading zeros at the
// start of p, which must hold 8 bytes, and returns their count.
func putHead(p []byte, v uint32) int {
	n := decLen32(v)
	binary.LittleEndian.PutUint64(p, ascii8(v)>>lead(n))
	return n
}

// lead is the shift that drops the leading zeros from the ascii8 of a
// value of n digits, 1 <= n <= 8. The mask, a no-op on that range, tells
// the compiler the shift is below 64, which saves the instructions that
// give a shift of 64 or more its Go meaning.
func lead(n int) uint { return uint(-8*n) & 63 }

// maxLineRoom is the space putLineLong needs: maxIntLen and a newline,
// rounded up so that its stores need no bounds checks.
const maxLineRoom = 32

// putLineLong writes u in decimal, with a '-' when neg, and a newline at
// the start of q and returns the count. The digits go in 8-byte stores
// of eight digits each, the first without its leading zeros.
func putLineLong(q *[maxLineRoom]byte, u uint64, neg bool) int {
	i := 0
	if neg {
		i = 1
	}
	q[0] = '-' // the first digit's store overwrites it when not negative
	var n int
	switch {
	case u < 1e8:
		k := decLen32(uint32(u))
		binary.LittleEndian.PutUint64(q[i&1:], ascii8(uint32(u))>>lead(k))
		n = i + k
	case u < 1e16:
		hi := u / 1e8
		k := decLen32(uint32(hi))
		binary.LittleEndian.PutUint64(q[i&1:], ascii8(uint32(hi))>>lead(k))
		n = (i + k) & 15
		binary.LittleEndian.PutUint64(q[n:], ascii8(uint32(u-hi*1e8)))
		n += 8
	default:
		top := u / 1e16
		rest := u - top*1e16
		mid := rest / 1e8
		k := decLen32(uint32(top))
		binary.LittleEndian.PutUint64(q[i&1:], ascii8(uint32(top))>>lead(k))
		n = (i + k) & 7
		binary.LittleEndian.PutUint64(q[n:], ascii8(uint32(mid)))
		binary.LittleEndian.PutUint64(q[n+8:], ascii8(uint32(rest-mid*1e8)))
		n += 16
	}
	q[n&31] = '\n'
	return n + 1
}

// putIntFast writes u in decimal, with a '-' when neg, at the start of p,
// which must hold maxIntLen bytes (bytes after the number may be
// overwritten), and returns the count. The sign is stored whatever neg
// is and overwritten by the first digit when the value is not negative,
// so that the digits take one path, with no call.
func putIntFast(p []byte, u uint64, neg bool) int {
	i := 0
	if neg {
		i = 1
	}
	p[0] = '-'
	q := p[i:]
	if u < 1e8 {
		n := decLen32(uint32(u))
		binary.LittleEndian.PutUint64(q, ascii8(uint32(u))>>lead(n))
		return i + n
	}
	if u < 1e16 {
		hi, lo := u/1e8, uint32(u%1e8)
		k := putHead(q, uint32(hi))
		binary.LittleEndian.PutUint64(q[k:], ascii8(lo))
		return i + k + 8
	}
	top, rest := u/1e16, u%1e16
	k := putHead(q, uint32(top))
	binary.LittleEndian.PutUint64(q[k:], ascii8(uint32(rest/1e8)))
	binary.LittleEndian.PutUint64(q[k+8:], ascii8(uint32(rest%1e8)))
	return i + k + 16
}
