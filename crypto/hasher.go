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
// io.StringWriter, io.ByteWriter, io.ReaderFrom and hash.Hash. Its
// buffering is core.Writer's (the rules of errors and of Reserve and Commit
// are the engine's): written bytes are gathered in a buffer of BufferSize
// bytes, the hash function is given whole blocks, and the whole blocks of a
// write of a block or more made while nothing is buffered are hashed in
// place. The inlined fast paths write into space reserved from the engine,
// as a formatter does, and commit it before any other call on it.
//
// A Hasher made by NewHMAC computes HMAC over its algorithm with the key
// it was given; Reset starts a new message under the same key.
//
// Writes never fail: the device has no I/O. The one error a Hasher can
// record is core.ErrInvalidCount, from a Commit outside the reserved slice;
// it is sticky (later writes return it and hash nothing) and Flush and Err
// report it until Reset.
//
// Size is the digest size, as hash.Hash and the standard library's
// crypto.Hash have it; the buffer's size is the constant BufferSize. A
// Hasher has no Close: it owns no device, and the digest can be read at any
// time.
//
// The zero Hasher hashes with SHA-256; New and NewHMAC make the others.
//
// A Hasher is not safe for concurrent use.
type Hasher struct {
	// win is free space of the engine's buffer, reserved from it and
	// filled by the inlined fast paths, as a formatter fills what it
	// reserved: win[:len(win)] is written and not yet committed, cap(win)
	// ends the reservation. Every call on the engine commits it first
	// (settle). It is nil while nothing is reserved (a zero Hasher, after a
	// sticky error), which sends every write to the slow path. full is the
	// whole reservation, win a prefix of it. badCommit records a Commit out
	// of range, for the engine to hear of at the next settle: the fast
	// path cannot afford the call.
	win, full []byte
	badCommit bool
	// bw is the buffering engine; its Sink is the Hasher itself (hashSink),
	// which hashes the whole blocks of what it is given and leaves the
	// partial block in the buffer.
	bw core.Writer

	alg Algorithm
	eng engine // the hash state, plain or HMAC
	mac bool   // made by NewHMAC

	// Scratch for digests: a local array would escape through the
	// engine's interface call and cost an allocation.
	out [MaxSize]byte
}

// hashSink is the Hasher seen as the core.Sink of its buffering engine.
type hashSink Hasher

// New returns a Hasher for algorithm a. The error, for an invalid a, is an
// *AlgorithmError wrapping ErrAlgorithm.
func New(a Algorithm) (*Hasher, error) {
	if !a.Valid() {
		return nil, &AlgorithmError{Value: a}
	}
	h := &Hasher{alg: a, eng: newEngine(a)}
	h.bw = *core.NewSinkWriter((*hashSink)(h), BufferSize)
	h.reserve()
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
	h.eng.setKey(key)
	h.mac = true
	return h, nil
}

// init makes a zero Hasher a SHA-256 one. Every path that reaches the
// engine calls it first; the fast paths need not, since a zero Hasher has
// no window.
func (h *Hasher) init() {
	if h.eng == nil {
		h.initZero()
	}
}

// initZero is init's out-of-line part, so that init inlines.
//
//go:noinline
func (h *Hasher) initZero() {
	g, _ := New(SHA256)
	bad := h.badCommit // a misused Commit on the zero Hasher stays recorded
	*h = Hasher{alg: g.alg, eng: g.eng, badCommit: bad}
	h.bw = *core.NewSinkWriter((*hashSink)(h), BufferSize)
	h.reserve()
}

// minWindow is the least free space the fast paths are given at a time.
const minWindow = 64

// settle commits what the fast paths wrote into the window and drops it;
// every call on the engine comes after it.
func (h *Hasher) settle() {
	if h.win != nil {
		h.bw.Commit(len(h.win))
		h.win, h.full = nil, nil
	}
	if h.badCommit {
		h.badCommit = false
		h.bw.Commit(-1) // records core.ErrInvalidCount
	}
}

// reserve opens a window on the engine's free space, unless the engine
// holds a sticky error.
func (h *Hasher) reserve() {
	if h.bw.Err() == nil {
		h.full = h.bw.Reserve(minWindow)
		h.win = h.full[:0]
	}
}

// Algorithm returns the hash function of h.
func (h *Hasher) Algorithm() Algorithm {
	h.init()
	return h.alg
}

// IsHMAC reports whether h computes an HMAC.
func (h *Hasher) IsHMAC() bool { return h.mac }

// Size returns the digest size in bytes.
func (h *Hasher) Size() int {
	h.init()
	return h.alg.Size()
}

