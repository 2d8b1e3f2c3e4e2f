package unicode

import (
	"io"

	"github.com/fastio-go/fastio/core"
	"golang.org/x/text/transform"
)

// maxPending is the longest incomplete sequence a Writer keeps between
// writes: 3 bytes for the native encodings; the rest is for bridged
// decoders that look further ahead.
const maxPending = 32

// minReserve is the space a Writer asks of its destination per step: room
// for the largest output of one character (4 bytes) many times over.
const minReserve = 64

// DefaultWriterSize is the buffer size of NewWriter. Writes at least as
// long as the buffer are converted straight from the caller's slice (a
// sequence the previous write cut is completed first, from a copy of at
// most a few dozen bytes), smaller ones are gathered first; a small buffer
// lets writes of a few hundred bytes skip the copy.
const DefaultWriterSize = 256

// Writer converts what is written to it and writes the result to a
// destination core.BufferedWriter, straight into the destination's buffer
// (Reserve/Commit). It is a core.BufferedWriter itself, built on
// core.Writer: bytes written are gathered in its buffer (or, for a large
// write, taken straight from the caller's slice) and converted when the
// buffer fills, on Flush and on Close. A sequence split across writes is
// completed by the next bytes, so the output does not depend on how the
// input was cut.
//
// Close, not Flush, ends the text: Flush converts what is buffered and
// pushes the result to the destination's device, keeping an incomplete
// sequence for the next write, while Close converts that too (U+FFFD, or
// ErrTruncated under the Strict policy) and then flushes. Close does not
// close the destination.
//
// Errors are sticky. Under the Strict policy bad input is reported when it
// is converted: by the Write that fills the buffer, or at the latest by
// Flush or Close, and the bytes converted before it reach the destination's
// device all the same.
type Writer struct {
	eng  core.Writer
	dst  core.BufferedWriter
	derr interface{ Err() error } // dst, when it reports its sticky error
	t    Transformer
}

// writeSink is the Writer seen as the core.Sink of its engine.
type writeSink Writer

// NewWriter returns a Writer that converts with c and writes to w, wrapped
// with core.WrapWriter unless it is a core.BufferedWriter already, with a
// buffer of DefaultWriterSize bytes.
func (c Converter) NewWriter(w io.Writer) *Writer {
	return c.NewWriterSize(w, DefaultWriterSize)
}

// NewWriterSize is NewWriter with a buffer of size bytes; sizes below
// core.MinBufferSize (zero included) mean core.MinBufferSize.
func (c Converter) NewWriterSize(w io.Writer, size int) *Writer {
	cw := &Writer{}
	cw.setDst(w)
	cw.t.init(c)
	cw.eng = *core.NewSinkWriter((*writeSink)(cw), size)
	return cw
}

// Reset discards the buffered bytes and any error, restarts the conversion
// and makes the Writer write to dst, keeping its buffer.
func (w *Writer) Reset(dst io.Writer) {
	w.setDst(dst)
	w.t.Reset()
	w.eng.ResetSink((*writeSink)(w))
}

func (w *Writer) setDst(dst io.Writer) {
	w.dst = core.WrapWriter(dst)
	w.derr, _ = w.dst.(interface{ Err() error })
}

// Pending returns how many bytes written have not been converted yet: after
// Flush, those of an incomplete sequence held back for the next write.
func (w *Writer) Pending() int { return w.eng.Buffered() }

// Size returns the size of the buffer in bytes.
func (w *Writer) Size() int { return w.eng.Size() }

// Err returns the sticky error, or nil.
func (w *Writer) Err() error { return w.eng.Err() }

// Write converts p. It returns len(p) once p is buffered or converted; an
// error stops it, n then counting the bytes of p taken before it.
func (w *Writer) Write(p []byte) (int, error) { return w.eng.Write(p) }

// WriteString is Write for a string, without copying it.
func (w *Writer) WriteString(s string) (int, error) { return w.eng.WriteString(s) }

// WriteByte writes one byte of the source text.
func (w *Writer) WriteByte(c byte) error { return w.eng.WriteByte(c) }

// Reserve returns buffer space for at least n bytes of source text; the
// bytes committed from it are converted as by Write. See
// core.BufferedWriter.
func (w *Writer) Reserve(n int) []byte { return w.eng.Reserve(n) }

// Commit adds the first n bytes of the slice returned by Reserve to the
// text. A count outside it records core.ErrInvalidCount.
func (w *Writer) Commit(n int) { w.eng.Commit(n) }

// Flush converts the buffered bytes, except an incomplete sequence at their
// end, and writes the result through to the destination's device.
func (w *Writer) Flush() error { return w.eng.Flush() }

// Close ends the text: it converts the buffered bytes and a final
// incomplete sequence (one U+FFFD, or an *Error wrapping ErrTruncated under
// the Strict policy), flushes the destination, and returns the first error
// met. It does not close the destination. Later calls return an error
// satisfying errors.Is(err, fs.ErrClosed).
func (w *Writer) Close() error { return w.eng.Close() }

// Take converts p into the destination; see core.Sink.
func (s *writeSink) Take(p []byte, final bool) (int, error) {
	w := (*Writer)(s)
	done, want := 0, minReserve
	for {
		buf := w.dst.Reserve(want)
		nd, ns, err := w.t.Transform(buf, p[done:], final)
		w.dst.Commit(nd)
		done += ns
		if w.derr != nil {
			// A destination like core.Writer keeps its device error
			// sticky; stop converting into a buffer that goes nowhere.
			if derr := w.derr.Err(); derr != nil {
				return done, derr
			}
		}
		switch err {
		case nil:
			return done, nil
		case transform.ErrShortSrc:
			if len(p)-done > maxPending {
				return done, ErrPendingTooLong
			}
			return done, nil
		case transform.ErrShortDst:
			want = minReserve
			if nd == 0 && ns == 0 {
				// Only a bridged stage can want more than minReserve bytes
				// for one step; offer it more, up to a bound.
				if len(buf) >= 1<<16 {
					return done, io.ErrShortBuffer
				}
				want = 2 * len(buf)
			}
		default:
			return done, err
		}
	}
}

// Flush flushes the destination; see core.Sink.
func (s *writeSink) Flush() error { return s.dst.Flush() }

var _ core.BufferedWriter = (*Writer)(nil)
