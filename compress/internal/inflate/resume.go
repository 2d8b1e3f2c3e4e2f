package inflate

import (
	"io"

	"github.com/fastio-go/fastio/core"
)

// This file lets a decoder take over a stream at a block boundary and
// stop at one, for decoding a stream in pieces: ResetAt starts at a bit
// offset with a known window, NextUntil stops at the first block boundary
// past a bit offset that a caller's test accepts, BitOffset and History
// say where the decoder is and what it would need to go on.

// ResetAt is Reset for a stream taken up in the middle: the first skip
// (0 to 7) bits of src's first byte are not part of it, and a block
// header follows them. dict is the window: the output before that
// point (only its last 32 KiB matter). Offsets count from src's first
// byte.
func (d *Decoder) ResetAt(src core.BufferedReader, dict []byte, skip uint) {
	d.Reset(src, dict)
	if skip&7 != 0 {
		if _, err := d.getBits(skip & 7); err != nil {
			d.fail(err)
		}
	}
}

// BitOffset returns how many bits of the input the decoder has used.
func (d *Decoder) BitOffset() int64 {
	return 8*(d.base+int64(d.ip)) - int64(d.nbits)
}

// History returns the last 32 KiB of the output (or all of it, with the
// dictionary, if shorter), valid until the next call of any other method.
func (d *Decoder) History() []byte {
	return d.out[max(0, d.op-windowSize):d.op]
}

// NextUntil is Next that also stops between blocks: when everything
// inflated was delivered and the decoder is at the start of a block (not
// after the final one) whose bit offset is at least stop and for which
// accept (nil: any block) reports true, it returns no bytes and stopped
// true. Calling it again after such a stop decodes on.
func (d *Decoder) NextUntil(n int, stop int64, accept func(bit int64) bool) (q []byte, stopped bool, err error) {
	if n <= 0 {
		return nil, false, nil
	}
	for d.rp == d.op {
		if d.err != nil {
			return nil, false, d.err
		}
		if d.state == stDone {
			return nil, false, io.EOF
		}
		if d.state == stHeader && !d.final {
			if b := d.BitOffset(); b >= stop && (accept == nil || accept(b)) {
				return nil, true, nil
			}
		}
		if d.op+minChunk > d.lim {
			copy(d.out[:windowSize], d.out[d.op-windowSize:d.op])
			d.dropped += int64(d.op - windowSize)
			d.op, d.rp = windowSize, windowSize
		}
		d.step(d.lim)
	}
	k := min(n, d.op-d.rp)
	q = d.out[d.rp : d.rp+k]
	d.rp += k
	return q, false, nil
}

// step decodes one block header, or a block's data up to its end or to
// target, or ends the stream after its final block.
func (d *Decoder) step(target int) {
	switch d.state {
	case stHeader:
		if d.final {
			d.finish()
			return
		}
		d.header()
	case stStored:
		d.copyStored(target)
	case stHuff:
		d.huffman(target)
	}
}
