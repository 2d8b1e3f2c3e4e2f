package compress

import (
	"bufio"
	"io"

	"github.com/fastio-go/fastio/core"
)

// source feeds the compressed input to the inflater. klauspost/compress's
// inflater has its fastest decoding loop for a *bufio.Reader, so the
// input goes through one; but a bufio.Reader reads ahead, and the bytes it
// holds past the end of the stream belong to whoever reads the source
// next. source therefore copies from the source's window without
// consuming it ("lending"), and consumes only what the bufio.Reader has
// delivered, so that when the stream ends the source is positioned
// exactly after it.
//
// Invariant: the first lent bytes of src.Window() are the ones copied into
// br, of which the last br.Buffered() are not yet delivered.
type source struct {
	src  core.BufferedReader
	br   *bufio.Reader
	lent int
	done int64 // bytes consumed from src
}

// sourceBufferSize is the size of the bufio.Reader between the source and
// the inflater.
const sourceBufferSize = 32 << 10

// Read serves br: it copies the source's window after the lent bytes,
// filling the source when all of it is lent.
func (s *source) Read(p []byte) (int, error) {
	win := s.src.Window()
	if s.lent >= len(win) {
		s.sync()
		if _, err := s.src.Fill(); err != nil {
			return 0, err
		}
		win = s.src.Window()
		if s.lent >= len(win) {
			return 0, core.ErrNoProgress
		}
	}
	n := copy(p, win[s.lent:])
	s.lent += n
	return n, nil
}

// sync consumes from the source the bytes br has delivered.
func (s *source) sync() {
	used := s.lent - s.br.Buffered()
	if used > 0 {
		s.src.Consume(used)
		s.done += int64(used)
		s.lent -= used
	}
}

// release consumes what br delivered and forgets what it holds, which
// stays in the source's window: the source is then positioned exactly
// after the bytes the inflater used.
func (s *source) release() {
	s.sync()
	s.br.Reset(s)
	s.lent = 0
}

// offset returns how many bytes of compressed input have been delivered.
func (s *source) offset() int64 {
	return s.done + int64(s.lent-s.br.Buffered())
}

// readByte reads one byte through br.
func (s *source) readByte() (byte, error) {
	return s.br.ReadByte()
}

// readFull reads len(p) bytes through br.
func (s *source) readFull(p []byte) error {
	_, err := io.ReadFull(s.br, p)
	return err
}
