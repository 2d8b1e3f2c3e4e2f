package core

import (
	"io"
	"unsafe"
)

// DefaultBufferSize is the buffer size of NewWriter and NewReader: large
// enough that a file sees few, large system calls, small enough to keep
// in cache. BenchmarkWriterBufferSize and BenchmarkReaderBufferSize compare
// it with other sizes.
const DefaultBufferSize = 512 << 10

// MinBufferSize is the smallest buffer a Writer or Reader uses; smaller
// requested sizes are raised to it so that any formatter's Reserve of a
// single number fits without growing.
const MinBufferSize = 64

// Writer is a buffered writer over any io.Writer and implements
// BufferedWriter. The zero value has no device and no buffer; Reset makes it
// usable. It is also the buffering engine of fastio's transforming writers
// (transcoders, compressors, hashes), which supply only a Sink (see
// NewSinkWriter), and of device's files, which are Writers that own their
// device (see NewOwningWriter).
//
// Writes that fit the free space are copied into the buffer. A write at
// least as large as the buffer is not copied: it goes straight to the
// device, and when the device has a method
//
//	WriteBuffers(bufs [][]byte) (int64, error)
//
// (a gathered write, writev, of all of bufs in order, returning how many
// bytes reached the device and an error when that is less than the total;
// device's files and connections have it) the pending buffered bytes and
// the payload leave in one call.
//
// For hot loops, Put, PutString and PutByte are Write, WriteString and
// WriteByte without results: their fast paths inline into the caller, and an
// error they meet is kept and reported by Flush, as with every error here.
// Reserve, Commit and WriteByte inline too. A Cursor writes a batch of
// short pieces with the buffer position in registers instead of in the
// Writer.
//
// Errors: a permanent device error is sticky; it is returned by the call
// that met it and by every later Write, Flush and Close, and nothing more is
// written. A temporary error (a timeout, EINTR or EAGAIN) is returned but
// not kept: the unwritten bytes stay buffered and the
// next Flush tries them again. A device that accepts fewer bytes than it was
// given without an error is called again with the rest.
//
// A large WriteString hands the string's bytes to the device without a
// copy; as io.Writer requires, a device must not modify what it is given.
//
// A Writer is not safe for concurrent use.
type Writer struct {
	// buf holds the buffered bytes in buf[:len(buf)] and the free space in
	// buf[len(buf):cap(buf)]. After a permanent error cap(buf) == len(buf),
	// which closes every fast path without a separate check.
	buf  []byte
	full []byte // the whole buffer; buf is always a prefix of it
	err  error  // sticky permanent error
	dev  io.Writer
	gw   gatherWriter
	vec  [2][]byte
	tmp  []byte // scratch handed out by Reserve after an error
	sink Sink   // the transform, for a Writer made by NewSinkWriter
	owed bool   // a sticky error came from sink.Take: call sink.Flush once more
	owns bool   // Close closes dev

	// The Cursor state. While a Cursor is open (copen) the free space
	// belongs to it and cap(buf) == len(buf) closes the fast paths; the
	// session began at cstart. cgen numbers the sessions: a Cursor carries
	// the number of the session that made it, and one whose number is not
	// cgen while copen is stale.
	copen  bool
	cstart int
	cgen   uint64
}

// NewWriter returns a Writer over w with a buffer of DefaultBufferSize.
func NewWriter(w io.Writer) *Writer {
	return NewWriterSize(w, DefaultBufferSize)
}

// NewWriterSize returns a Writer over w with a buffer of size bytes; sizes
// below MinBufferSize (zero and negative included) mean MinBufferSize. If w
// is already a *Writer with at least that size, it is returned as it is. A
// nil w gives a Writer whose writes fail with ErrNilDevice.
func NewWriterSize(w io.Writer, size int) *Writer {
	if bw, ok := w.(*Writer); ok && len(bw.full) >= size {
		return bw
	}
	b := &Writer{full: make([]byte, max(size, MinBufferSize))}
	b.Reset(w)
	return b
}

