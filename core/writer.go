package core

import (
	"io"
	"unicode/utf8"
	"unsafe"
)

// DefaultBufferSize is the buffer size of NewWriter and NewReader. It was
// chosen by BenchmarkWriterBufferSize and BenchmarkReaderBufferSize (see
// README.md): 64 KiB is where writing small records to a file and reading a
// file stop getting faster on Linux, while 4 KiB (bufio's default) costs one
// system call per 4 KiB.
const DefaultBufferSize = 64 << 10

// MinBufferSize is the smallest buffer a Writer or Reader uses; smaller
// requested sizes are raised to it so that any formatter's Reserve of a
// single number fits without growing.
const MinBufferSize = 64

// maxEmptyCalls bounds how often a device may return no data and no error
// in a row before the call fails with ErrNoProgress.
const maxEmptyCalls = 100

// Writer is a buffered writer over any io.Writer and implements
// BufferedWriter. The zero value has no device and no buffer; Reset makes it
// usable.
//
// Writes smaller than the free space are copied into the buffer; the fast
// paths of Write, WriteString, WriteByte, Reserve and Commit inline into the
// caller. A write at least as large as the buffer is not copied: it goes
// straight to the device, and when the device implements GatherWriter the
// pending buffered bytes and the payload leave in one call.
//
// Errors: a permanent device error is sticky; it is returned by the call
// that met it and by every later Write, Flush and Close, and nothing more is
// written. A temporary error (one whose Temporary or Timeout method reports
// true) is returned but not kept: the unwritten bytes stay buffered and the
// next Flush tries them again. A device that accepts fewer bytes than it was
// given without an error is called again with the rest.
//
// A Writer is not safe for concurrent use.
type Writer struct {
	buf []byte // len(buf) is the capacity
	n   int    // buffered bytes
	lim int    // end of writable space: len(buf), or n after an error
	err error  // sticky permanent error
	dev io.Writer
	gw  GatherWriter
	vec [2][]byte
	tmp []byte // scratch handed out by Reserve after an error
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
	if bw, ok := w.(*Writer); ok && len(bw.buf) >= size {
		return bw
	}
	size = max(size, MinBufferSize)
	b := &Writer{buf: make([]byte, size)}
	b.Reset(w)
	return b
}

// Reset discards any buffered bytes and error and makes b write to w,
// keeping the buffer. On a zero Writer it allocates a buffer of
// DefaultBufferSize.
func (b *Writer) Reset(w io.Writer) {
	if b.buf == nil {
		b.buf = make([]byte, DefaultBufferSize)
	}
	b.n, b.lim, b.err, b.tmp = 0, len(b.buf), nil, nil
	b.dev = w
	b.gw, _ = w.(GatherWriter)
	if w == nil {
		b.err, b.lim = ErrNilDevice, 0
	}
}

// Size returns the size of the buffer in bytes.
func (b *Writer) Size() int { return len(b.buf) }

// Buffered returns the number of bytes written into the buffer but not yet
// to the device.
func (b *Writer) Buffered() int { return b.n }

// Available returns the free space of the buffer; after a permanent error it
// is 0.
func (b *Writer) Available() int { return b.lim - b.n }

// Err returns the sticky error, or nil.
func (b *Writer) Err() error { return b.err }

// Write writes p and returns len(p) unless an error stops it; n counts the
// bytes that were buffered or reached the device.
func (b *Writer) Write(p []byte) (int, error) {
	if len(p) <= b.lim-b.n {
		b.n += copy(b.buf[b.n:], p)
		return len(p), nil
	}
	return b.writeSlow(p)
}

