package compress

import (
	"encoding/binary"
	"errors"
	"sync/atomic"

	"github.com/fastio-go/fastio/compress/internal/inflate"
)

// The speculative inflater of the parallel Reader (after rapidgzip:
// Knespel and Brunst, "Rapidgzip: Parallel Decompression and Seeking in
// Gzip Files Using Cache Prefetching", HPDC 2023). It decodes deflate
// blocks from a bit offset where the 32 KiB window before it is unknown:
// output goes to 16-bit values, a literal as its byte and a byte of the
// unknown window as a marker, 0x8000 plus its index in the window, so
// that matches copy markers like bytes. Once the window is known the
// markers are replaced by the bytes they stand for.
//
// It is at least as strict as the inflate engine: a stream the engine
// rejects, it rejects too (the reverse is allowed: the parallel Reader
// then inflates that part with the engine, which reports the error).

// errSpec is any reason a speculative decoding stops short: corrupt or
// missing input, too much output. The parallel Reader then inflates the
// part with the engine.
var errSpec = errors.New("speculation failed")

const (
	markBase = 0x8000 // a marker is markBase + the index of a window byte
	hPrim    = 7      // primary index bits of the code-length code's table: all its codewords
)

// huff is a canonical Huffman code: codewords of up to hPrim bits are
// decoded with one lookup (sym<<4 | length, 0 for longer or unused
// codewords), longer ones bit by bit from the counts (as zlib's puff).
type huff struct {
	prim  [1 << hPrim]uint16
	count [16]uint16
	sym   [19]uint16
}

// build makes h the code of lens. It reports false where the engine's
// tables do: an over-subscribed code, or an incomplete one other than a
// single codeword of length 1 or an empty code.
func (h *huff) build(lens []uint8) bool {
	if !validCode(lens) {
		return false
	}
	h.count = [16]uint16{}
	for _, l := range lens {
		h.count[l]++
	}
	h.count[0] = 0
	var offs [17]uint16
	for l := 1; l < 16; l++ {
		offs[l+1] = offs[l] + h.count[l]
	}
	h.prim = [1 << hPrim]uint16{}
	var code [16]uint32 // next codeword of each length
	c := uint32(0)
	for l := 1; l < 16; l++ {
		code[l] = c
		c = (c + uint32(h.count[l])) << 1
	}
	for s, l := range lens {
		if l == 0 {
			continue
		}
		h.sym[offs[l]] = uint16(s)
		offs[l]++
		cw := code[l]
		code[l]++
		if int(l) > hPrim {
			continue
		}
		// Reverse the codeword: deflate sends Huffman codes MSB first.
		r := uint32(0)
		for i := uint8(0); i < l; i++ {
			r = r<<1 | (cw>>i)&1
		}
		for k := r; k < 1<<hPrim; k += 1 << l {
			h.prim[k] = uint16(s)<<4 | uint16(l)
		}
	}
	return true
}

// decode returns the symbol at the bottom of bits (at least 15 valid) and
// its codeword length, or ok false for a codeword the code does not have.
func (h *huff) decode(bits uint64) (sym, n uint, ok bool) {
	if e := h.prim[bits&(1<<hPrim-1)]; e != 0 {
		return uint(e >> 4), uint(e & 15), true
	}
	code, first, index := 0, 0, 0
	for l := uint(1); l < 16; l++ {
		code |= int(bits & 1)
		bits >>= 1
		c := int(h.count[l])
		if code-c < first {
			return uint(h.sym[index+code-first]), l, true
		}
		index += c
		first = (first + c) << 1
		code <<= 1
	}
	return 0, 0, false
}

// bitReader reads bits LSB first from a byte slice, with zeros past its
// end that over counts.
type bitReader struct {
	in    []byte
	ip    int // next byte to load (past len(in) for the zeros)
	bits  uint64
	nbits uint
}

func (b *bitReader) reset(in []byte, bit int64) {
	b.in, b.ip, b.bits, b.nbits = in, int(bit>>3), 0, 0
	b.refill()
	b.bits >>= uint(bit & 7)
	b.nbits -= uint(bit & 7)
}

// refill makes at least 56 bits valid.
func (b *bitReader) refill() {
	if b.ip+8 <= len(b.in) {
		b.bits |= binary.LittleEndian.Uint64(b.in[b.ip:]) << b.nbits
		b.ip += int(63-b.nbits) >> 3
		b.nbits |= 56
		return
	}
	for b.nbits <= 56 {
		if b.ip < len(b.in) {
			b.bits |= uint64(b.in[b.ip]) << b.nbits
		}
		b.ip++
		b.nbits += 8
	}
}

// pos returns the bit offset of the next bit.
func (b *bitReader) pos() int64 { return int64(b.ip)*8 - int64(b.nbits) }

