package crypto

//go:generate go run gen_sha256.go

import (
	"encoding/binary"
	"errors"
)

// Our own SHA-224/256 (FIPS 180-4) over block256: the SHA-NI assembly of
// sha256block_amd64.s where the CPU has it, portable Go elsewhere. It
// replaces sha256-simd where it measured faster: the one-shot sums, whose
// padding is built in one stack buffer and hashed in the same call as the
// message's last block, and the engine under the SHA-224/256 Hasher and
// HMAC, whose state is saved and restored without an allocation.

var (
	iv256 = [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
	iv224 = [8]uint32{0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4}
)

// padFinal writes the final block(s) of a 64-byte-block hash (FIPS
// 180-4, 5.1.1) to buf: the tail (shorter than 64 bytes), the 0x80 byte,
// zeros, and the big-endian bit length total*8. It returns 64 or 128, the
// bytes to hash. Every byte of buf[:end] is written by one 8-byte store, so
// that the block function's 8-byte loads right after are forwarded from
// the store buffer instead of waiting for it to drain, as a load spanning
// stores of mixed sizes (a copy, a byte store) must.
func padFinal(buf *[128]byte, tail []byte, total uint64) int {
	end := 64
	if len(tail) >= 56 {
		end = 128
	}
	i := 0
	for ; i+8 <= len(tail); i += 8 {
		binary.LittleEndian.PutUint64(buf[i:], binary.LittleEndian.Uint64(tail[i:]))
	}
	var w uint64
	for j := len(tail) - 1; j >= i; j-- {
		w = w<<8 | uint64(tail[j])
	}
	w |= 0x80 << (8 * uint(len(tail)-i))
	binary.LittleEndian.PutUint64(buf[i:], w)
	for i += 8; i < end-8; i += 8 {
		binary.LittleEndian.PutUint64(buf[i:], 0)
	}
	binary.BigEndian.PutUint64(buf[end-8:], total<<3)
	return end
}

// finish256 pads the message whose unhashed tail is tail (shorter than 64
// bytes) and whose total length is total, hashes the final blocks into h,
// and writes the first len(out) bytes of the big-endian state to out.
func finish256(h *[8]uint32, tail []byte, total uint64, out []byte) {
	var buf [128]byte
	end := padFinal(&buf, tail, total)
	block256(h, buf[:end])
	// 8-byte stores, so that HMAC's outer padFinal, which reads out
	// right away, is forwarded from them (see padFinal).
	i := 0
	for ; i+8 <= len(out); i += 8 {
		binary.BigEndian.PutUint64(out[i:], uint64(h[i/4])<<32|uint64(h[i/4+1]))
	}
	if i < len(out) {
		binary.BigEndian.PutUint32(out[i:], h[i/4])
	}
}

func sum256(iv *[8]uint32, p []byte, out []byte) {
	h := *iv
	n := len(p) &^ 63
	if n > 0 {
		block256(&h, p[:n])
	}
	finish256(&h, p[n:], uint64(len(p)), out)
}

// digest256 is a SHA-224/256 engine (see engine).
type digest256 struct {
	h     [8]uint32
	x     [64]byte
	nx    int
	len   uint64
	is224 bool
}

func newDigest256(is224 bool) *digest256 {
	d := &digest256{is224: is224}
	d.Reset()
	return d
}

// Reset puts the engine back to the initial state.
func (d *digest256) Reset() {
	if d.is224 {
		d.h = iv224
	} else {
		d.h = iv256
	}
	d.nx, d.len = 0, 0
}

// Size returns the digest size in bytes.
func (d *digest256) Size() int {
	if d.is224 {
		return 28
	}
	return 32
}

// BlockSize returns 64.
func (d *digest256) BlockSize() int { return 64 }

// Write hashes p, keeping a partial block in d.x.
func (d *digest256) Write(p []byte) (int, error) {
	total := len(p)
	d.len += uint64(total)
	if d.nx > 0 {
		m := copy(d.x[d.nx:], p)
		d.nx += m
		p = p[m:]
		if d.nx < 64 {
			return total, nil
		}
		block256(&d.h, d.x[:])
		d.nx = 0
	}
	if n := len(p) &^ 63; n > 0 {
		block256(&d.h, p[:n])
		p = p[n:]
	}
	d.nx = copy(d.x[:], p)
	return total, nil
}

// Sum appends the digest to b without changing the state.
func (d *digest256) Sum(b []byte) []byte {
	h := d.h
	var out [32]byte
	finish256(&h, d.x[:d.nx], d.len, out[:])
	return append(b, out[:d.Size()]...)
}

const digest256Magic = "fastio-sha256\x01"

var errDigestState = errors.New("crypto: invalid SHA-256 state")

// MarshalBinary saves the state; HMAC keeps the states after its pad
// blocks this way.
func (d *digest256) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, len(digest256Magic)+1+32+8+64)
	b = append(b, digest256Magic...)
	if d.is224 {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	for _, v := range d.h {
		b = binary.BigEndian.AppendUint32(b, v)
	}
	b = binary.BigEndian.AppendUint64(b, d.len)
	return append(b, d.x[:d.nx]...), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary.
func (d *digest256) UnmarshalBinary(b []byte) error {
	const head = len(digest256Magic) + 1 + 32 + 8
	if len(b) < head || string(b[:len(digest256Magic)]) != digest256Magic || b[len(digest256Magic)] > 1 {
		return errDigestState
	}
	n := binary.BigEndian.Uint64(b[head-8:])
	if uint64(len(b)-head) != n%64 {
		return errDigestState
	}
	d.is224 = b[len(digest256Magic)] == 1
	for i := range d.h {
		d.h[i] = binary.BigEndian.Uint32(b[len(digest256Magic)+1+4*i:])
	}
	d.len = n
	d.nx = copy(d.x[:], b[head:])
	return nil
}
