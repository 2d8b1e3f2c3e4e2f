package core

import "io"

// Reader is a buffered reader over any io.Reader and implements
// BufferedReader. The zero value has no device and no buffer; Reset makes it
// usable. It is also the buffering engine of fastio's transforming readers
// (a decoder whose Read produces the transform's output is the device), and
// of device's input files, which are Readers that own their device (see
// NewOwningReader).
//
// A Read at least as large as the buffer, made while the window is empty,
// goes straight from the device into the caller's slice, without a copy.
// WriteTo hands the copy to the device's own WriteTo when it has one.
//
// Errors: io.EOF is kept and returned by every later Fill and Read. Another
// device error is returned once, after the bytes read before it have been
// delivered; the next call reads from the device again (a device that wants
// its error sticky returns it again). A device that returns no data and no
// error 100 times in a row gives an error satisfying errors.Is(err,
// io.ErrNoProgress). A device that returns 0, io.ErrShortBuffer (its next
// unit of output does not fit the free space) makes Fill return
// ErrBufferFull while the window is not empty.
//
// A Reader is not safe for concurrent use.
type Reader struct {
	buf  []byte
	r, w int   // window is buf[r:w]
	err  error // error met by the device, not yet returned
	dev  io.Reader
	owns bool // Close closes dev
}

// NewReader returns a Reader over r with a buffer of DefaultBufferSize.
func NewReader(r io.Reader) *Reader {
	return NewReaderSize(r, DefaultBufferSize)
}

// NewReaderSize returns a Reader over r with a buffer of size bytes; sizes
// below MinBufferSize (zero and negative included) mean MinBufferSize. If r
// is already a *Reader with at least that size, it is returned as it is. A
// nil r gives a Reader whose reads fail with ErrNilDevice.
func NewReaderSize(r io.Reader, size int) *Reader {
	if br, ok := r.(*Reader); ok && len(br.buf) >= size {
		return br
	}
	b := &Reader{buf: make([]byte, max(size, MinBufferSize))}
	b.Reset(r)
	return b
}

// NewOwningReader returns a Reader over dev with a buffer of size bytes
// (below MinBufferSize: MinBufferSize) that owns dev: Close closes dev
// when it is an io.Closer. device's buffered input files are such Readers.
func NewOwningReader(dev io.Reader, size int) *Reader {
	b := &Reader{buf: make([]byte, max(size, MinBufferSize))}
	b.Reset(dev)
	b.owns = dev != nil
	return b
}

// Device returns the device the Reader reads from.
func (b *Reader) Device() io.Reader { return b.dev }

// Reset discards the window and any error and makes b read from r, keeping
// the buffer. On a zero Reader it allocates a buffer of DefaultBufferSize.
// Reset retargets the whole Reader: a device it owned is not closed (Close
// it first if it should be), and r is not owned.
func (b *Reader) Reset(r io.Reader) {
	if b.buf == nil {
		b.buf = make([]byte, DefaultBufferSize)
	}
	b.r, b.w, b.err, b.dev, b.owns = 0, 0, nil, r, false
	if r == nil {
		b.err = ErrNilDevice
	}
}

// Size returns the size of the buffer in bytes.
func (b *Reader) Size() int { return len(b.buf) }

// Window returns the buffered bytes not yet consumed.
func (b *Reader) Window() []byte { return b.buf[b.r:b.w] }

// Consume drops the first n bytes of the window; n is clamped to
// [0, len(Window())].
func (b *Reader) Consume(n int) {
	if uint(n) <= uint(b.w-b.r) {
		b.r += n
		return
	}
	if n > 0 {
		b.r = b.w
	}
}

// takeErr returns the pending error, keeping io.EOF and ErrNilDevice.
func (b *Reader) takeErr() error {
	err := b.err
	if err != io.EOF && err != ErrNilDevice && err != errClosed {
		b.err = nil
	}
	return err
}

// Fill reads more bytes into the window. See BufferedReader for the
// contract.
func (b *Reader) Fill() (int, error) {
	if b.err != nil {
		return 0, b.takeErr()
	}
	if b.dev == nil {
		return 0, ErrNilDevice // a zero Reader
	}
	if b.r > 0 {
		copy(b.buf, b.buf[b.r:b.w])
		b.w -= b.r
		b.r = 0
	}
	if b.w == len(b.buf) {
		return 0, ErrBufferFull
	}
	m, err := b.readDevice(b.buf[b.w:])
	b.w += m
	if err != nil {
		if m == 0 && err == io.ErrShortBuffer && b.w > 0 {
			return 0, ErrBufferFull
		}
		if m > 0 {
			b.err = err
			return m, nil
		}
		if err == io.EOF {
			b.err = err
		}
		return 0, err
	}
	return m, nil
}