// past reports whether the bits used run past the end of the input.
func (b *bitReader) past() bool { return b.pos() > int64(len(b.in))*8 }

func (b *bitReader) take(n uint) uint64 {
	v := b.bits & (1<<n - 1)
	b.bits >>= n
	b.nbits -= n
	return v
}

// readDynamic reads the code lengths of a dynamic block, whose header
// bits (3) were taken, into lens: nlit literal/length lengths, then the
// distance lengths, up to n. It reports false for a header the engine
// rejects before building the codes, or input that runs out; the codes
// themselves are checked by their caller.
func readDynamic(b *bitReader, lens *[320]uint8) (nlit, n int, ok bool) {
	b.refill()
	nlit = int(b.take(5)) + 257
	ndist := int(b.take(5)) + 1
	nclen := int(b.take(4)) + 4
	if nlit > 286 || ndist > 30 {
		return 0, 0, false
	}
	var cl [19]uint8
	for i := range nclen {
		if i%16 == 0 {
			b.refill()
		}
		cl[inflate.CLenOrder[i]] = uint8(b.take(3))
	}
	var ch huff
	if !ch.build(cl[:]) {
		return 0, 0, false
	}
	ls := lens[:nlit+ndist]
	// The Kraft sums of the two codes so far, in units of 2^-15: over
	// 2^15 is over-subscribed, which the engine rejects; random bits (the
	// block finder's false candidates) mostly fail here, early.
	var sum [2]uint32
	for i := 0; i < len(ls); {
		b.refill()
		sym, k, ok := ch.decode(b.bits)
		if !ok {
			return 0, 0, false
		}
		b.take(k)
		rep, val := 1, uint8(sym)
		switch sym {
		case 16:
			if i == 0 {
				return 0, 0, false
			}
			rep, val = 3+int(b.take(2)), ls[i-1]
		case 17:
			rep, val = 3+int(b.take(3)), 0
		case 18:
			rep, val = 11+int(b.take(7)), 0
		}
		if i+rep > len(ls) {
			return 0, 0, false
		}
		for range rep {
			ls[i] = val
			if val != 0 {
				c := &sum[(i-nlit)>>63+1]
				if *c += 1 << (15 - val); *c > 1<<15 {
					return 0, 0, false
				}
			}
			i++
		}
	}
	if b.past() {
		return 0, 0, false
	}
	return nlit, len(ls), true
}

// specDecoder is the speculative inflater's state.
type specDecoder struct {
	b        bitReader
	out      []uint16       // out[:markWindow] are the window's markers
	lastMark int            // index in out of the last marker
	scanned  int            // out[:scanned] was searched for markers
	tab      inflate.Tables // the dynamic block's codes
	tail     []byte         // the input's last bytes, padded (huffman)
	lens     [320]uint8
	cancel   *atomic.Bool // set when the result is no longer wanted
	stop     *atomic.Bool // set when the decoding is to stop at the next block boundary
	// more, if not nil, reads more of the input after b.in, returning
	// the longer input (the same array), or nil at its end.
	more func() []byte
	// progress, if not nil, is told of each block boundary past the
	// first: its bit offset and the output before it (which the
	// decoder does not write again).
	progress func(at int64, out []uint16)
}

// ensure reads input until n bytes are there after the bit reader's next
// byte, or the input ends: a block header is parsed from bytes that are
// all there, so that no bit past the input is taken for a zero.
func (s *specDecoder) ensure(n int) {
	for s.more != nil && len(s.b.in)-s.b.ip < n {
		in := s.more()
		if in == nil {
			s.more = nil
			return
		}
		s.b.in = in
	}
}

const markWindow = 1 << 15

// specStop says why the speculative inflater stopped.
type specStop uint8

const (
	specAtStop  specStop = iota // at a block boundary the caller accepted
	specClean                   // at a block boundary after 32 KiB without markers
	specFinal                   // after the final block
	specPartial                 // at a block boundary with the output at its cap
	specKnown                   // at a block boundary after known reported true
)

// reset starts decoding in at bit, with the output holding the window's
// markers only, in buf if it has room.
func (s *specDecoder) reset(in []byte, bit int64, buf []uint16) {
	s.b.reset(in, bit)
	s.out = buf
	if cap(s.out) < markWindow {
		s.out = make([]uint16, markWindow, markWindow+256<<10)
	}
	s.out = s.out[:markWindow]
	for i := range s.out {
		s.out[i] = uint16(markBase + i)
	}
	s.lastMark, s.scanned = markWindow-1, markWindow
}

