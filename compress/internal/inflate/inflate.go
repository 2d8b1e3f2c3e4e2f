// Package inflate is a DEFLATE (RFC 1951) decoder that streams from a
// core.BufferedReader, parsing the compressed bytes in the reader's
// window, with the decoding techniques of libdeflate and zlib-ng:
//
//   - a 64-bit bit buffer refilled without branches: load 8 bytes, shift
//     them in above the bits held, advance by the whole bytes that fit
//     (libdeflate's REFILL_BITS_BRANCHLESS), so a refill leaves 56 to 63
//     bits, enough for a literal/length codeword with its extra bits and a
//     distance codeword with its extra bits;
//   - an 11-bit primary literal/length table whose entries carry the
//     symbol, the length base and the extra-bit count, consumed with one
//     shift (libdeflate's decode table layout), and up to three literals
//     decoded per refill (libdeflate's and zlib-ng's multi-literal loop);
//   - match copies in 8-, 16- or 32-byte words that may write past the
//     match's end, with a byte-pattern path for distances below 8 (zlib-ng's
//     chunked copies), allowed by slack after the decode limit;
//   - a fast loop that checks its input and output bounds once per
//     iteration, and a careful loop, one symbol at a time with byte-wise
//     refills, near the end of the input window.
//
// Output goes to a buffer holding the 32 KiB window and a chunk; when the
// chunk is used up and delivered, the last 32 KiB slide to the front.
// The decoder consumes from its source exactly the bytes of the stream:
// bits loaded but not used at the end are given back.
package inflate

import (
	"errors"
	"io"

	"github.com/fastio-go/fastio/core"
)

// ErrCorrupt reports invalid deflate data.
var ErrCorrupt = errors.New("inflate: corrupt deflate data")

const (
	windowSize = 1 << 15
	bufSize    = 1 << 17
	// slack after the decode limit: a whole match (258 bytes) plus the
	// overrun of word copies fits, so decoding stops only between symbols.
	slack    = 258 + 64
	outLimit = bufSize - slack
	// inSlack is the input the fast loop may read past the position an
	// iteration starts at: a refill before the first iteration, then two
	// in it, each an 8-byte load at most 7 bytes after the one before.
	inSlack = 24
	// minChunk is the least room to decode into before the buffer slides.
	minChunk = 16 << 10
)

type state uint8

const (
	stHeader state = iota // a block header is next
	stStored              // inside a stored block
	stHuff                // inside a Huffman block
	stDone                // the final block ended
)

// Decoder inflates one deflate stream. The zero value is unusable: call
// Reset. A Decoder holds its tables and window (about 150 KiB) and
// allocates nothing after that.
type Decoder struct {
	src   core.BufferedReader
	win   []byte // src's window, as last seen
	ip    int    // next byte of win to load into bits
	base  int64  // bytes consumed from src before win
	bits  uint64 // bit buffer, LSB first; above nbits: the next bytes of win, or zeros
	nbits uint
	eof   bool // src said io.EOF

	op, rp  int   // out[rp:op] inflated and not yet delivered
	dropped int64 // output bytes that slid out of the buffer, less the dictionary
	state   state
	final   bool
	stored  int
	err     error

	litp  *[litTableSize]uint32
	distp *[distTableSize]uint32

	out  []byte // own, or the caller's buffer (ResetInto)
	lim  int    // len(out) - slack: decoding stops there
	into bool   // out is the caller's: it never slides
	own  [bufSize]byte
	lit  [litTableSize]uint32
	dist [distTableSize]uint32
	clen [clenTableSize]uint32
	lens [maxLit + maxDist]uint8
}

// Reset makes the decoder inflate a new stream read from src, with the
// preset dictionary dict (nil for none; only its last 32 KiB matter).
func (d *Decoder) Reset(src core.BufferedReader, dict []byte) {
	d.src = src
	d.win = src.Window()
	d.ip, d.base, d.bits, d.nbits, d.eof = 0, 0, 0, 0, false
	d.state, d.final, d.stored, d.err = stHeader, false, 0, nil
	d.out, d.lim, d.into = d.own[:], outLimit, false
	if len(dict) > windowSize {
		dict = dict[len(dict)-windowSize:]
	}
	d.op = copy(d.out, dict)
	d.rp = d.op
	d.dropped = -int64(d.op)
}

// ErrFull reports, from a decoder reset with ResetInto, output beyond
// the buffer's room.
var ErrFull = errors.New("inflate: output beyond the buffer")

// IntoSlack is the capacity a buffer given to ResetInto needs beyond the
// output it is to hold.
const IntoSlack = slack + 1

// ResetInto is Reset with no dictionary and the output going to buf,
// from its start, instead of the decoder's own buffer: Next returns
// consecutive pieces of buf, whose capacity must exceed the stream's
// output by IntoSlack, and ErrFull if the stream's output does not fit.
// A stream whose size is known is so inflated with no copy.
func (d *Decoder) ResetInto(src core.BufferedReader, buf []byte) {
	d.Reset(src, nil)
	buf = buf[:cap(buf)]
	d.out, d.lim, d.into = buf, max(0, len(buf)-slack), true
}

// Produced returns how many bytes the decoder has inflated, delivered or
// not. It grows in steps that depend only on the stream, not on the sizes
// of the reads.
func (d *Decoder) Produced() int64 { return d.dropped + int64(d.op) }

// InputOffset returns how many bytes of the stream the decoder has used,
// a byte of which only some bits were used included. At the end of the
// stream it is the stream's length, and src is positioned there.
func (d *Decoder) InputOffset() int64 {
	return d.base + int64(d.ip) - int64(d.nbits>>3)
}

// Read inflates into p. When everything inflated was delivered, it
// inflates up to the end of the buffer or of a block, whichever comes
// first, so that a block that was flushed is delivered without waiting
// for more input. It returns io.EOF after the end of the stream,
// an error wrapping io.ErrUnexpectedEOF when the input ends inside it,
// ErrCorrupt for invalid data, and src's error otherwise; errors are
// sticky. Bytes inflated before an error are delivered first.
func (d *Decoder) Read(p []byte) (int, error) {
	q, err := d.Next(len(p))
	return copy(p, q), err
}

// Next is Read without the copy: it returns up to n inflated bytes in
// the decoder's own buffer, valid until the next call of Next, Read or
// Reset, and counts them as delivered. It returns no bytes and no error
// for n <= 0, and otherwise at least one byte or an error, as Read.
func (d *Decoder) Next(n int) ([]byte, error) {
	if n <= 0 {
		return nil, nil
	}
	for d.rp == d.op {
		if d.err != nil {
			return nil, d.err
		}
		if d.state == stDone {
			return nil, io.EOF
		}
		switch {
		case d.into && d.op >= d.lim:
			d.fail(ErrFull)
			continue
		case !d.into && d.op+minChunk > d.lim:
			// Everything is delivered: keep the window, drop the rest.
			copy(d.out[:windowSize], d.out[d.op-windowSize:d.op])
			d.dropped += int64(d.op - windowSize)
			d.op, d.rp = windowSize, windowSize
		}
		d.decode(d.lim)
	}
	k := min(n, d.op-d.rp)
	q := d.out[d.rp : d.rp+k]
	d.rp += k
	return q, nil
}

// decode inflates until out reaches target (it may go a match beyond),
// the stream ends, or an error.
func (d *Decoder) decode(target int) {
	for d.op < target && d.err == nil {
		switch d.state {
		case stHeader:
			if d.op > d.rp && !d.final {
				return // a block ended: deliver it before reading on
			}
			if d.final {
				d.finish()
				return
			}
			d.header()
		case stStored:
			d.copyStored(target)
		case stHuff:
			d.huffman(target)
		case stDone:
			return
		}
	}
	if d.state == stHeader && d.final && d.err == nil {
		d.finish()
	}
}

// finish ends the stream: the bytes loaded but not used go back to src.
func (d *Decoder) finish() {
	d.rewind()
	d.src.Consume(d.ip)
	d.base += int64(d.ip)
	d.ip = 0
	d.win = d.src.Window()
	d.state = stDone
}

// rewind drops the whole bytes held in the bit buffer: win[ip:] starts at
// the first byte not used at all.
func (d *Decoder) rewind() {
	d.ip -= int(d.nbits >> 3)
	d.nbits &= 7
	d.bits &= 1<<d.nbits - 1
}