// WriteString is Write for a string, without converting it.
func (b *Writer) WriteString(s string) (int, error) {
	if len(s) <= b.lim-b.n {
		b.n += copy(b.buf[b.n:], s)
		return len(s), nil
	}
	return b.writeSlow(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// WriteByte writes one byte.
func (b *Writer) WriteByte(c byte) error {
	if b.n < b.lim {
		b.buf[b.n] = c
		b.n++
		return nil
	}
	_, err := b.writeSlow([]byte{c})
	return err
}

// WriteRune writes the UTF-8 encoding of r (U+FFFD if r is not a valid
// scalar value) and returns the number of bytes written.
func (b *Writer) WriteRune(r rune) (int, error) {
	if uint32(r) < utf8.RuneSelf && b.n < b.lim {
		b.buf[b.n] = byte(r)
		b.n++
		return 1, nil
	}
	var tmp [utf8.UTFMax]byte
	return b.Write(utf8.AppendRune(tmp[:0], r))
}

// Reserve returns the free space of the buffer, at least n bytes, flushing
// or growing the buffer when needed. See BufferedWriter for the contract.
func (b *Writer) Reserve(n int) []byte {
	if n <= b.lim-b.n {
		return b.buf[b.n:b.lim]
	}
	return b.reserveSlow(n)
}

// Commit adds the first n bytes of the slice returned by the last Reserve
// to the buffered output.
func (b *Writer) Commit(n int) {
	if uint(n) <= uint(b.lim-b.n) {
		b.n += n
		return
	}
	b.commitSlow()
}

func (b *Writer) commitSlow() {
	if b.err == nil {
		b.setErr(ErrCommitRange)
	}
}

func (b *Writer) reserveSlow(n int) []byte {
	if b.err == nil {
		if b.n > 0 {
			b.flush()
		}
		if b.err == nil {
			if need := b.n + n; need > len(b.buf) {
				nb := make([]byte, max(need, 2*len(b.buf)))
				copy(nb, b.buf[:b.n])
				b.buf, b.lim = nb, len(nb)
			}
			return b.buf[b.n:b.lim]
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
	b.err, b.lim = err, b.n
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
	if b.err != nil {
		return b.err
	}
	return b.flush()
}

func (b *Writer) flush() error {
	if b.n == 0 {
		return nil
	}
	m, err := b.writeDevice(b.buf[:b.n])
	if m > 0 && m < b.n {
		copy(b.buf, b.buf[m:b.n])
	}
	b.n -= m
	if err != nil {
		return b.fail(err)
	}
	return nil
}

// writeDevice writes p to the device, calling again after short writes that
// came without an error.
func (b *Writer) writeDevice(p []byte) (int, error) {
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
				return done, ErrNoProgress
			}
		}
	}
	return done, nil
}

func (b *Writer) writeSlow(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if len(p) >= len(b.buf) {
		return b.writeLarge(p)
	}
	// Fill the buffer, flush it whole, buffer the rest.
	done := copy(b.buf[b.n:b.lim], p)
	b.n += done
	for done < len(p) {
		if err := b.flush(); err != nil {
			return done, err
		}
		m := copy(b.buf[b.n:b.lim], p[done:])
		b.n += m
		done += m
	}
	return done, nil
}

// writeLarge sends p past the buffer (seeds/002): the pending bytes and p
// in one gathered call when the device can, else a flush and a direct write.
func (b *Writer) writeLarge(p []byte) (int, error) {
	if b.n > 0 && b.gw != nil {
		b.vec[0], b.vec[1] = b.buf[:b.n], p
		m, err := b.gw.WriteBuffers(b.vec[:])
		b.vec[0], b.vec[1] = nil, nil
		if m < 0 || m > int64(b.n+len(p)) {
			return 0, b.setErr(ErrInvalidCount)
		}
		if int(m) < b.n {
			copy(b.buf, b.buf[m:b.n])
			b.n -= int(m)
			if err != nil {
				return 0, b.fail(err)
			}
			// A gather that stopped short without an error: finish plainly.
			if err := b.flush(); err != nil {
				return 0, err
			}
			return b.writeDirect(p, 0)
		}
		done := int(m) - b.n
		b.n = 0
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
	if b.err != nil {
		return 0, b.err
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
	var total int64
	empty := 0
	for {
		if b.n == b.lim {
			if err := b.flush(); err != nil {
				return total, err
			}
		}
		m, err := r.Read(b.buf[b.n:b.lim])
		if m < 0 || m > b.lim-b.n {
			return total, ErrInvalidCount
		}
		b.n += m
		total += int64(m)
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
		if m == 0 {
			if empty++; empty >= maxEmptyCalls {
				return total, ErrNoProgress
			}
		} else {
			empty = 0
		}
	}
}

// Close flushes the buffer and closes the Writer, returning the flush's
// error. Afterwards every write, Flush and a second Close return ErrClosed.
// If the flush met a temporary error the Writer stays open, so that Close
// can be called again. Close does not close the device, which the caller
// owns.
func (b *Writer) Close() error {
	if b.err == ErrClosed {
		return ErrClosed
	}
	err := b.Flush()
	if err == nil || !temporary(err) {
		b.setErr(ErrClosed)
		b.n, b.lim = 0, 0
	}
	return err
}
