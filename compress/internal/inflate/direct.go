package inflate

import (
	"errors"

	"github.com/fastio-go/fastio/core"
)

// Slack is the room DecodeAll needs in its buffer past the output: the
// decoding loops write a match and the overrun of their word copies
// beyond the point where they stop.
const Slack = slack

// ErrFull reports a stream whose output does not fit the buffer given to
// DecodeAll.
var ErrFull = errors.New("inflate: output larger than the buffer")

// DecodeAll inflates the whole stream read from src, without a
// dictionary, into dst, in which the decoding loops write directly: no
// window slides through the decoder's own buffer and nothing is copied
// out of it. It returns the output's length, with ErrFull when the
// output would exceed len(dst)-Slack bytes, or the error Read would
// return. Afterwards the decoder is as after the end of the stream
// (InputOffset is the stream's length); Reset or ResetAt makes it use
// its own buffer again.
func (d *Decoder) DecodeAll(src core.BufferedReader, dst []byte) (int, error) {
	d.Reset(src, nil)
	if len(dst) <= Slack {
		return 0, ErrFull
	}
	d.buf, d.lim = dst, len(dst)-Slack
	for {
		d.decode(d.lim)
		d.rp = d.op // delivered: decode stops at block ends to deliver
		switch {
		case d.err != nil:
			return min(d.op, d.lim), d.err
		case d.state == stDone:
			return d.op, nil
		case d.op >= d.lim:
			return d.lim, ErrFull
		}
	}
}