// more makes more input visible in win: it consumes what was used and
// fills src. At the end of the input it sets eof and returns
// io.ErrUnexpectedEOF.
func (d *Decoder) more() error {
	if d.eof {
		return io.ErrUnexpectedEOF
	}
	d.rewind()
	d.src.Consume(d.ip)
	d.base += int64(d.ip)
	d.ip = 0
	_, err := d.src.Fill()
	d.win = d.src.Window()
	switch {
	case err == io.EOF:
		d.eof = true
		return io.ErrUnexpectedEOF
	case err != nil:
		return err
	case len(d.win) == 0:
		return io.ErrNoProgress
	}
	return nil
}

// pull loads input bytes one at a time until the bit buffer holds n bits.
// At the end of the input it returns io.ErrUnexpectedEOF with what it
// could load.
func (d *Decoder) pull(n uint) error {
	for d.nbits < n {
		if d.ip < len(d.win) {
			d.bits |= uint64(d.win[d.ip]) << d.nbits
			d.ip++
			d.nbits += 8
			continue
		}
		if err := d.more(); err != nil {
			if d.ip < len(d.win) {
				continue // the bytes more gave back before the end
			}
			return err
		}
	}
	return nil
}

// getBits reads n (at most 32) bits.
func (d *Decoder) getBits(n uint) (uint32, error) {
	if err := d.pull(n); err != nil {
		return 0, err
	}
	v := uint32(d.bits & (1<<n - 1))
	d.bits >>= n
	d.nbits -= n
	return v, nil
}

func (d *Decoder) fail(err error) { d.err = err }

// header reads a block header and, for a dynamic block, its code tables.
func (d *Decoder) header() {
	h, err := d.getBits(3)
	if err != nil {
		d.fail(err)
		return
	}
	d.final = h&1 != 0
	switch h >> 1 {
	case 0:
		d.bits >>= d.nbits & 7
		d.nbits -= d.nbits & 7
		v, err := d.getBits(32)
		if err != nil {
			d.fail(err)
			return
		}
		if uint16(v) != ^uint16(v>>16) {
			d.fail(ErrCorrupt)
			return
		}
		d.rewind()
		d.stored = int(uint16(v))
		d.state = stStored
	case 1:
		d.litp, d.distp = &fixed.lit, &fixed.dist
		d.state = stHuff
	case 2:
		if err := d.dynamic(); err != nil {
			d.fail(err)
			return
		}
		d.litp, d.distp = &d.lit, &d.dist
		d.state = stHuff
	default:
		d.fail(ErrCorrupt)
	}
}

// CLenOrder is the order in which a dynamic header sends the code lengths
// of the code-length code (RFC 1951 section 3.2.7).
var CLenOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// dynamic reads the code tables of a dynamic block (RFC 1951 3.2.7).
func (d *Decoder) dynamic() error {
	h, err := d.getBits(14)
	if err != nil {
		return err
	}
	nlit := int(h&31) + 257
	ndist := int(h>>5&31) + 1
	nclen := int(h>>10) + 4
	if nlit > maxLit || ndist > maxDist {
		return ErrCorrupt
	}
	var cl [19]uint8
	for i := range nclen {
		v, err := d.getBits(3)
		if err != nil {
			return err
		}
		cl[CLenOrder[i]] = uint8(v)
	}
	if !build(d.clen[:], cl[:], clenBits, kindCLen) {
		return ErrCorrupt
	}
	lens := d.lens[:nlit+ndist]
	for i := 0; i < len(lens); {
		// A code-length codeword is at most 7 bits, its repeat count 7.
		if err := d.pull(14); err != nil && err != io.ErrUnexpectedEOF {
			return err
		}
		e := d.clen[d.bits&clenMask]
		n := uint(e & 0xff)
		if e&flagBad != 0 {
			if n > d.nbits {
				return io.ErrUnexpectedEOF
			}
			return ErrCorrupt
		}
		if n > d.nbits {
			return io.ErrUnexpectedEOF
		}
		d.bits >>= n
		d.nbits -= n
		sym := e >> 16
		if sym < 16 {
			lens[i] = uint8(sym)
			i++
			continue
		}
		var rep int
		var val uint8
		switch sym {
		case 16:
			if i == 0 {
				return ErrCorrupt
			}
			v, err := d.getBits(2)
			if err != nil {
				return err
			}
			rep, val = 3+int(v), lens[i-1]
		case 17:
			v, err := d.getBits(3)
			if err != nil {
				return err
			}
			rep = 3 + int(v)
		default:
			v, err := d.getBits(7)
			if err != nil {
				return err
			}
			rep = 11 + int(v)
		}
		if i+rep > len(lens) {
			return ErrCorrupt
		}
		for range rep {
			lens[i] = val
			i++
		}
	}
	if !build(d.lit[:], lens[:nlit], litBits, kindLit) || !build(d.dist[:], lens[nlit:], distBits, kindDist) {
		return ErrCorrupt
	}
	return nil
}

