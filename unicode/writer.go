package unicode

import (
	"io"
	"unsafe"

	"github.com/fastio-go/fastio/core"
	"golang.org/x/text/transform"
)

// maxPending is how many bytes of an incomplete sequence a Writer keeps
// between writes: 3 for the native encodings; the rest is for bridged
// decoders that look further ahead.
const maxPending = 32

// minReserve is the space a Writer asks of its destination per step: room
// for the largest output of one character (4 bytes) many times over.
const minReserve = 64

// Writer converts what is written to it and writes the result to a
// destination core.BufferedWriter, straight into the destination's buffer
// (Reserve/Commit) with no intermediate copy. A sequence split across
// writes is held back (at most a few bytes) and completed by the next write,
// so the output does not depend on how the input was cut.
//
// Writer is itself a core.BufferedWriter: Reserve lends a staging buffer
// whose committed bytes are converted.
//
// Close, not Flush, ends the text: Flush pushes the converted bytes to the
// destination's device but keeps an incomplete sequence pending, while Close
// converts it (U+FFFD or ErrTruncated) and then flushes. Errors are sticky.
type Writer struct {
	dst  core.BufferedWriter
	derr interface{ Err() error } // dst's sticky error, when it exposes it
	t    Transformer
	pend [maxPending]byte
	np   int
	err  error
	// dstErr reports that err came from the destination (or is
	// core.ErrClosed): the destination is then not flushed again. After
	// bad input the destination still works, and the bytes converted
	// before the bad sequence are flushed to it.
	dstErr bool
	stage  []byte // Reserve's buffer, allocated on first use
}

// NewWriter returns a Writer that converts with c and writes to w, wrapped
// with core.WrapWriter unless it is a core.BufferedWriter already.
func (c Converter) NewWriter(w io.Writer) *Writer {
	cw := &Writer{}
	cw.setDst(w)
	cw.t.init(c)
	return cw
}

// Reset discards the pending bytes and any error, restarts the conversion
// and makes the Writer write to w.
func (w *Writer) Reset(dst io.Writer) {
	w.setDst(dst)
	w.t.Reset()
	w.np, w.err, w.dstErr = 0, nil, false
}

func (w *Writer) setDst(dst io.Writer) {
	w.dst = core.WrapWriter(dst)
	w.derr, _ = w.dst.(interface{ Err() error })
}

// Pending returns how many bytes of an incomplete sequence are held back.
func (w *Writer) Pending() int { return w.np }

// Write converts p. It returns len(p) unless the destination fails or, under
// the Strict policy, p holds bad input; n then counts the bytes of p
// consumed before it.
func (w *Writer) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	total := len(p)
	if w.np > 0 {
		k := min(len(p), len(w.pend)-w.np)
		copy(w.pend[w.np:], p[:k])
		have := w.np + k
		ns, err := w.push(w.pend[:have], false)
		if err != nil {
			return max(ns-w.np, 0), err
		}
		if ns < w.np {
			if k < len(p) {
				return 0, w.fail(ErrPendingTooLong)
			}
			// Still incomplete: everything waits for the next write.
			w.np = copy(w.pend[:], w.pend[ns:have])
			return total, nil
		}
		p = p[ns-w.np:]
		w.np = 0
	}
	ns, err := w.push(p, false)
	if err != nil {
		return total - len(p) + ns, err
	}
	if rest := p[ns:]; len(rest) > 0 {
		if len(rest) > len(w.pend) {
			return total - len(rest), w.fail(ErrPendingTooLong)
		}
		w.np = copy(w.pend[:], rest)
	}
	return total, nil
}

// WriteString is Write for a string, without copying it.
func (w *Writer) WriteString(s string) (int, error) {
	return w.Write(unsafe.Slice(unsafe.StringData(s), len(s)))
}

func (w *Writer) fail(err error) error {
	w.err = err
	return err
}

// failDst records an error of the destination.
func (w *Writer) failDst(err error) error {
	w.err, w.dstErr = err, true
	return err
}

// push converts src into the destination until src is consumed or ends in
// an incomplete sequence, returning how much of src it consumed.
func (w *Writer) push(src []byte, atEOF bool) (int, error) {
	done, want := 0, minReserve
	for {
		buf := w.dst.Reserve(want)
		nd, ns, err := w.t.Transform(buf, src[done:], atEOF)
		w.dst.Commit(nd)
		done += ns
		if w.derr != nil {
			// A destination like core.Writer keeps its device error
			// sticky; stop converting into a buffer that goes nowhere.
			if derr := w.derr.Err(); derr != nil {
				return done, w.failDst(derr)
			}
		}
		switch err {
		case nil, transform.ErrShortSrc:
			return done, nil
		case transform.ErrShortDst:
			want = minReserve
			if nd == 0 && ns == 0 {
				// Only a bridged stage can want more than minReserve bytes
				// for one step; offer it more, up to a bound.
				if len(buf) >= 1<<16 {
					return done, w.fail(io.ErrShortBuffer)
				}
				want = 2 * len(buf)
			}
		default:
			return done, w.fail(err)
		}
	}
}

// Flush writes the converted bytes through to the destination's device. An
// incomplete sequence stays pending. After bad input under the Strict
// policy, Flush still delivers the bytes converted before it and then
// returns the *Error.
func (w *Writer) Flush() error {
	if w.dstErr {
		return w.err
	}
	if err := w.dst.Flush(); err != nil {
		if w.err == nil {
			return w.failDst(err)
		}
		w.dstErr = true
		return err
	}
	return w.err
}

// Close ends the text: it converts a pending incomplete sequence (one
// U+FFFD, or an *Error wrapping ErrTruncated under the Strict policy),
// flushes the converted bytes to the destination's device — those before
// bad input too — and returns the error: the destination's if it failed,
// else the conversion's. It does not close the destination. Later calls
// return ErrClosed.
func (w *Writer) Close() error {
	if w.err == core.ErrClosed {
		return core.ErrClosed
	}
	if w.err == nil {
		w.push(w.pend[:w.np], true)
		w.np = 0
	}
	err := w.Flush()
	w.err, w.dstErr = core.ErrClosed, true
	return err
}

// Reserve returns a staging buffer of at least n bytes; the bytes
// committed from it are converted as by Write. It makes the Writer a
// core.BufferedWriter, so that fastio formatters can write to it.
func (w *Writer) Reserve(n int) []byte {
	if cap(w.stage) < max(n, 512) {
		w.stage = make([]byte, max(n, 4096))
	}
	return w.stage[:cap(w.stage)]
}

// Commit converts the first n bytes of the buffer returned by Reserve. A
// count outside it records core.ErrCommitRange.
func (w *Writer) Commit(n int) {
	if uint(n) > uint(len(w.stage)) {
		if w.err == nil {
			w.err = core.ErrCommitRange
		}
		return
	}
	w.Write(w.stage[:n])
}

var _ core.BufferedWriter = (*Writer)(nil)