// NewOwningWriter returns a Writer over dev with a buffer of size bytes
// (below MinBufferSize: MinBufferSize) that owns dev: Close flushes and
// then closes dev when it is an io.Closer. device's buffered files are
// such Writers.
func NewOwningWriter(dev io.Writer, size int) *Writer {
	b := &Writer{full: make([]byte, max(size, MinBufferSize))}
	b.Reset(dev)
	b.owns = dev != nil
	return b
}

// NewSinkWriter returns a Writer with a buffer of size bytes (below
// MinBufferSize: MinBufferSize) whose bytes go to the transform s instead
// of a device; see Sink for what s must do. The Writer applies every rule
// of BufferedWriter, so a transforming type holds one and forwards its
// methods to it. A nil s gives a Writer whose writes fail with
// ErrNilDevice.
func NewSinkWriter(s Sink, size int) *Writer {
	b := &Writer{full: make([]byte, max(size, MinBufferSize))}
	b.ResetSink(s)
	return b
}

// Reset discards any buffered bytes and error and makes b write to w,
// keeping the buffer. On a zero Writer it allocates a buffer of
// DefaultBufferSize. Reset retargets the whole Writer: a device it owned
// is neither flushed nor closed (Close it first if it should be), w is not
// owned, and a Sink is dropped.
func (b *Writer) Reset(w io.Writer) {
	b.reset()
	b.dev = w
	b.gw, _ = w.(gatherWriter)
	if w == nil {
		b.setErr(ErrNilDevice)
	}
}

// ResetSink is Reset for a Writer whose bytes go to the transform s.
func (b *Writer) ResetSink(s Sink) {
	b.reset()
	b.sink = s
	if s == nil {
		b.setErr(ErrNilDevice)
	}
}

func (b *Writer) reset() {
	if b.full == nil {
		b.full = make([]byte, DefaultBufferSize)
	}
	b.buf, b.err, b.tmp = b.full[:0], nil, nil
	b.dev, b.gw, b.sink, b.owed, b.owns = nil, nil, nil, false, false
	b.copen = false
	b.cgen++
}

// endCursor is called by every operation that changes the buffer: while a
// Cursor is open the Writer cannot know how far it has written, so the
// operation fails with ErrStaleCursor, which is sticky.
func (b *Writer) endCursor() {
	if b.copen {
		b.setErr(ErrStaleCursor)
	}
}

// Device returns the device the Writer writes to (nil for a Writer over a
// Sink).
func (b *Writer) Device() io.Writer { return b.dev }

// Pending returns the bytes buffered and not yet given to the device or
// the Sink (for a Sink, the tail it left); the slice is valid until the
// next call on the Writer and must not be modified.
func (b *Writer) Pending() []byte { return b.buf }

// Size returns the size of the buffer in bytes.
func (b *Writer) Size() int { return len(b.full) }

// Buffered returns the number of bytes written into the buffer but not yet
// to the device.
func (b *Writer) Buffered() int { return len(b.buf) }

// Available returns the free space of the buffer; after a permanent error it
// is 0.
func (b *Writer) Available() int { return cap(b.buf) - len(b.buf) }

// Err returns the sticky error, or nil.
func (b *Writer) Err() error { return b.err }

// Write writes p and returns len(p) unless an error stops it; n counts the
// bytes that were buffered or reached the device.
func (b *Writer) Write(p []byte) (int, error) {
	if len(p) <= cap(b.buf)-len(b.buf) {
		b.buf = append(b.buf, p...)
		return len(p), nil
	}
	return b.writeSlow(p)
}