// copyStored copies a stored block's bytes.
func (d *Decoder) copyStored(target int) {
	for d.stored > 0 && d.op < target {
		if d.ip == len(d.win) {
			if err := d.more(); err != nil {
				d.fail(err)
				return
			}
		}
		n := copy(d.out[d.op:min(target, d.op+d.stored)], d.win[d.ip:])
		d.ip += n
		d.op += n
		d.stored -= n
	}
	if d.stored == 0 {
		d.state = stHeader
	}
}

// huffman decodes a Huffman block's symbols: in the fast loop while the
// input window and the output buffer have room, else one at a time.
func (d *Decoder) huffman(target int) {
	for d.op < target && d.state == stHuff && d.err == nil {
		if d.ip+inSlack <= len(d.win) {
			d.fast(target)
			continue
		}
		if !d.eof {
			// A window too small for the fast loop is full here: the
			// careful loop decodes from it as it is.
			if err := d.more(); err != nil && err != io.ErrUnexpectedEOF && err != core.ErrBufferFull {
				d.fail(err)
				return
			}
			if d.ip+inSlack <= len(d.win) {
				continue
			}
		}
		d.slow()
	}
}

// slow decodes one symbol (and the distance of a match) with byte-wise
// refills, telling truncated input from corrupt input.
func (d *Decoder) slow() {
	// Enough bits for a length with its extra bits and a distance with
	// its extra bits, if the input has them.
	if err := d.pull(48); err != nil && err != io.ErrUnexpectedEOF {
		d.fail(err)
		return
	}
	e := d.litp[d.bits&litMask]
	if e&flagSub != 0 {
		if litBits > d.nbits {
			d.fail(io.ErrUnexpectedEOF)
			return
		}
		sub := (d.bits >> litBits) & (1<<(e>>8&15) - 1)
		e2 := d.litp[uint64(e>>16)+sub]
		if litBits+uint(e2&0xff) > d.nbits {
			d.fail(io.ErrUnexpectedEOF)
			return
		}
		d.bits >>= litBits
		d.nbits -= litBits
		e = e2
	}
	n := uint(e & 0xff)
	if n > d.nbits {
		d.fail(io.ErrUnexpectedEOF)
		return
	}
	switch {
	case e&flagLit != 0:
		d.bits >>= n
		d.nbits -= n
		d.out[d.op] = byte(e >> 16)
		d.op++
		return
	case e&flagEOB != 0:
		d.bits >>= n
		d.nbits -= n
		d.state = stHeader
		return
	case e&flagBad != 0:
		d.fail(ErrCorrupt)
		return
	}
	length := int(e>>16) + int((d.bits&(1<<n-1))>>(e>>8&15))
	d.bits >>= n
	d.nbits -= n
	e = d.distp[d.bits&distMask]
	if e&flagSub != 0 {
		if distBits > d.nbits {
			d.fail(io.ErrUnexpectedEOF)
			return
		}
		sub := (d.bits >> distBits) & (1<<(e>>8&15) - 1)
		e2 := d.distp[uint64(e>>16)+sub]
		if distBits+uint(e2&0xff) > d.nbits {
			d.fail(io.ErrUnexpectedEOF)
			return
		}
		d.bits >>= distBits
		d.nbits -= distBits
		e = e2
	}
	n = uint(e & 0xff)
	if n > d.nbits {
		d.fail(io.ErrUnexpectedEOF)
		return
	}
	if e&flagBad != 0 {
		d.fail(ErrCorrupt)
		return
	}
	dist := int(e>>16) + int((d.bits&(1<<n-1))>>(e>>8&15))
	d.bits >>= n
	d.nbits -= n
	if dist > d.op {
		d.fail(ErrCorrupt)
		return
	}
	// Byte by byte: the careful path is rare and short.
	out := d.out
	for i := d.op; i < d.op+length; i++ {
		out[i] = out[i-dist]
	}
	d.op += length
}
