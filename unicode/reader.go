package unicode

import (
	"io"

	"github.com/fastio-go/fastio/core"
	"golang.org/x/text/transform"
)

// DefaultReaderSize is the buffer size of NewReader.
const DefaultReaderSize = 16 << 10

// Reader converts what it reads from a source core.BufferedReader, decoding
// straight from the source's window (Window/Consume) with no intermediate
// copy. A sequence split across the source's fills is converted as if it had
// come in one piece.
//
// Reader is a core.BufferedReader itself, built on core.Reader: Window,
// Fill and Consume expose its buffer of converted bytes, and Peek, Discard,
// ReadByte and WriteTo work on it. A Read at least as large as the buffer,
// made while the window is empty, converts straight into the caller's
// slice.
//
// Errors are sticky: after bad input under the Strict policy, or a source
// error other than io.EOF, every later call returns the same error, once the
// bytes converted before it have been delivered.
type Reader struct {
	eng    core.Reader
	src    core.BufferedReader
	wrap   *core.Reader // the buffer made for a source that had none, kept for Reset
	t      Transformer
	srcEOF bool
	err    error // sticky: bad input, a source error, io.EOF
}

// readSource is the Reader seen as the device of its engine: its Read
// yields converted text.
type readSource Reader

// NewReader returns a Reader that converts with c what it reads from r,
// wrapped with core.WrapReader unless it is a core.BufferedReader already,
// with a buffer of DefaultReaderSize bytes.
func (c Converter) NewReader(r io.Reader) *Reader {
	return c.NewReaderSize(r, DefaultReaderSize)
}

// NewReaderSize is NewReader with a buffer of size bytes; sizes below
// core.MinBufferSize (zero included) mean core.MinBufferSize.
func (c Converter) NewReaderSize(r io.Reader, size int) *Reader {
	cr := &Reader{}
	cr.setSrc(r)
	cr.t.init(c)
	cr.eng = *core.NewReaderSize((*readSource)(cr), max(size, core.MinBufferSize))
	return cr
}

// Reset discards the buffered output and any error, restarts the conversion
// and makes the Reader read from src, keeping its buffer (and the one it
// put under a source that was not a core.BufferedReader).
func (r *Reader) Reset(src io.Reader) {
	r.setSrc(src)
	r.t.Reset()
	r.srcEOF, r.err = false, nil
	r.eng.Reset((*readSource)(r))
}

// setSrc makes the Reader read from src: a core.BufferedReader as it is,
// another io.Reader through a core.Reader, the one made for an earlier
// source when there is one, so that Reset does not allocate a buffer.
func (r *Reader) setSrc(src io.Reader) {
	if _, ok := src.(core.BufferedReader); ok || r.wrap == nil {
		r.src = core.WrapReader(src)
		if w, ok := r.src.(*core.Reader); ok && w != src {
			r.wrap = w
		}
		return
	}
	r.wrap.Reset(src)
	r.src = r.wrap
}

// Read reads converted bytes into p.
func (r *Reader) Read(p []byte) (int, error) { return r.eng.Read(p) }

// Window returns the converted bytes buffered and not yet consumed.
func (r *Reader) Window() []byte { return r.eng.Window() }

// Consume drops the first n bytes of the window, n clamped to
// [0, len(Window())].
func (r *Reader) Consume(n int) { r.eng.Consume(n) }

// Fill converts more input into the buffer, moving the window to its start
// first. It follows the core.BufferedReader contract: it returns the number
// of bytes added, 0 and io.EOF at the end of the text, 0 and
// core.ErrBufferFull when the window fills the buffer (or the next
// character does not fit what is left of it).
func (r *Reader) Fill() (int, error) { return r.eng.Fill() }

// Buffered returns the length of the window.
func (r *Reader) Buffered() int { return len(r.eng.Window()) }

// Size returns the size of the buffer in bytes.
func (r *Reader) Size() int { return r.eng.Size() }

// ReadByte reads one converted byte.
func (r *Reader) ReadByte() (byte, error) { return r.eng.ReadByte() }

// Peek returns the next n converted bytes without consuming them; see
// core.Reader.Peek.
func (r *Reader) Peek(n int) ([]byte, error) { return r.eng.Peek(n) }

// Discard skips the next n converted bytes; see core.Reader.Discard.
func (r *Reader) Discard(n int) (int, error) { return r.eng.Discard(n) }

// WriteTo converts the rest of the input and writes it to w. When w is a
// core.BufferedWriter (a core.Writer, a device file), the text is converted
// straight into w's buffer, as a Writer converts into its destination's;
// the bytes are then in w's buffer, to be flushed by w's Flush or Close.
func (r *Reader) WriteTo(w io.Writer) (int64, error) {
	bw, ok := w.(core.BufferedWriter)
	if !ok {
		return r.eng.WriteTo(w)
	}
	var total int64
	if win := r.eng.Window(); len(win) > 0 {
		m, err := bw.Write(win)
		r.eng.Consume(m)
		total += int64(m)
		if err != nil {
			return total, err
		}
	}
	// An empty Read reports what the window hid: the end, an error not
	// yet returned, or a closed Reader.
	if _, err := r.eng.Read(nil); err != nil {
		if err == io.EOF {
			err = nil
		}
		return total, err
	}
	n, err := (*readSource)(r).writeTo(bw)
	return total + n, err
}

// Close drops the window; later calls return an error satisfying
// errors.Is(err, fs.ErrClosed). It does not close the source.
func (r *Reader) Close() error { return r.eng.Close() }

// Read converts into p, reading from the source as needed, until it has
// written at least one byte or meets the end or an error.
func (s *readSource) Read(p []byte) (int, error) {
	r := (*Reader)(s)
	if r.err != nil {
		return 0, r.err
	}
	for {
		nd, ns, err := r.t.Transform(p, r.src.Window(), r.srcEOF)
		r.src.Consume(ns)
		switch err {
		case nil:
			if r.srcEOF {
				r.err = io.EOF
			}
		case transform.ErrShortSrc:
		case transform.ErrShortDst:
			if nd == 0 {
				return 0, io.ErrShortBuffer // the next character does not fit p
			}
		default:
			r.err = err
		}
		if nd > 0 {
			return nd, nil
		}
		if r.err != nil {
			return 0, r.err
		}
		if err == transform.ErrShortDst {
			continue
		}
		// The window is used up (or holds an incomplete sequence): read on.
		if _, ferr := r.src.Fill(); ferr != nil {
			if ferr != io.EOF {
				r.err = ferr
				return 0, ferr
			}
			r.srcEOF = true
		}
	}
}

// writeTo converts the rest of the source into w's free space, reading
// from the source as needed, until the end of the text or an error.
func (s *readSource) writeTo(w core.BufferedWriter) (int64, error) {
	r := (*Reader)(s)
	derr, _ := w.(interface{ Err() error })
	var total int64
	want := minReserve
	for r.err == nil {
		buf := w.Reserve(want)
		nd, ns, err := r.t.Transform(buf, r.src.Window(), r.srcEOF)
		r.src.Consume(ns)
		w.Commit(nd)
		total += int64(nd)
		if derr != nil {
			// A destination like core.Writer keeps its device error
			// sticky; stop converting into a buffer that goes nowhere.
			if err := derr.Err(); err != nil {
				return total, err
			}
		}
		want = minReserve
		switch err {
		case nil:
			if r.srcEOF {
				r.err = io.EOF
				continue
			}
		case transform.ErrShortSrc:
		case transform.ErrShortDst:
			if nd == 0 && ns == 0 {
				// Only a bridged stage can want more than minReserve
				// bytes for one step; offer it more, up to a bound.
				if len(buf) >= 1<<16 {
					return total, io.ErrShortBuffer
				}
				want = 2 * len(buf)
			}
			continue
		default:
			r.err = err
			continue
		}
		// The window is used up (or holds an incomplete sequence): read on.
		if _, ferr := r.src.Fill(); ferr != nil {
			if ferr != io.EOF {
				r.err = ferr
				continue
			}
			r.srcEOF = true
		}
	}
	if r.err == io.EOF {
		return total, nil
	}
	return total, r.err
}

var _ core.BufferedReader = (*Reader)(nil)
