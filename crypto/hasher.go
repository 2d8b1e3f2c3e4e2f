package crypto

import (
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"io"
	"slices"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// directWrite is the write size from which whole blocks go to the hash
// function without a copy into the buffer: below it the copy costs less
// than an extra call into the block function.
const directWrite = 256

// BufferSize is the size of a Hasher's buffer. Small writes are gathered
// there and the compression function sees whole buffers; 8 KiB is a
// multiple of every block size and stays in the L1 cache with the input.
const BufferSize = 8 << 10

// Hasher is a hash device: an output device whose bytes go into a hash
// function instead of a file. It implements core.BufferedWriter (so
// fastio's formatters print into it in place), io.Writer,
// io.StringWriter, io.ByteWriter, io.ReaderFrom and hash.Hash.
//
// A Hasher made by NewHMAC computes HMAC over its algorithm with the key
// it was given; Reset starts a new message under the same key.
//
// Writes never fail: the device has no I/O. The one error a Hasher can
// record is core.ErrCommitRange, from a Commit outside the reserved slice;
// it is sticky (later writes return it and hash nothing) and Flush and Err
// report it until Reset.
//
// The zero Hasher hashes with SHA-256; New and NewHMAC make the others.
//
// A Hasher is not safe for concurrent use.
type Hasher struct {
	// buf holds the gathered input in buf[:len(buf)] and the free space
	// in buf[len(buf):cap(buf)]. After a sticky error cap(buf) ==
	// len(buf), which closes every fast path without a separate check.
	buf  []byte
	full []byte // the whole buffer, a multiple of the block size; buf is a prefix of it
	err  error

	alg  Algorithm
	eng  engine
	size int // digest size (28 for SHA-224 on a SHA-256 engine)

	// HMAC only: the outer engine and the saved states after the ipad and
	// opad blocks (RFC 2104), restored instead of hashing the key again.
	outer      engine
	ipad, opad []byte

	// Scratch for digests: a local array would escape through the
	// engine's interface call and cost an allocation.
	tmp, out [MaxSize]byte

	// d256 is eng when it is this package's SHA-224/256 (own256): Sum,
	// Reset and HMAC then work on its state directly, without interface
	// calls or saved-state parsing. ipad256/opad256 are the HMAC states
	// after the pad blocks.
	d256             *digest256
	ipad256, opad256 [8]uint32
	d1               *digest1 // the same for SHA-1
	ipad1, opad1     [5]uint32
	d512             *digest512 // the same for SHA-384/512 and SHA-512/256
	ipad512, opad512 [8]uint64
}

// New returns a Hasher for algorithm a. The error, for an invalid a, is an
// *AlgorithmError wrapping ErrAlgorithm.
func New(a Algorithm) (*Hasher, error) {
	if !a.Valid() {
		return nil, &AlgorithmError{Value: a}
	}
	h := &Hasher{full: make([]byte, BufferSize), alg: a, eng: newEngine(a), size: a.Size()}
	h.buf = h.full[:0]
	h.d256, _ = h.eng.(*digest256)
	h.d1, _ = h.eng.(*digest1)
	h.d512, _ = h.eng.(*digest512)
	return h, nil
}

// NewHMAC returns a Hasher that computes HMAC over algorithm a with key
// (RFC 2104). Keys longer than the block size are hashed first, as the RFC
// says; the key is not retained. Any key length, zero included, is valid.
func NewHMAC(a Algorithm, key []byte) (*Hasher, error) {
	h, err := New(a)
	if err != nil {
		return nil, err
	}
	h.outer = newEngine(a)
	var pad [MaxBlockSize]byte
	block := hmacPad(a, h.eng, key, &pad, 0x36)
	h.eng.Write(block)
	h.ipad, _ = h.eng.MarshalBinary()
	block = hmacPad(a, h.outer, key, &pad, 0x5c)
	h.outer.Write(block)
	h.opad, _ = h.outer.MarshalBinary()
	clear(pad[:])
	if h.d256 != nil {
		h.ipad256 = h.d256.h
		h.opad256 = h.outer.(*digest256).h
	}
	if h.d1 != nil {
		h.ipad1 = h.d1.h
		h.opad1 = h.outer.(*digest1).h
	}
	if h.d512 != nil {
		h.ipad512 = h.d512.h
		h.opad512 = h.outer.(*digest512).h
	}
	return h, nil
}

// init makes a zero Hasher a SHA-256 one. Every path that reaches the
// engine or the buffer's capacity calls it first; the fast paths need not,
// since a zero Hasher has no free space.
func (h *Hasher) init() {
	if h.eng == nil {
		h.initZero()
	}
}

// initZero is init's out-of-line part, so that init inlines.
func (h *Hasher) initZero() {
	g, _ := New(SHA256)
	err := h.err // a misused Commit on the zero Hasher stays recorded
	*h = Hasher{buf: g.buf, full: g.full, alg: g.alg, eng: g.eng, size: g.size, d256: g.d256, d1: g.d1}
	if err != nil {
		h.err, h.buf = err, h.full[:0:0]
	}
}

// hmacPad returns K' xor c in pad, K' being the key padded to the block
// size, or the key's digest when it is longer than a block. e is a fresh
// engine of a and is left reset.
func hmacPad(a Algorithm, e engine, key []byte, pad *[MaxBlockSize]byte, c byte) []byte {
	bs := a.BlockSize()
	p := pad[:bs]
	clear(p)
	if len(key) > bs {
		resetEngine(a, e)
		e.Write(key)
		var sum [MaxSize]byte
		copy(p, e.Sum(sum[:0])[:a.Size()])
		resetEngine(a, e)
	} else {
		copy(p, key)
	}
	for i := range p {
		p[i] ^= c
	}
	return p
}

// Algorithm returns the hash function of h.
func (h *Hasher) Algorithm() Algorithm {
	h.init()
	return h.alg
}

// IsHMAC reports whether h computes an HMAC.
func (h *Hasher) IsHMAC() bool { return h.outer != nil }

// Size returns the digest size in bytes.
func (h *Hasher) Size() int {
	h.init()
	return h.size
}

// BlockSize returns the block size of the hash function in bytes.
func (h *Hasher) BlockSize() int {
	h.init()
	return h.alg.BlockSize()
}

// Buffered returns the number of bytes written but not yet hashed.
func (h *Hasher) Buffered() int { return len(h.buf) }

// Err returns the sticky error, or nil.
func (h *Hasher) Err() error { return h.err }

// Reset discards everything written and any error and starts a new
// message; an HMAC Hasher keeps its key.
func (h *Hasher) Reset() {
	h.init()
	h.buf, h.err = h.full[:0], nil
	if d := h.d256; d != nil {
		d.nx = 0
		if h.outer != nil {
			d.h, d.len = h.ipad256, 64
		} else {
			d.Reset()
		}
		return
	}
	if d := h.d1; d != nil {
		d.nx = 0
		if h.outer != nil {
			d.h, d.len = h.ipad1, 64
		} else {
			d.Reset()
		}
		return
	}
	if d := h.d512; d != nil {
		d.nx = 0
		if h.outer != nil {
			d.h, d.len = h.ipad512, 128
		} else {
			d.Reset()
		}
		return
	}
	if h.outer != nil {
		_ = h.eng.UnmarshalBinary(h.ipad) // our own state: cannot fail
		return
	}
	resetEngine(h.alg, h.eng)
}

// Write hashes p. It returns len(p), nil unless a misused Commit left a
// sticky error, which it then returns having hashed nothing.
func (h *Hasher) Write(p []byte) (int, error) {
	n := len(h.buf)
	if len(p)-8 <= 8 && len(p) >= 8 && n+16 <= cap(h.buf) {
		h.buf = h.buf[:n+len(p)]
		move8to16(unsafe.Pointer(&h.buf[n]), unsafe.Pointer(unsafe.SliceData(p)), len(p))
		return len(p), nil
	}
	if len(p) <= cap(h.buf)-n && len(p) < directWrite && (n > 0 || len(p) < 64) {
		h.buf = append(h.buf, p...)
		return len(p), nil
	}
	return h.writeSlow(p)
}

// Put hashes p like Write, without results: there is no I/O to fail, and
// a sticky error is reported by Flush, Err and later Writes. Its fast path
// (p fits the free space of the buffer) inlines into the caller, so a loop
// of short writes costs little more than copying the bytes; the buffer is
// then hashed many blocks per call.
func (h *Hasher) Put(p []byte) {
	if len(p) > cap(h.buf)-len(h.buf) {
		h.putSlow(p)
		return
	}
	h.buf = append(h.buf, p...)
}

// PutString is Put for a string, without converting it. Its fast path
// inlines; a constant string is stored with plain moves, no memmove call.
func (h *Hasher) PutString(s string) {
	if len(s) > cap(h.buf)-len(h.buf) {
		h.putStringSlow(s)
		return
	}
	h.buf = append(h.buf, s...)
}

// PutByte is WriteByte without a result. Its fast path inlines.
func (h *Hasher) PutByte(c byte) {
	if len(h.buf) == cap(h.buf) {
		_ = h.writeByteSlow(c)
		return
	}
	h.buf = append(h.buf, c)
}

// putSlow and putStringSlow stay out of line so that Put and PutString
// fit the inlining budget.
//
//go:noinline
func (h *Hasher) putSlow(p []byte) { _, _ = h.writeSlow(p) }

//go:noinline
func (h *Hasher) putStringSlow(s string) {
	_, _ = h.writeSlow(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// move8to16 copies n bytes, 8 <= n <= 16, from src to dst with two
// overlapping 8-byte moves: for the short writes of line-oriented output
// (the seed's 12-byte "Hello World\n") this is cheaper than a call to
// memmove. The caller guarantees 16 bytes of room at dst.
func move8to16(dst, src unsafe.Pointer, n int) {
	*(*[8]byte)(dst) = *(*[8]byte)(src)
	*(*[8]byte)(unsafe.Add(dst, n-8)) = *(*[8]byte)(unsafe.Add(src, n-8))
}

// WriteString is Write for a string, without converting it.
func (h *Hasher) WriteString(s string) (int, error) {
	n := len(h.buf)
	if len(s)-8 <= 8 && len(s) >= 8 && n+16 <= cap(h.buf) {
		h.buf = h.buf[:n+len(s)]
		move8to16(unsafe.Pointer(&h.buf[n]), unsafe.Pointer(unsafe.StringData(s)), len(s))
		return len(s), nil
	}
	if len(s) <= cap(h.buf)-n && len(s) < directWrite {
		h.buf = append(h.buf, s...)
		return len(s), nil
	}
	return h.writeSlow(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// WriteByte hashes one byte.
func (h *Hasher) WriteByte(c byte) error {
	if len(h.buf) < cap(h.buf) {
		h.buf = append(h.buf, c)
		return nil
	}
	return h.writeByteSlow(c)
}

func (h *Hasher) writeByteSlow(c byte) error {
	h.init()
	if h.err != nil {
		return h.err
	}
	h.flush() // a full buffer: whole blocks
	h.buf = append(h.buf, c)
	return nil
}

func (h *Hasher) writeSlow(p []byte) (int, error) {
	h.init()
	if h.err != nil {
		return 0, h.err
	}
	total := len(p)
	if len(p) <= cap(h.buf)-len(h.buf) && len(p) < 2*directWrite && (len(h.buf) > 0 || len(p) < 64) {
		// A mid-sized write into a partly filled buffer: a copy is
		// cheaper than splitting it around a block boundary.
		h.buf = append(h.buf, p...)
		return total, nil
	}
	if len(h.buf) == 0 && h.d256 == nil && h.d1 == nil && h.d512 == nil {
		// Another package's engine keeps its own partial block: hand
		// it p as it is rather than copying p into the buffer first.
		h.eng.Write(p)
		return total, nil
	}
	if n := len(h.buf); n > 0 {
		// Top up the buffer to a block boundary and hash it, so that the
		// engine stays block aligned and p's whole blocks go to it with
		// no copy.
		bs := h.alg.BlockSize()
		m := min(len(p), (bs-n%bs)%bs)
		h.buf = append(h.buf, p[:m]...)
		p = p[m:]
		if len(h.buf)%bs != 0 { // p ran out first
			return total, nil
		}
		h.writeBlocks(h.buf)
		h.buf = h.full[:0]
	}
	if k := len(p) - len(p)%h.alg.BlockSize(); k > 0 {
		h.writeBlocks(p[:k])
		p = p[k:]
	}
	h.buf = append(h.full[:0], p...)
	return total, nil
}

// writeBlocks hashes p, whole blocks, calling this package's own block
// functions directly when they serve h and hold no partial block.
func (h *Hasher) writeBlocks(p []byte) {
	if d := h.d256; d != nil && d.nx == 0 {
		block256(&d.h, p)
		d.len += uint64(len(p))
		return
	}
	if d := h.d1; d != nil && d.nx == 0 {
		block1(&d.h, p)
		d.len += uint64(len(p))
		return
	}
	if d := h.d512; d != nil && d.nx == 0 {
		block512(&d.h, p)
		d.len += uint64(len(p))
		return
	}
	h.eng.Write(p)
}

// Reserve returns the free space of the buffer, at least n bytes, hashing
// the buffered bytes or growing the buffer when needed (see
// core.BufferedWriter). After a sticky error it returns scratch space whose
// committed bytes are dropped.
func (h *Hasher) Reserve(n int) []byte {
	if n <= cap(h.buf)-len(h.buf) {
		// h.full[len(h.buf):] is the free space, or after an error
		// scratch that Commit refuses.
		return h.full[len(h.buf):]
	}
	return h.reserveSlow(n)
}

func (h *Hasher) reserveSlow(n int) []byte {
	h.init()
	if h.err != nil {
		// Hand out scratch past the limit: Commit then fails the range
		// check, which keeps the error, and nothing is hashed.
		if m := len(h.buf); len(h.full)-m >= n {
			return h.full[m : m+n]
		}
		return make([]byte, n)
	}
	// Hash the whole blocks and keep the partial one at the front, so
	// that the engine stays block aligned.
	bs := h.alg.BlockSize()
	if k := len(h.buf) - len(h.buf)%bs; k > 0 {
		h.writeBlocks(h.buf[:k])
		h.buf = h.full[:copy(h.full, h.buf[k:])]
	}
	if m := len(h.buf); n > len(h.full)-m {
		nb := make([]byte, (m+n+bs-1)/bs*bs)
		copy(nb, h.buf)
		h.full = nb
		h.buf = nb[:m]
	}
	h.buf = h.full[:len(h.buf)]
	return h.buf[len(h.buf):cap(h.buf)]
}

// Commit hashes the first n bytes of the slice returned by the last
// Reserve. An n outside that slice hashes nothing and records
// core.ErrCommitRange.
func (h *Hasher) Commit(n int) {
	if uint(n) <= uint(cap(h.buf)-len(h.buf)) {
		h.buf = h.buf[:len(h.buf)+n]
		return
	}
	if h.err == nil {
		h.err, h.buf = core.ErrCommitRange, h.buf[:len(h.buf):len(h.buf)]
	}
}

// Flush hands the buffered bytes to the hash function and returns the
// sticky error, if any. Sum and Digest flush by themselves.
func (h *Hasher) Flush() error {
	h.flush()
	return h.err
}

func (h *Hasher) flush() {
	if len(h.buf) > 0 {
		h.eng.Write(h.buf)
		h.setBuffered(0)
	}
}

// setBuffered makes the first n bytes of the whole buffer the gathered
// input, keeping the fast paths closed after a sticky error.
func (h *Hasher) setBuffered(n int) {
	h.buf = h.full[:n]
	if h.err != nil {
		h.buf = h.buf[:n:n]
	}
}

// ReadFrom hashes everything r yields until io.EOF, reading 1 MiB at a
// time into a pooled block, and returns the number of bytes read and the
// first error other than io.EOF. A reader that returns no bytes and no
// error 100 times in a row fails with io.ErrNoProgress.
func (h *Hasher) ReadFrom(r io.Reader) (int64, error) {
	h.init()
	if h.err != nil {
		return 0, h.err
	}
	return h.readAll(r)
}

// Sum appends the digest of everything written since the last Reset to b
// and returns the result; it does not change the running state, so more
// can be written and summed again. Sum allocates nothing when b has room.
func (h *Hasher) Sum(b []byte) []byte {
	h.init()
	if h.d256 != nil && h.d256.nx == 0 {
		return h.sum256(b)
	}
	if h.d1 != nil && h.d1.nx == 0 {
		return h.sum1(b)
	}
	if h.d512 != nil && h.d512.nx == 0 {
		return h.sum512(b)
	}
	h.flush()
	if h.outer != nil {
		inner := h.eng.Sum(h.tmp[:0])
		_ = h.outer.UnmarshalBinary(h.opad)
		h.outer.Write(inner[:h.size])
		if h.size == len(inner) {
			return h.outer.Sum(b)
		}
		return append(b, h.outer.Sum(h.tmp[:0])[:h.size]...)
	}
	if h.alg == SHA224 { // SHA-256 engine from SHA-224's initial value (see sha224Init)
		return append(b, h.eng.Sum(h.tmp[:0])[:h.size]...)
	}
	return h.eng.Sum(b)
}

// sum256 is Sum for this package's SHA-224/256 engine when it holds no
// partial block: the whole blocks of the buffer are hashed in place, and
// the tail is padded and finished on a copy of the state. HMAC's outer
// hash is one finishing step from the saved opad state.
func (h *Hasher) sum256(b []byte) []byte {
	d := h.d256
	if n := len(h.buf) &^ 63; n > 0 {
		block256(&d.h, h.buf[:n])
		d.len += uint64(n)
		h.setBuffered(copy(h.full, h.buf[n:]))
	}
	// The digest is stored straight into b, by finish256's 8-byte
	// stores: built in a local and appended, it would be read back by
	// 16-byte loads that span two stores and wait for them to drain.
	b = slices.Grow(b, h.size)
	out := b[len(b) : len(b)+h.size]
	st := d.h
	finish256(&st, h.buf, d.len+uint64(len(h.buf)), out)
	if h.outer != nil {
		st = h.opad256
		finish256(&st, out, 64+uint64(h.size), out)
	}
	return b[:len(b)+h.size]
}

// sum1 is sum256 for SHA-1.
func (h *Hasher) sum1(b []byte) []byte {
	d := h.d1
	if n := len(h.buf) &^ 63; n > 0 {
		block1(&d.h, h.buf[:n])
		d.len += uint64(n)
		h.setBuffered(copy(h.full, h.buf[n:]))
	}
	b = slices.Grow(b, 20)
	out := (*[20]byte)(b[len(b) : len(b)+20])
	st := d.h
	finish1(&st, h.buf, d.len+uint64(len(h.buf)), out)
	if h.outer != nil {
		st = h.opad1
		finish1(&st, out[:], 64+20, out)
	}
	return b[:len(b)+20]
}

// sum512 is sum256 for SHA-384/512 and SHA-512/256.
func (h *Hasher) sum512(b []byte) []byte {
	d := h.d512
	if n := len(h.buf) &^ 127; n > 0 {
		block512(&d.h, h.buf[:n])
		d.len += uint64(n)
		h.setBuffered(copy(h.full, h.buf[n:]))
	}
	b = slices.Grow(b, h.size)
	out := b[len(b) : len(b)+h.size]
	st := d.h
	finish512(&st, h.buf, d.len+uint64(len(h.buf)), out)
	if h.outer != nil {
		st = h.opad512
		finish512(&st, out, 128+uint64(h.size), out)
	}
	return b[:len(b)+h.size]
}

// Digest returns the digest as a value, without allocating.
func (h *Hasher) Digest() Digest {
	var d Digest
	d.n = uint8(copy(d.b[:], h.Sum(h.out[:0])))
	return d
}

// AppendHex appends the digest in lower-case hex to dst.
func (h *Hasher) AppendHex(dst []byte) []byte {
	return hex.AppendEncode(dst, h.Sum(h.out[:0]))
}

// AppendBase64 appends the digest in standard padded base64 (RFC 4648) to
// dst.
func (h *Hasher) AppendBase64(dst []byte) []byte {
	return base64.StdEncoding.AppendEncode(dst, h.Sum(h.out[:0]))
}

// Verify reports, in time independent of the contents, whether want is
// exactly the digest (or MAC) of what was written.
func (h *Hasher) Verify(want []byte) bool {
	return subtle.ConstantTimeCompare(h.Sum(h.out[:0]), want) == 1
}

// VerifyTruncated reports, in time independent of the contents, whether
// tag is the leading len(tag) bytes of the digest: the truncated MACs of
// RFC 2104 section 5 (RFC 4231 test case 5 truncates to 128 bits). Tags
// shorter than MinTruncatedSize bytes, or longer than the digest, are
// rejected.
func (h *Hasher) VerifyTruncated(tag []byte) bool {
	h.init()
	if len(tag) < MinTruncatedSize || len(tag) > h.size {
		return false
	}
	return subtle.ConstantTimeCompare(h.Sum(h.out[:0])[:len(tag)], tag) == 1
}

// VerifyHex is Verify for a digest written in hex (either case). A
// malformed want is not a match.
func (h *Hasher) VerifyHex(want string) bool {
	h.init()
	var w [MaxSize]byte
	if len(want) != 2*h.size {
		return false
	}
	if _, err := decodeHex(w[:], want); err != nil {
		return false
	}
	return h.Verify(w[:h.size])
}

// MinTruncatedSize is the shortest truncated MAC, in bytes, that
// VerifyTruncated accepts: 80 bits, the floor of RFC 2104 section 5. The
// RFC also advises keeping at least half of the digest; that is the
// protocol designer's choice, so it is not enforced here.
const MinTruncatedSize = 10