// BlockSize returns the block size of the hash function in bytes.
func (h *Hasher) BlockSize() int {
	h.init()
	return h.alg.BlockSize()
}

// Buffered returns the number of bytes written but not yet hashed.
func (h *Hasher) Buffered() int { return len(h.win) + h.bw.Buffered() }

// Err returns the sticky error, or nil.
func (h *Hasher) Err() error {
	if h.badCommit {
		h.init()
		h.settle()
	}
	return h.bw.Err()
}

// Reset discards everything written and any error and starts a new
// message; an HMAC Hasher keeps its key.
func (h *Hasher) Reset() {
	h.init()
	if h.win != nil && h.bw.Buffered() == 0 && !h.badCommit {
		// Everything since the last Reset is in the window: drop it.
		h.win = h.win[:0]
	} else {
		h.win, h.full, h.badCommit = nil, nil, false
		h.bw.ResetSink((*hashSink)(h))
		h.reserve()
	}
	h.eng.reset()
}

// Write hashes p. It returns len(p), nil unless a misused Commit left a
// sticky error, which it then returns having hashed nothing.
func (h *Hasher) Write(p []byte) (int, error) {
	n := len(h.win)
	if len(p)-8 <= 8 && len(p) >= 8 && n+16 <= cap(h.win) {
		h.win = h.win[:n+len(p)]
		move8to16(unsafe.Pointer(&h.win[n]), unsafe.Pointer(unsafe.SliceData(p)), len(p))
		return len(p), nil
	}
	if len(p) <= cap(h.win)-n && len(p) < directWrite {
		h.win = append(h.win, p...)
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
	if len(p) > cap(h.win)-len(h.win) {
		h.putSlow(p)
		return
	}
	h.win = append(h.win, p...)
}

// PutString is Put for a string, without converting it. Its fast path
// inlines; a constant string is stored with plain moves, no memmove call.
func (h *Hasher) PutString(s string) {
	if len(s) > cap(h.win)-len(h.win) {
		h.putStringSlow(s)
		return
	}
	h.win = append(h.win, s...)
}

// PutByte is WriteByte without a result. Its fast path inlines.
func (h *Hasher) PutByte(c byte) {
	if len(h.win) == cap(h.win) {
		_ = h.writeByteSlow(c)
		return
	}
	h.win = append(h.win, c)
}

// putSlow and putStringSlow stay out of line so that Put and PutString
// inline.
//
//go:noinline
func (h *Hasher) putSlow(p []byte) { _, _ = h.writeSlow(p) }

//go:noinline
func (h *Hasher) putStringSlow(s string) {
	_, _ = h.writeSlow(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// move8to16 copies n bytes, 8 <= n <= 16, from src to dst with two
// overlapping 8-byte moves: for the short writes of line-oriented output
// (12-byte "Hello World\n" lines) this is cheaper than a call to
// memmove. The caller guarantees 16 bytes of room at dst.
func move8to16(dst, src unsafe.Pointer, n int) {
	*(*[8]byte)(dst) = *(*[8]byte)(src)
	*(*[8]byte)(unsafe.Add(dst, n-8)) = *(*[8]byte)(unsafe.Add(src, n-8))
}

// WriteString is Write for a string, without converting it.
func (h *Hasher) WriteString(s string) (int, error) {
	n := len(h.win)
	if len(s)-8 <= 8 && len(s) >= 8 && n+16 <= cap(h.win) {
		h.win = h.win[:n+len(s)]
		move8to16(unsafe.Pointer(&h.win[n]), unsafe.Pointer(unsafe.StringData(s)), len(s))
		return len(s), nil
	}
	if len(s) <= cap(h.win)-n && len(s) < directWrite {
		h.win = append(h.win, s...)
		return len(s), nil
	}
	return h.writeSlow(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// WriteByte hashes one byte.
func (h *Hasher) WriteByte(c byte) error {
	if len(h.win) < cap(h.win) {
		h.win = append(h.win, c)
		return nil
	}
	return h.writeByteSlow(c)
}

func (h *Hasher) writeByteSlow(c byte) error {
	h.init()
	h.settle()
	err := h.bw.WriteByte(c)
	h.reserve()
	return err
}

// writeSlow hands p to the engine: copied into its buffer, or for a write
// longer than the buffer straight to the hash function. A write of a block
// or more made while nothing is buffered has its whole blocks hashed in
// place first, as the engine does for writes longer than its buffer: the
// copy would cost more than the call (3% of a 1 KiB message).
func (h *Hasher) writeSlow(p []byte) (int, error) {
	h.init()
	total := len(p)
	if len(h.win) == 0 && h.bw.Buffered() == 0 && h.bw.Err() == nil && !h.badCommit && len(p) >= h.alg.BlockSize() {
		k, _ := (*hashSink)(h).Take(p, false)
		p = p[k:]
	}
	h.settle()
	n, err := h.bw.Write(p)
	h.reserve()
	return total - len(p) + n, err
}

// Take hashes the whole blocks of p and leaves the partial block to the
// buffer (see core.Sink). The Hasher never closes its buffering engine, so
// final is never set.
func (s *hashSink) Take(p []byte, final bool) (int, error) {
	h := (*Hasher)(s)
	k := len(p) - len(p)%h.alg.BlockSize()
	h.eng.blocks(p[:k])
	return k, nil
}

// Flush has nothing to push: a hash has no device.
func (s *hashSink) Flush() error { return nil }

// Reserve returns the free space of the buffer, at least n bytes (see
// core.BufferedWriter). After a sticky error it returns scratch space whose
// committed bytes are dropped.
func (h *Hasher) Reserve(n int) []byte {
	if n <= cap(h.win)-len(h.win) {
		return h.full[len(h.win):]
	}
	return h.reserveSlow(n)
}

func (h *Hasher) reserveSlow(n int) []byte {
	h.init()
	h.settle()
	p := h.bw.Reserve(n)
	if h.bw.Err() == nil {
		h.full, h.win = p, p[:0]
	}
	return p
}

// Commit hashes the first n bytes of the slice returned by the last
// Reserve. An n outside that slice hashes nothing and records
// core.ErrInvalidCount.
func (h *Hasher) Commit(n int) {
	if uint(n) <= uint(cap(h.win)-len(h.win)) {
		h.win = h.win[:len(h.win)+n]
		return
	}
	// Out of range: close the fast paths and let the engine record the
	// error at the next settle.
	h.badCommit = true
	h.win = h.win[:len(h.win):len(h.win)]
}

// Flush hands the whole blocks buffered to the hash function and returns
// the sticky error, if any. Sum and Digest need no Flush.
func (h *Hasher) Flush() error {
	h.init()
	h.settle()
	err := h.bw.Flush()
	h.reserve()
	return err
}

// ReadFrom hashes everything r yields until io.EOF, reading 64 KiB at a
// time into a pooled block, and returns the number of bytes read and the
// first error other than io.EOF. A reader that returns no bytes and no
// error 100 times in a row fails with an error satisfying
// errors.Is(err, io.ErrNoProgress).
func (h *Hasher) ReadFrom(r io.Reader) (int64, error) {
	h.init()
	if err := h.bw.Err(); err != nil {
		return 0, err
	}
	return h.readAll(r)
}

// Sum appends the digest of everything written since the last Reset to b
// and returns the result; it does not change the running state, so more
// can be written and summed again. Sum allocates nothing when b has room.
func (h *Hasher) Sum(b []byte) []byte {
	h.init()
	if h.bw.Buffered() == 0 && !h.badCommit {
		// The bytes not yet hashed are all in the window: finish on them
		// without committing them.
		return h.sum(b, h.win)
	}
	h.settle()
	b = h.sum(b, h.bw.Pending())
	h.reserve()
	return b
}

// sum is Sum given the bytes not yet hashed. The digest is stored straight
// into b by the engine's 8-byte stores: built in a local and appended, it
// would be read back by 16-byte loads that span two stores and wait for
// them to drain.
func (h *Hasher) sum(b, tail []byte) []byte {
	size := h.alg.Size()
	b = slices.Grow(b, size)
	h.eng.sum(tail, b[len(b):len(b)+size])
	return b[:len(b)+size]
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
	if len(tag) < MinTruncatedSize || len(tag) > h.alg.Size() {
		return false
	}
	return subtle.ConstantTimeCompare(h.Sum(h.out[:0])[:len(tag)], tag) == 1
}

// VerifyHex is Verify for a digest written in hex (either case). A
// malformed want is not a match.
func (h *Hasher) VerifyHex(want string) bool {
	h.init()
	var w [MaxSize]byte
	if len(want) != 2*h.alg.Size() {
		return false
	}
	if _, err := decodeHex(w[:], want); err != nil {
		return false
	}
	return h.Verify(w[:h.alg.Size()])
}

// MinTruncatedSize is the shortest truncated MAC, in bytes, that
// VerifyTruncated accepts: 80 bits, the floor of RFC 2104 section 5. The
// RFC also advises keeping at least half of the digest; that is the
// protocol designer's choice, so it is not enforced here.
const MinTruncatedSize = 10