// WriteString is Write for a string, without converting it.
func (b *Writer) WriteString(s string) (int, error) {
	if len(s) <= cap(b.buf)-len(b.buf) {
		b.buf = append(b.buf, s...)
		return len(s), nil
	}
	return b.writeSlow(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// Put writes p like Write, without results: an error is kept and reported
// by Flush. Its fast path inlines.
func (b *Writer) Put(p []byte) {
	// The same shape as PutString: see there.
	buf := b.buf
	n, m := len(buf), len(buf)+len(p)
	if uint(m) > uint(cap(buf)) {
		slowPut((*Writer).putSlow, b, p)
		return
	}
	b.buf = b.buf[:m]
	copy(buf[n:m], p)
}

// PutString writes s like WriteString, without results: an error is kept
// and reported by Flush. Its fast path inlines.
func (b *Writer) PutString(s string) {
	// The fast path is written for the code it compiles to: b.buf = b.buf[:m]
	// stores the length alone (append would store pointer, length and
	// capacity, the pointer behind a write-barrier test), and the unsigned
	// test against the capacity is the one bounds check of both slicings,
	// so none is left. The copy goes through buf, loaded before the store
	// to b.buf, so that the buffer pointer is not loaded again.
	buf := b.buf
	n, m := len(buf), len(buf)+len(s)
	if uint(m) > uint(cap(buf)) {
		slowPut((*Writer).putStringSlow, b, s)
		return
	}
	b.buf = b.buf[:m]
	copy(buf[n:m], s)
}

// slowPut calls f, a slow path, with b and x. Called through slowPut rather
// than directly, a slow path costs the inliner a call of a function value
// instead of a call of a method, which keeps Put, PutString and PutByte
// well inside the inlining budget (TestInlining checks that they inline).
func slowPut[T any](f func(*Writer, T), b *Writer, x T) { f(b, x) }

func (b *Writer) putSlow(p []byte) { b.writeSlow(p) }

func (b *Writer) putStringSlow(s string) {
	// The string's bytes are only read: writeSlow copies them or gives them
	// to the device, which must not modify them (as WriteString).
	b.writeSlow(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// WriteByte writes one byte. Its fast path inlines.
func (b *Writer) WriteByte(c byte) error {
	if len(b.buf) < cap(b.buf) {
		b.buf = append(b.buf, c)
		return nil
	}
	return b.writeByteSlow(c)
}

// PutByte writes one byte like WriteByte, without a result.
func (b *Writer) PutByte(c byte) {
	// The shape of PutString: only the length is stored.
	buf := b.buf
	n := len(buf)
	if n >= cap(buf) {
		slowPut((*Writer).putByteSlow, b, c)
		return
	}
	b.buf = b.buf[:n+1]
	buf[:n+1][n] = c
}

func (b *Writer) putByteSlow(c byte) { b.writeByteSlow(c) }

func (b *Writer) writeByteSlow(c byte) error {
	p := b.Reserve(1)
	p[0] = c
	b.Commit(1)
	return b.err
}

// Reserve returns the free space of the buffer, at least n bytes, flushing
// or growing the buffer when needed. See BufferedWriter for the contract.
// Its fast path inlines.
func (b *Writer) Reserve(n int) []byte {
	// The free space is sliced from buf alone, buf[len:cap], whose bounds
	// need no check (full would be loaded and checked against len(buf));
	// it is the same bytes, as buf is a prefix of full, which has no
	// capacity beyond its length.
	buf := b.buf
	if n <= cap(buf)-len(buf) {
		return buf[len(buf):cap(buf)]
	}
	return outline((*Writer).reserveSlow, b, n)
}

// Commit adds the first n bytes of the slice returned by the last Reserve
// to the buffered output. Its fast path inlines.
func (b *Writer) Commit(n int) {
	// As PutString: the unsigned test of the new length against the
	// capacity is also the bounds check of the slicing, and only the
	// length is stored. A negative n, or one whose sum overflows, fails it
	// or the sign test.
	buf := b.buf
	if m := len(buf) + n; n >= 0 && uint(m) <= uint(cap(buf)) {
		b.buf = buf[:m]
		return
	}
	b.commitSlow()
}

func (b *Writer) commitSlow() {
	if b.err == nil {
		b.setErr(ErrInvalidCount)
	}
}

func (b *Writer) reserveSlow(n int) []byte {
	b.endCursor()
	if b.err == nil {
		if len(b.buf) > 0 {
			b.flush()
		}
		if b.err == nil {
			if need := len(b.buf) + n; need > len(b.full) {
				nb := make([]byte, max(need, 2*len(b.full), MinBufferSize))
				b.buf = append(nb[:0], b.buf...)
				b.full = nb
			}
			return b.buf[len(b.buf):cap(b.buf)]
		}
	}
	// After a permanent error the committed bytes can go nowhere: hand out
	// scratch space, and let Commit drop them (the error is already kept).
	if cap(b.tmp) < n {
		b.tmp = make([]byte, n)
	}
	return b.tmp[:cap(b.tmp)]
}

// setErr records a permanent error and closes the fast paths.
func (b *Writer) setErr(err error) error {
	b.err = err
	b.copen = false
	b.buf = b.buf[:len(b.buf):len(b.buf)]
	return err
}

// fail classifies a device error: temporary errors are returned, permanent
// ones become sticky.
func (b *Writer) fail(err error) error {
	if temporary(err) {
		return err
	}
	return b.setErr(err)
}

// Flush writes all buffered bytes to the device. It returns the sticky
// error, or the temporary error that stopped it, in which case the
// unwritten bytes stay buffered for the next Flush.
func (b *Writer) Flush() error {
	b.endCursor()
	if b.err != nil {
		b.settle()
		return b.err
	}
	if b.sink != nil {
		return b.flushSink()
	}
	return b.flush()
}

func (b *Writer) flush() error {
	if b.sink != nil {
		return b.takeBuf(false)
	}
	if len(b.buf) == 0 {
		return nil
	}
	m, err := b.writeDevice(b.buf)
	b.drop(m)
	if err != nil {
		return b.fail(err)
	}
	return nil
}

// drop removes the first m buffered bytes, which reached the device.
func (b *Writer) drop(m int) {
	if m >= len(b.buf) {
		b.buf = b.full[:0]
		return
	}
	if m > 0 {
		b.buf = b.full[:copy(b.full, b.buf[m:])]
	}
}

// writeDevice writes p to the device, calling again after short writes that
// came without an error.
func (b *Writer) writeDevice(p []byte) (int, error) {
	if b.dev == nil {
		return 0, ErrNilDevice
	}
	done, empty := 0, 0
	for done < len(p) {
		m, err := b.dev.Write(p[done:])
		if m < 0 || m > len(p)-done {
			return done, ErrInvalidCount
		}
		done += m
		if err != nil {
			return done, err
		}
		if m == 0 {
			if empty++; empty >= maxEmptyCalls {
				return done, errNoProgress
			}
		}
	}
	return done, nil
}

func (b *Writer) writeSlow(p []byte) (int, error) {
	b.endCursor()
	if b.err != nil {
		return 0, b.err
	}
	if b.sink != nil {
		return b.writeSink(p)
	}
	if len(p) >= len(b.full) {
		return b.writeLarge(p)
	}
	// Fill the buffer, flush it whole, buffer the rest.
	done := 0
	for {
		m := min(len(p)-done, cap(b.buf)-len(b.buf))
		b.buf = append(b.buf, p[done:done+m]...)
		done += m
		if done == len(p) {
			return done, nil
		}
		if err := b.flush(); err != nil {
			return done, err
		}
	}
}

// writeLarge sends p past the buffer: the pending bytes and p
// in one gathered call when the device can, else a flush and a direct write.
func (b *Writer) writeLarge(p []byte) (int, error) {
	pending := len(b.buf)
	if pending > 0 && b.gw != nil {
		b.vec[0], b.vec[1] = b.buf, p
		m, err := b.gw.WriteBuffers(b.vec[:])
		b.vec[0], b.vec[1] = nil, nil
		if m < 0 || m > int64(pending+len(p)) {
			return 0, b.setErr(ErrInvalidCount)
		}
		if int(m) < pending {
			b.drop(int(m))
			if err != nil {
				return 0, b.fail(err)
			}
			// A gather that stopped short without an error: finish plainly.
			if err := b.flush(); err != nil {
				return 0, err
			}
			return b.writeDirect(p, 0)
		}
		b.drop(pending)
		done := int(m) - pending
		if err != nil {
			return done, b.fail(err)
		}
		return b.writeDirect(p, done)
	}
	if err := b.flush(); err != nil {
		return 0, err
	}
	return b.writeDirect(p, 0)
}

func (b *Writer) writeDirect(p []byte, done int) (int, error) {
	m, err := b.writeDevice(p[done:])
	done += m
	if err != nil {
		return done, b.fail(err)
	}
	return done, nil
}

// ReadFrom copies r to the device until io.EOF and returns the number of
// bytes read. When the device implements io.ReaderFrom (an *os.File does, and
// uses copy_file_range or sendfile) the buffered bytes are flushed and the
// copy is handed to it; otherwise r is read straight into the buffer.
func (b *Writer) ReadFrom(r io.Reader) (int64, error) {
	b.endCursor()
	if b.err != nil {
		return 0, b.err
	}
	if b.dev == nil && b.sink == nil {
		return 0, b.setErr(ErrNilDevice)
	}
	if rf, ok := b.dev.(io.ReaderFrom); ok {
		if err := b.flush(); err != nil {
			return 0, err
		}
		n, err := rf.ReadFrom(r)
		if err != nil {
			b.fail(err)
		}
		return n, err
	}
	return ReadEach(r, func() ([]byte, error) {
		if len(b.buf) == cap(b.buf) {
			if err := b.flush(); err != nil {
				return nil, err
			}
		}
		return b.buf[len(b.buf):cap(b.buf)], nil
	}, func(p []byte) error {
		b.buf = b.buf[:len(b.buf)+len(p)]
		return nil
	})
}

// Close flushes the buffer and closes the Writer, returning the flush's
// error. Afterwards every write, Flush and a second Close return an error
// satisfying errors.Is(err, fs.ErrClosed).
// If the flush met a temporary error the Writer stays open, so that Close
// can be called again.
//
// Close does not close the device, which the caller owns, except for a
// Writer made by NewOwningWriter: that one closes its device, when it is
// an io.Closer, after the flush (also after a failed one) and returns the
// first error. For a Writer over a Sink, Close gives the Sink its final
// Take and a Flush (see Sink).
func (b *Writer) Close() error {
	if b.err == errClosed {
		return errClosed
	}
	b.endCursor()
	var err error
	if b.sink != nil {
		err = b.closeSink()
	} else {
		err = b.Flush()
	}
	if err != nil && temporary(err) {
		return err
	}
	b.buf = b.full[:0]
	b.setErr(errClosed)
	if b.owns {
		b.owns = false
		if c, ok := b.dev.(io.Closer); ok {
			if cerr := c.Close(); err == nil {
				err = cerr
			}
		}
	}
	return err
}

// The Sink side of the engine.

// failSink classifies an error from the Sink's Take: temporary errors are
// returned, others become sticky and leave a Flush of the Sink owed.
func (b *Writer) failSink(err error) error {
	if temporary(err) {
		return err
	}
	b.owed = true
	return b.setErr(err)
}

// settle gives the Sink the Flush owed after a sticky Take error, so that
// the output of the bytes before the fault reaches the device.
func (b *Writer) settle() {
	if b.owed {
		b.owed = false
		b.sink.Flush()
	}
}

// takeBuf gives the buffered bytes to the Sink. Without final a tail may
// stay; a Sink that takes nothing of a full buffer is asked again, up to
// 100 times (maxEmptyCalls).
func (b *Writer) takeBuf(final bool) error {
	empty := 0
	for {
		if len(b.buf) == 0 && !final {
			return nil
		}
		n, err := b.sink.Take(b.buf, final)
		if n < 0 || n > len(b.buf) {
			return b.setErr(ErrInvalidCount)
		}
		b.drop(n)
		if err != nil {
			return b.failSink(err)
		}
		if len(b.buf) == 0 || (!final && (n > 0 || len(b.buf) < len(b.full))) {
			return nil
		}
		if n > 0 {
			empty = 0
		} else if empty++; empty >= maxEmptyCalls {
			return b.setErr(errNoProgress)
		}
	}
}

// takeDirect gives p, at least a buffer long, to the Sink without copying
// it, while a buffer's worth or more is left; it returns how much was
// taken.
func (b *Writer) takeDirect(p []byte) (int, error) {
	done, empty := 0, 0
	for len(p)-done >= len(b.full) {
		n, err := b.sink.Take(p[done:], false)
		if n < 0 || n > len(p)-done {
			return done, b.setErr(ErrInvalidCount)
		}
		done += n
		if err != nil {
			return done, b.failSink(err)
		}
		if n > 0 {
			empty = 0
		} else if empty++; empty >= maxEmptyCalls {
			return done, b.setErr(errNoProgress)
		}
	}
	return done, nil
}

// tailPiece is the first piece of a large write that a Writer over a Sink
// appends to a tail the Sink left (an incomplete sequence, a partial
// block) to complete it, before the rest of the write bypasses the
// buffer. The piece doubles while the Sink takes nothing, so a Sink that
// needs more (a hash block) gets it in a few steps.
const tailPiece = 32

// writeSink is writeSlow for a Writer over a Sink: p is appended to the
// buffer, which goes to the Sink whenever it fills; a part of p at least a
// buffer long goes to the Sink straight from p when nothing is buffered.
// When the buffer holds only a tail and p is that long, only a short piece
// of p is appended to the tail and given to the Sink, so that the rest of
// p bypasses the buffer without copying a buffer's worth of it.
func (b *Writer) writeSink(p []byte) (int, error) {
	done, piece := 0, 0
	for done < len(p) {
		if len(b.buf) == 0 && len(p)-done >= len(b.full) {
			n, err := b.takeDirect(p[done:])
			done += n
			if err != nil {
				return done, err
			}
			continue
		}
		m := min(len(p)-done, cap(b.buf)-len(b.buf))
		if r := len(b.buf); r > 0 && len(p)-done+r >= len(b.full) {
			piece = max(2*piece, 2*r, tailPiece)
			m = min(m, piece)
		}
		b.buf = append(b.buf, p[done:done+m]...)
		done += m
		if done == len(p) {
			break
		}
		if err := b.takeBuf(false); err != nil {
			return done, err
		}
		// A tail made only of bytes of p goes back to p, so that a large
		// rest can still bypass the buffer.
		if r := len(b.buf); r > 0 && r <= m && len(p)-done+r >= len(b.full) {
			b.buf = b.full[:0]
			done -= r
		}
	}
	return done, nil
}

func (b *Writer) flushSink() error {
	if err := b.takeBuf(false); err != nil {
		if b.owed {
			b.settle()
		}
		return err
	}
	if err := b.sink.Flush(); err != nil {
		return b.fail(err)
	}
	return nil
}

func (b *Writer) closeSink() error {
	if b.err != nil {
		b.settle()
		return b.err
	}
	err := b.takeBuf(true)
	if err == nil {
		if err = b.sink.Flush(); err != nil {
			return b.fail(err)
		}
		return nil
	}
	b.settle()
	return err
}
