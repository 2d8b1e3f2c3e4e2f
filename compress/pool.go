package compress

import (
	"io"
	"sync"
)

// WriterPool keeps Writers of one format, level and dictionary for reuse,
// so that a server compressing many responses allocates a compressor's
// state (hundreds of KiB at the higher levels) once, not per response.
// Get on a pool that has a Writer allocates nothing when dst is a
// core.BufferedWriter (or is the same kind of io.Writer as before: the
// Writer's own buffer is kept). The zero value is not usable; use
// NewWriterPool. A WriterPool is safe for concurrent use.
type WriterPool struct {
	format Format
	level  int
	dict   []byte
	pool   sync.Pool
}

// NewWriterPool returns a pool of Writers for the given format, level and
// dictionary (nil for none). The error is NewWriter's.
func NewWriterPool(format Format, level int, dict []byte) (*WriterPool, error) {
	w, err := NewWriter(io.Discard, format, level, &WriterOptions{Dict: dict})
	if err != nil {
		return nil, err
	}
	p := &WriterPool{format: format, level: level, dict: w.dict}
	p.pool.Put(w)
	return p, nil
}

// Get returns a Writer, reset to compress to dst.
func (p *WriterPool) Get(dst io.Writer) *Writer {
	if w, ok := p.pool.Get().(*Writer); ok {
		w.Reset(dst)
		return w
	}
	// The arguments were validated by NewWriterPool.
	w, _ := NewWriter(dst, p.format, p.level, &WriterOptions{Dict: p.dict})
	return w
}

// Put returns w to the pool; w must come from Get (or have the pool's
// format, level and dictionary) and must not be used afterwards. Its
// destination is dropped so that the pool keeps nothing alive.
func (p *WriterPool) Put(w *Writer) {
	if w == nil || w.format != p.format || w.level != p.level {
		return
	}
	w.Reset(io.Discard)
	p.pool.Put(w)
}

// ReaderPool keeps Readers of one format and set of options for reuse.
// Get on a pool that has a Reader allocates nothing unless src is a
// *bufio.Reader, which needs a small adapter. The zero value is not usable; use NewReaderPool. A ReaderPool
// is safe for concurrent use.
type ReaderPool struct {
	format Format
	opts   ReaderOptions
	pool   sync.Pool
}

// NewReaderPool returns a pool of Readers for the given format and
// options (nil for the defaults). The error is NewReader's.
func NewReaderPool(format Format, opts *ReaderOptions) (*ReaderPool, error) {
	r, err := NewReader(eofReader{}, format, opts)
	if err != nil {
		return nil, err
	}
	p := &ReaderPool{format: format, opts: r.opts}
	p.pool.Put(r)
	return p, nil
}

// Get returns a Reader, reset to inflate from src.
func (p *ReaderPool) Get(src io.Reader) *Reader {
	if r, ok := p.pool.Get().(*Reader); ok {
		r.Reset(src)
		return r
	}
	r, _ := NewReader(src, p.format, &p.opts)
	return r
}

// Put returns r to the pool; r must come from Get and must not be used
// afterwards. Its source is released (as by Close) and dropped.
func (p *ReaderPool) Put(r *Reader) {
	if r == nil || r.format != p.format {
		return
	}
	r.Close()
	r.Reset(eofReader{})
	p.pool.Put(r)
}

// eofReader is an empty source, so that pooled Readers hold no caller's
// device.
type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }
