package varint

import (
	"math/bits"

	"github.com/fastio-go/fastio/core"
)

// Maximum encoded lengths of N-bit values.
const (
	MaxLen16 = 3
	MaxLen32 = 5
	MaxLen64 = 10
)

// Len returns the number of bytes the encoding of v takes, 1 to MaxLen64.
func Len(v uint64) int {
	// ceil(bitlen/7) computed as (bitlen*9+64)/64, exact for 1..64.
	return (bits.Len64(v|1)*9 + 64) >> 6
}

// Zigzag maps a signed value to the unsigned one that encodes it:
// 0, -1, 1, -2, ... become 0, 1, 2, 3, ...
func Zigzag(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

// Unzigzag is the inverse of Zigzag.
func Unzigzag(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// AppendUint appends the encoding of v to dst and returns the extended
// slice. It inlines into the caller.
func AppendUint(dst []byte, v uint64) []byte {
	for v >= 0x80 {
		dst = append(dst, byte(v)|0x80)
		v >>= 7
	}
	return append(dst, byte(v))
}

// AppendInt appends the zigzag encoding of v to dst.
func AppendInt(dst []byte, v int64) []byte { return AppendUint(dst, Zigzag(v)) }

// PutUint writes the encoding of v at the start of p and returns its
// length. If p is shorter than Len(v) it writes nothing and returns 0;
// a p of MaxLen64 bytes always suffices.
func PutUint(p []byte, v uint64) int {
	if len(p) < MaxLen64 && len(p) < Len(v) {
		return 0
	}
	i := 0
	for v >= 0x80 {
		p[i] = byte(v) | 0x80
		v >>= 7
		i++
	}
	p[i] = byte(v)
	return i + 1
}

// PutInt writes the zigzag encoding of v at the start of p, as PutUint.
func PutInt(p []byte, v int64) int { return PutUint(p, Zigzag(v)) }

// put encodes v into p, which has room for it. The one- and two-byte cases,
// the common ones in records, are unrolled.
func put(p []byte, v uint64) int {
	if v < 1<<7 {
		p[0] = byte(v)
		return 1
	}
	if v < 1<<14 {
		_ = p[1]
		p[0] = byte(v) | 0x80
		p[1] = byte(v >> 7)
		return 2
	}
	i := 0
	for v >= 0x80 {
		p[i] = byte(v) | 0x80
		v >>= 7
		i++
	}
	p[i] = byte(v)
	return i + 1
}

// WriteUint writes the encoding of v to w through Reserve and Commit.
// Like every BufferedWriter operation it reports no error itself: a device
// error is kept by w and returned by its next Write or Flush.
func WriteUint(w core.BufferedWriter, v uint64) {
	p := w.Reserve(MaxLen64)
	w.Commit(put(p[:MaxLen64], v))
}

// WriteInt writes the zigzag encoding of v to w, as WriteUint.
func WriteInt(w core.BufferedWriter, v int64) { WriteUint(w, Zigzag(v)) }
