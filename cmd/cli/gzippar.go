package cli

import (
	"io"
	"os"
)

// parInput is the input of gzip -d -p N when it is a regular file: read
// through its counter for the headers and trailers, and at offsets by the
// Reader's goroutines, which inflate each member on N cores. Seek keeps
// the count of bytes read equal to the bytes consumed.
type parInput struct {
	cr countingReader
	f  *os.File
}

// newParInput returns the parallel input of in (as startInflate gets it),
// or nil when in is not a counted regular file or one core was asked for.
func (g *gzipRun) newParInput(in io.Reader) *parInput {
	cr, ok := in.(countingReader)
	if !ok || g.o.procs < 2 {
		return nil
	}
	f, ok := cr.r.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	if _, err := f.Seek(0, io.SeekCurrent); err != nil {
		return nil
	}
	return &parInput{cr: cr, f: f}
}

func (p *parInput) Read(b []byte) (int, error) { return p.cr.Read(b) }

func (p *parInput) ReadAt(b []byte, off int64) (int, error) { return p.f.ReadAt(b, off) }

func (p *parInput) Seek(off int64, whence int) (int64, error) {
	cur, err := p.f.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, err
	}
	n, err := p.f.Seek(off, whence)
	if err == nil {
		*p.cr.n += n - cur
	}
	return n, err
}

// memberSource returns what a member's Reader reads: g.inBuf, or with a
// parallel input that input, positioned at the first byte g.inBuf has not
// delivered.
func (g *gzipRun) memberSource() io.Reader {
	if g.par == nil {
		return g.inBuf
	}
	if k := len(g.inBuf.Window()); k > 0 {
		if _, err := g.par.Seek(-int64(k), io.SeekCurrent); err != nil {
			// The file cannot go back: read on through the buffer.
			g.par = nil
			return g.inBuf
		}
	}
	g.inBuf.Reset(g.par)
	return g.par
}
