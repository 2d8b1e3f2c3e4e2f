package unicode

import (
	"io"

	"github.com/fastio-go/fastio/core"
	"golang.org/x/text/transform"
)

// readerBufferSize is the size of a Reader's output buffer.
const readerBufferSize = 16 << 10

// Reader converts what it reads from a source core.BufferedReader, decoding
// straight from the source's window (Window/Consume) with no intermediate
// copy. A sequence split across the source's fills is converted as if it had
// come in one piece.
//
// Reader is itself a core.BufferedReader: Window, Fill and Consume expose its
// buffer of converted bytes. Read converts straight into the caller's slice
// when that is at least 64 bytes and nothing is buffered.
//
// Errors are sticky: after bad input under the Strict policy, or a source
// error other than io.EOF, every later call returns the same error, once the
// bytes converted before it have been delivered.
type Reader struct {
	src    core.BufferedReader
	t      Transformer
	buf    []byte
	r, w   int
	srcEOF bool
	err    error
}

// NewReader returns a Reader that converts with c what it reads from r,
// wrapped with core.WrapReader unless it is a core.BufferedReader already.
func (c Converter) NewReader(r io.Reader) *Reader {
	cr := &Reader{src: core.WrapReader(r), buf: make([]byte, readerBufferSize)}
	cr.t.init(c)
	return cr
}

// Reset discards the buffered output and any error, restarts the conversion
// and makes the Reader read from r, keeping its buffer.
func (r *Reader) Reset(src io.Reader) {
	r.src = core.WrapReader(src)
	r.t.Reset()
	r.r, r.w, r.srcEOF, r.err = 0, 0, false, nil
}

// produce converts into dst, reading from the source as needed, until it
// has written at least one byte or meets the end or an error.
func (r *Reader) produce(dst []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	for {
		nd, ns, err := r.t.Transform(dst, r.src.Window(), r.srcEOF)
		r.src.Consume(ns)
		switch err {
		case nil:
			if r.srcEOF {
				r.err = io.EOF
			}
		case transform.ErrShortSrc:
		case transform.ErrShortDst:
			if nd == 0 {
				r.err = io.ErrShortBuffer
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

// Read reads converted bytes into p.
func (r *Reader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if r.r == r.w {
		if len(p) >= minReserve {
			return r.produce(p)
		}
		if _, err := r.Fill(); err != nil {
			return 0, err
		}
	}
	n := copy(p, r.buf[r.r:r.w])
	r.r += n
	return n, nil
}

// Window returns the converted bytes buffered and not yet consumed.
func (r *Reader) Window() []byte { return r.buf[r.r:r.w] }

// Consume drops the first n bytes of the window, n clamped to
// [0, len(Window())].
func (r *Reader) Consume(n int) {
	r.r += min(max(n, 0), r.w-r.r)
}

// Fill converts more input into the buffer, moving the window to its start
// first. It follows the core.BufferedReader contract: it returns the number
// of bytes added, 0 and io.EOF at the end of the text, 0 and
// core.ErrBufferFull when the window fills the buffer.
func (r *Reader) Fill() (int, error) {
	if r.r > 0 {
		copy(r.buf, r.buf[r.r:r.w])
		r.w -= r.r
		r.r = 0
	}
	if len(r.buf)-r.w < minReserve {
		if r.w == len(r.buf) {
			return 0, core.ErrBufferFull
		}
		// Too little room for one step of every encoding: still try, the
		// transformer reports ErrShortDst if it cannot fit a character.
	}
	n, err := r.produce(r.buf[r.w:])
	if err == io.ErrShortBuffer {
		r.err = nil
		return 0, core.ErrBufferFull
	}
	r.w += n
	return n, err
}

// WriteTo converts the rest of the input and writes it to w.
func (r *Reader) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for {
		if r.r < r.w {
			m, err := w.Write(r.buf[r.r:r.w])
			r.r += m
			total += int64(m)
			if err != nil {
				return total, err
			}
		}
		r.r, r.w = 0, 0
		n, err := r.produce(r.buf)
		r.w = n
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

var _ core.BufferedReader = (*Reader)(nil)
