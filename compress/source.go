package compress

import (
	"bufio"
	"bytes"
	"io"

	"github.com/fastio-go/fastio/core"
)

// source feeds the compressed input to the inflater. The headers and
// trailers are read through a *bufio.Reader, and so is the deflate data
// for klauspost/compress's inflater (its fastest decoding loop is for
// one) and, through core.WrapReader's view of it, for the inflate engine,
// except from a core.BufferedReader source, whose own window the engine
// parses (the Reader empties br first). A bufio.Reader reads ahead, and
// the bytes it holds past the end of the stream belong to whoever reads
// the source next. source therefore copies from the source's window without
// consuming it ("lending"), and consumes only what the bufio.Reader has
// delivered, so that when the stream ends the source is positioned
// exactly after it.
//
// Invariant: the first lent bytes of src.Window() are the ones copied into
// br, of which the last br.Buffered() are not yet delivered.
//
// A source that is a plain io.Reader has no window to lend from: br reads
// it directly (one copy fewer), and what br reads past the stream is lost
// to the caller, as with any buffering reader.
//
// Input already in memory (a *bytes.Reader, a *core.SpanReader) needs no
// bufio.Reader for klauspost's inflater, which decodes straight from a
// *bytes.Reader exactly as far as the stream goes. For the engine
// (viaBuf) br reads it, and release seeks it back by what br holds.
type source struct {
	src   core.BufferedReader
	plain io.Reader // set instead of src for a plain io.Reader
	br    *bufio.Reader
	lent  int
	done  int64 // bytes consumed from src, or read from plain

	mem      *bytes.Reader    // set instead of src for input in memory
	memr     bytes.Reader     // over a span's window
	span     *core.SpanReader // the span memr reads, consumed on release
	memStart int64            // mem's position when the Reader started
	peekBuf  [2]byte

	// viaBuf makes input in memory go through br as well: the inflate
	// engine parses br's window. br then reads mem, and release seeks mem
	// back by what br holds.
	viaBuf bool
	// seekBack makes release seek a plain source that is an io.Seeker
	// back by what br holds (ReaderOptions.StopAtEnd).
	seekBack bool
}

// setMem makes the source read m, from its current position.
func (s *source) setMem(m *bytes.Reader) {
	s.mem = m
	s.memStart = m.Size() - int64(m.Len())
}

// input is the reader the inflater and the header parsers read.
func (s *source) input() io.Reader {
	if s.mem != nil && !s.viaBuf {
		return s.mem
	}
	return s.br
}

// peek returns the next n (at most 2) bytes without consuming them;
// fewer, with an error, at the end of the input.
func (s *source) peek(n int) ([]byte, error) {
	if s.mem == nil || s.viaBuf {
		return s.br.Peek(n)
	}
	k, err := s.mem.ReadAt(s.peekBuf[:n], s.mem.Size()-int64(s.mem.Len()))
	if k < n && err == nil {
		err = io.EOF
	}
	return s.peekBuf[:k], err
}

// discard skips n bytes that peek returned.
func (s *source) discard(n int) {
	if s.mem == nil || s.viaBuf {
		s.br.Discard(n)
		return
	}
	s.mem.Seek(int64(n), io.SeekCurrent)
}

// maxEmptyReads is how many reads in a row that return no bytes and no
// error the source accepts before it fails with io.ErrNoProgress: the
// limit core's Reader and Writer apply to their devices.
const maxEmptyReads = 100

// sourceBufferSize is the size of the bufio.Reader between the source and
// the inflater.
const sourceBufferSize = 4 << 10

// Read serves br: it copies the source's window after the lent bytes,
// filling the source when all of it is lent.
func (s *source) Read(p []byte) (int, error) {
	if s.mem != nil {
		return s.mem.Read(p)
	}
	if s.plain != nil {
		// bufio.Reader.Read calls its source once, and io.ReadFull would
		// call it for ever on a source that yields nothing: stop here.
		for range maxEmptyReads {
			n, err := s.plain.Read(p)
			if n < 0 || n > len(p) {
				return 0, core.ErrInvalidCount
			}
			s.done += int64(n)
			if n > 0 || err != nil || len(p) == 0 {
				return n, err
			}
		}
		return 0, io.ErrNoProgress
	}
	win := s.src.Window()
	if s.lent >= len(win) {
		s.sync()
		if _, err := s.src.Fill(); err != nil {
			return 0, err
		}
		win = s.src.Window()
		if s.lent >= len(win) {
			return 0, io.ErrNoProgress
		}
	}
	n := copy(p, win[s.lent:])
	s.lent += n
	return n, nil
}

// sync consumes from the source the bytes br has delivered.
func (s *source) sync() {
	if s.plain != nil || s.mem != nil {
		return
	}
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
	if s.mem != nil {
		if k := s.br.Buffered(); k > 0 {
			s.mem.Seek(-int64(k), io.SeekCurrent)
		}
		s.br.Reset(s)
		if s.span != nil {
			used := s.mem.Size() - int64(s.mem.Len()) - s.memStart
			s.span.Consume(int(used))
			s.done += used
			s.memr.Reset(s.span.Window())
			s.memStart = 0
		}
		return
	}
	if s.plain != nil {
		if sk, ok := s.plain.(io.Seeker); ok && s.seekBack {
			// Give back what br read past the stream.
			if k := s.br.Buffered(); k > 0 {
				if _, err := sk.Seek(-int64(k), io.SeekCurrent); err == nil {
					s.done -= int64(k)
					s.br.Reset(s)
				}
			}
		}
		return
	}
	s.sync()
	s.br.Reset(s)
	s.lent = 0
}

// offset returns how many bytes of compressed input have been delivered.
func (s *source) offset() int64 {
	if s.mem != nil {
		return s.done + s.mem.Size() - int64(s.mem.Len()) - s.memStart - int64(s.br.Buffered())
	}
	if s.plain != nil {
		return s.done - int64(s.br.Buffered())
	}
	return s.done + int64(s.lent-s.br.Buffered())
}

// readByte reads one byte through br.
func (s *source) readByte() (byte, error) {
	if s.mem != nil && !s.viaBuf {
		return s.mem.ReadByte()
	}
	return s.br.ReadByte()
}

// readFull reads len(p) bytes through br.
func (s *source) readFull(p []byte) error {
	_, err := io.ReadFull(s.input(), p)
	return err
}