// readDevice makes one successful read: it calls the device until it
// returns data or an error.
func (b *Reader) readDevice(p []byte) (int, error) {
	if b.dev == nil {
		return 0, ErrNilDevice
	}
	for range maxEmptyCalls {
		m, err := b.dev.Read(p)
		if m < 0 || m > len(p) {
			return 0, ErrInvalidCount
		}
		if m > 0 || err != nil {
			return m, err
		}
	}
	return 0, errNoProgress
}

// Read reads into p from the window, or when the window is empty from the
// device: straight into p if p is at least as large as the buffer, else
// through one Fill.
func (b *Reader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		if b.r == b.w && b.err != nil {
			return 0, b.takeErr()
		}
		return 0, nil
	}
	if b.r == b.w {
		if b.err != nil {
			return 0, b.takeErr()
		}
		if len(p) >= len(b.buf) {
			m, err := b.readDevice(p)
			if err == io.EOF {
				b.err = err
			}
			return m, err
		}
		b.r, b.w = 0, 0
		if _, err := b.Fill(); err != nil {
			return 0, err
		}
	}
	n := copy(p, b.buf[b.r:b.w])
	b.r += n
	return n, nil
}

// ReadByte reads one byte.
func (b *Reader) ReadByte() (byte, error) {
	for b.r == b.w {
		if _, err := b.Fill(); err != nil {
			return 0, err
		}
	}
	c := b.buf[b.r]
	b.r++
	return c, nil
}

// Peek returns the next n bytes without consuming them, filling as needed.
// It returns fewer bytes and an error when the input ends first (io.EOF)
// or n exceeds the buffer size (ErrBufferFull).
func (b *Reader) Peek(n int) ([]byte, error) {
	n = max(n, 0)
	for b.w-b.r < n {
		if _, err := b.Fill(); err != nil {
			return b.buf[b.r:b.w], err
		}
	}
	return b.buf[b.r : b.r+n], nil
}

// Discard skips the next n bytes, reading as needed, and returns how many
// were skipped; fewer than n only with an error.
func (b *Reader) Discard(n int) (int, error) {
	done := 0
	for done < n {
		if b.r == b.w {
			if _, err := b.Fill(); err != nil {
				return done, err
			}
		}
		m := min(n-done, b.w-b.r)
		b.r += m
		done += m
	}
	return done, nil
}

// WriteTo writes the window and then the rest of the input to w until
// io.EOF. When the device implements io.WriterTo (an *os.File does, and uses
// sendfile or splice) the rest is handed to it.
func (b *Reader) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for {
		if b.r < b.w {
			m, err := w.Write(b.buf[b.r:b.w])
			if m < 0 || m > b.w-b.r {
				return total, ErrInvalidCount
			}
			b.r += m
			total += int64(m)
			if err != nil {
				return total, err
			}
			if b.r < b.w {
				return total, io.ErrShortWrite
			}
		}
		if b.err != nil {
			err := b.takeErr()
			if err == io.EOF {
				err = nil
			}
			return total, err
		}
		if wt, ok := b.dev.(io.WriterTo); ok {
			m, err := wt.WriteTo(w)
			total += m
			if err == nil {
				b.err = io.EOF
			}
			return total, err
		}
		b.r, b.w = 0, 0
		if _, err := b.Fill(); err != nil && err != io.EOF {
			return total, err
		}
	}
}

// Close closes the Reader: the window is dropped and later calls return
// an error satisfying errors.Is(err, fs.ErrClosed), a second Close too.
// Close does not close the device, which the caller owns, except for a
// Reader made by
// NewOwningReader: that one closes its device when it is an io.Closer and
// returns that Close's error.
func (b *Reader) Close() error {
	if b.err == errClosed {
		return errClosed
	}
	b.r, b.w, b.err = 0, 0, errClosed
	if b.owns {
		b.owns = false
		if c, ok := b.dev.(io.Closer); ok {
			return c.Close()
		}
	}
	return nil
}
