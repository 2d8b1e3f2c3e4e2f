// Package deflate is a streaming deflate (RFC 1951) compressor for two
// speeds: a greedy parse over a hash table of two entries per bucket
// (level 1), and a lazy parse over hash chains (level 6), after the
// matchers libdeflate describes (Eric Biggers, libdeflate,
// lib/ht_matchfinder.h and lib/hc_matchfinder.h). Each block gets its own
// Huffman codes, or the static code or a stored block when those are
// smaller.
//
// Input is gathered into chunks of chunkSize bytes, each compressed with
// the 32 KiB before it as history, so matches reach across chunks; a
// chunk ends its last block, which costs a block header per chunk.
package deflate

import (
	"io"
	"math/bits"
)

const (
	windowSize = 1 << 15   // deflate's largest distance
	chunkSize  = 256 << 10 // input compressed at once
	maxTokens  = 1 << 18   // more than a block's symbols: a block codes at most 1.25 × 128 KiB
	minMatch   = 3
	maxMatch   = 258
	maxCodeLen = 15 // longest litlen or distance code
	preLen     = 7  // longest code-length code
	numLitLen  = 286
	numDist    = 30
	endBlock   = 256

	// baseStart is the virtual position of the first byte of a fresh
	// stream; entries of the tables are virtual positions, and those
	// below the window are never followed.
	baseStart = windowSize + 1
	baseLimit = 1 << 31
)

// Encoder compresses a deflate stream to a writer. The zero value is not
// usable; NewEncoder makes one.
type Encoder struct {
	p   params
	dst io.Writer
	err error

	buf  []byte // history (up to windowSize bytes) then pending input
	pos  int    // start of the pending input in buf
	base uint32 // virtual position of buf[0]

	m matcher

	tokens   []uint32 // literals (< 256) and matches (1<<31 | distance code<<25 | length<<16 | distance)
	litFreq  [numLitLen]uint32
	distFreq [numDist]uint32

	out []byte // compressed bytes not yet written to dst
	bb  uint64 // bits not yet in out, LSB first
	nb  uint   // how many

	litLens   [numLitLen]uint8
	distLens  [numDist]uint8
	litCodes  [numLitLen]uint16
	distCodes [numDist]uint16
	preFreq   [19]uint32
	preLens   [19]uint8
	preCodes  [19]uint16
	rle       []uint8 // the code-length sequence, run-length coded (symbol, extra)

	hsyms   []uint32
	hweight []uint32
	hparent []uint32
	hdepth  []uint32
}

// params is what a level means.
type params struct {
	lazy       bool // hash chains and lazy evaluation; else greedy over the two-entry table
	depth      int  // chain steps per position (lazy)
	nextDepth  int  // chain steps at the position after a match, deciding whether to defer it
	nice       int  // a match this long is taken without looking further
	blockInput int  // input bytes per block at most
}

// NewEncoder returns an Encoder at level (1 or 6; other values mean the
// nearer of the two) writing to dst.
func NewEncoder(dst io.Writer, level int) *Encoder {
	e := &Encoder{
		buf:     make([]byte, 0, windowSize+chunkSize),
		tokens:  make([]uint32, 0, maxTokens),
		hsyms:   make([]uint32, 0, numLitLen),
		hweight: make([]uint32, 2*numLitLen),
		hparent: make([]uint32, 2*numLitLen),
		hdepth:  make([]uint32, 2*numLitLen),
		rle:     make([]uint8, 0, 2*(numLitLen+numDist)),
		// A chunk's output: stored blocks at worst, and a sync marker.
		out: make([]byte, 0, windowSize+chunkSize+(windowSize+chunkSize)/0xffff*5+64),
	}
	if level <= 3 {
		e.p = params{nice: 258, blockInput: 64 << 10}
	} else {
		e.p = params{lazy: true, depth: 35, nextDepth: 8, nice: 65, blockInput: 128 << 10}
	}
	e.m.init(e.p.lazy)
	e.base = baseStart
	e.Reset(dst, nil)
	return e
}

// Reset discards the stream and starts a new one to dst, primed with dict
// (its last 32 KiB) as if it had been compressed first.
func (e *Encoder) Reset(dst io.Writer, dict []byte) {
	e.dst, e.err = dst, nil
	e.out, e.bb, e.nb = e.out[:0], 0, 0
	e.tokens = e.tokens[:0]
	next := uint64(e.base) + uint64(len(e.buf)) + windowSize + 1
	if next >= baseLimit {
		e.m.clear()
		next = baseStart
	}
	e.base = uint32(next)
	if len(dict) > windowSize {
		dict = dict[len(dict)-windowSize:]
	}
	e.buf = append(e.buf[:0], dict...)
	e.pos = len(e.buf)
	e.m.insertRange(e, 0, len(e.buf))
}