// clean reports whether the last 32 KiB of the output hold no marker.
func (s *specDecoder) clean() bool {
	for i := len(s.out) - 1; i >= s.scanned; i-- {
		if s.out[i] > 0xff {
			s.lastMark = i
			break
		}
	}
	s.scanned = len(s.out)
	return len(s.out)-1-s.lastMark >= markWindow
}

// run decodes blocks until: a boundary at or past stop that accept takes
// (specAtStop), a boundary past the first block with 32 KiB of clean
// output (specClean), the end of the final block (specFinal), or a
// boundary past the first block with more than limit values of output
// or with s.stop (if not nil) set (specPartial). It returns errSpec for
// anything else.
func (s *specDecoder) run(stop int64, accept func(int64) bool, limit int) (specStop, error) {
	b := &s.b
	for first := true; ; first = false {
		if b.past() || s.cancel.Load() {
			return 0, errSpec
		}
		s.ensure(maxHeaderBytes + 16)
		if !first {
			at := b.pos()
			if at >= stop && accept(at) {
				return specAtStop, nil
			}
			if len(s.out)-markWindow > limit || s.stop != nil && s.stop.Load() {
				return specPartial, nil
			}
			if s.clean() {
				return specClean, nil
			}
			if s.progress != nil {
				s.progress(at, s.out)
			}
		}
		b.refill()
		final := b.take(1) == 1
		var err error
		switch b.take(2) {
		case 0:
			err = s.stored(limit)
		case 1:
			err = s.huffman(inflate.Fixed, limit)
		case 2:
			nlit, n, ok := readDynamic(b, &s.lens)
			if !ok || !s.tab.Build(s.lens[:nlit], s.lens[nlit:n]) {
				return 0, errSpec
			}
			err = s.huffman(&s.tab, limit)
		default:
			return 0, errSpec
		}
		if err != nil {
			return 0, err
		}
		if final {
			if b.past() {
				return 0, errSpec
			}
			return specFinal, nil
		}
	}
}

func (s *specDecoder) stored(limit int) error {
	b := &s.b
	b.take(b.nbits & 7)
	b.refill()
	v := b.take(32)
	if uint16(v) != ^uint16(v>>16) {
		return errSpec
	}
	n := int(uint16(v))
	// Back to byte reading: the bits held are whole bytes.
	b.ip -= int(b.nbits >> 3)
	b.bits, b.nbits = 0, 0
	s.ensure(n)
	if b.ip+n > len(b.in) || len(s.out)-markWindow+n > limit+1<<16 {
		return errSpec
	}
	for _, c := range b.in[b.ip : b.ip+n] {
		s.out = append(s.out, uint16(c))
	}
	b.ip += n
	return nil
}

// huffman decodes a Huffman block's symbols with the tables t, in the
// inflate engine's loop for 16-bit output (inflate.DecodeMarks). The last
// bytes of the input, too few for the loop's loads, are decoded from a
// copy with zeros after them (s.tail); a block whose end lies in the
// zeros is not in the input, and fails.
func (s *specDecoder) huffman(t *inflate.Tables, limit int) error {
	b := &s.b
	st := inflate.MarkState{Bits: b.bits, NBits: b.nbits, IP: b.ip, OP: len(s.out)}
	max := markWindow + limit + 1<<16
	out := s.out[:cap(s.out)]
	in, base := b.in, 0 // in[i] is b.in[base+i]
	for {
		if st.OP+inflate.MarkSlack+markGrain > len(out) {
			if st.OP > max {
				return errSpec
			}
			n := make([]uint16, 2*len(out)+inflate.MarkSlack+markGrain)
			copy(n, out[:st.OP])
			out = n
		}
		switch inflate.DecodeMarks(t, in, out, len(out)-inflate.MarkSlack, &st) {
		case inflate.EndOfBlock:
			s.out = out[:st.OP]
			b.bits, b.nbits, b.ip = st.Bits, st.NBits, base+st.IP
			if b.past() {
				return errSpec
			}
			return nil
		case inflate.Corrupt:
			return errSpec
		}
		if st.IP > len(in)-inflate.InSlack {
			if base == 0 && s.more != nil {
				b.ip = st.IP
				s.ensure(1 << 16)
				if len(b.in) > len(in) {
					in = b.in
					continue
				}
			}
			if base > 0 || len(b.in)-st.IP > markTail {
				return errSpec // the block goes on past the input
			}
			base = st.IP
			s.tail = append(append(s.tail[:0], b.in[min(base, len(b.in)):]...), make([]byte, markTail)...)
			in, st.IP = s.tail, 0
		}
	}
}

// markGrain is the least output room the 16-bit loop is given at a time;
// markTail is the zero padding of the input's last bytes, enough for the
// loop to read every bit of them.
const (
	markGrain = 64 << 10
	markTail  = 64
)