// ResetDict is Reset with the argument order of klauspost's flate.Writer.
func (e *Encoder) ResetDict(dst io.Writer, dict []byte) { e.Reset(dst, dict) }

// Write compresses p (in chunks, as they fill).
func (e *Encoder) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 && e.err == nil {
		if len(e.buf) == cap(e.buf) {
			e.compress(false)
			e.slide()
			e.writeOut()
			continue
		}
		k := copy(e.buf[len(e.buf):cap(e.buf)], p)
		e.buf = e.buf[:len(e.buf)+k]
		p = p[k:]
		n += k
	}
	return n, e.err
}

// Flush compresses everything written, ends the block and aligns the
// stream to a byte with an empty stored block (a sync flush), and writes
// the compressed bytes to dst.
func (e *Encoder) Flush() error {
	if e.err != nil {
		return e.err
	}
	e.compress(false)
	e.putBits(0, 3) // stored, not final
	e.alignByte()
	e.out = append(e.out, 0, 0, 0xff, 0xff)
	e.slide()
	e.writeOut()
	return e.err
}

// Close compresses everything written, ends the stream with a final block
// and writes the rest of the compressed bytes to dst. It does not close
// dst.
func (e *Encoder) Close() error {
	if e.err != nil {
		return e.err
	}
	if !e.compress(true) {
		// Nothing pending: an empty final block of the static code.
		e.putBits(1|1<<1, 3)
		e.putBits(0, 7)
	}
	e.alignByte()
	e.writeOut()
	return e.err
}

func (e *Encoder) writeOut() {
	if len(e.out) == 0 || e.err != nil {
		return
	}
	_, e.err = e.dst.Write(e.out)
	e.out = e.out[:0]
}

// slide keeps the last windowSize bytes of buf as history.
func (e *Encoder) slide() {
	if len(e.buf) <= windowSize {
		return
	}
	d := len(e.buf) - windowSize
	copy(e.buf, e.buf[d:])
	e.buf = e.buf[:windowSize]
	e.pos = windowSize
	e.base += uint32(d)
	if e.base >= baseLimit {
		// Rebase: drop the tables' history rather than renumber them.
		e.m.clear()
		e.base = baseStart
		e.m.insertRange(e, 0, len(e.buf))
	}
}

// compress compresses the pending input into blocks, the last one final
// when final is set; it reports whether there was pending input.
func (e *Encoder) compress(final bool) bool {
	end := len(e.buf)
	if e.pos == end {
		return false
	}
	for start := e.pos; start < end; {
		stop := min(end, start+e.p.blockInput)
		// Leave no tail shorter than a quarter block for a block of its own.
		if end-stop < e.p.blockInput/4 {
			stop = end
		}
		e.tokens = e.tokens[:0]
		clear(e.litFreq[:])
		clear(e.distFreq[:])
		var next int
		if e.p.lazy {
			next = e.parseLazy(start, stop, end)
		} else {
			next = e.parseGreedy(start, stop, end)
		}
		e.writeBlock(e.buf[start:next], final && next == end)
		start = next
	}
	e.pos = end
	return true
}

// matchLen returns how many bytes from a and b (a < b) agree, at most
// limit, comparing 8 bytes at a time.
func matchLen(buf []byte, a, b, limit int) int {
	n := 0
	for n+8 <= limit {
		if x := load64(buf, a+n) ^ load64(buf, b+n); x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		n += 8
	}
	for n < limit && buf[a+n] == buf[b+n] {
		n++
	}
	return n
}

func (e *Encoder) literal(c byte) {
	e.tokens = append(e.tokens, uint32(c))
	e.litFreq[c]++
}

// distSym returns the distance code of dist (1 to 32768).
func distSym(dist int) int {
	x := dist - 1
	if x < 4 {
		return x
	}
	n := bits.Len(uint(x)) - 1
	return 2*n + (x>>(n-1))&1
}

// lenSym[l-3] is the length code of l, less 257.
var lenSym [256]uint8

// lenBase and distBase are the first value of each code; lenExtra and
// distExtra its extra bits.
var (
	lenBase   [29]uint16
	lenExtra  [29]uint8
	distBase  [30]uint16
	distExtra [30]uint8
)

func init() {
	l := 3
	for c := range 28 {
		lenBase[c] = uint16(l)
		if c >= 8 {
			lenExtra[c] = uint8((c - 4) / 4)
		}
		for range 1 << lenExtra[c] {
			lenSym[l-3] = uint8(c)
			l++
		}
	}
	lenBase[28], lenSym[255] = 258, 28
	d := 1
	for c := range 30 {
		distBase[c] = uint16(d)
		if c >= 4 {
			distExtra[c] = uint8((c - 2) / 2)
		}
		d += 1 << distExtra[c]
	}
}
