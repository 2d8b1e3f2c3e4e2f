package core

import "io"

// BufferedWriter is the output concept every fastio formatter and encoder
// writes to. Besides being an io.Writer it exposes its free buffer space so
// that callers can format in place, without an intermediate slice.
//
// The protocol is Reserve, write into the returned slice, Commit:
//
//	p := w.Reserve(20)
//	p = strconv.AppendInt(p[:0], v, 10)
//	w.Commit(len(p))
//
// Contract shared by every implementation in fastio:
//
//   - Reserve(n) returns the whole free space, a slice with len(p) >= n
//     (n <= 0 asks for no minimum). If fewer than n bytes are free the
//     buffered bytes are flushed first; if the buffer is smaller than n it is
//     grown. Reserve never returns an error: after a device error it still
//     returns usable space, and the error is reported by the next Write, Flush
//     or Close. The slice is valid until the next call on the writer.
//   - Commit(n) appends the first n bytes of the last reserved slice to the
//     buffered output. n must be between 0 and len of that slice; a value
//     outside that range writes nothing and records ErrInvalidCount, which
//     Flush reports.
//   - Write follows io.Writer. Zero-length writes succeed without touching
//     the device. Errors are sticky: after the first permanent device error
//     every later Write returns it and writes nothing. Bytes are acknowledged
//     (counted in n) only once they are buffered or written.
//   - Flush writes every buffered byte to the device and returns the sticky
//     error, if any. A flush with nothing buffered is a no-op. A device that
//     accepts part of a write without an error is called again with the rest.
//   - Close, where an implementation has it, flushes and returns the flush's
//     error; afterwards every call returns an error satisfying
//     errors.Is(err, fs.ErrClosed), a second Close too.
type BufferedWriter interface {
	io.Writer
	Reserve(n int) []byte
	Commit(n int)
	Flush() error
}

// BufferedReader is the input concept every fastio scanner and decoder reads
// from. Besides being an io.Reader it exposes its window of buffered,
// unconsumed bytes so that parsers work on them in place.
//
// Contract shared by every implementation in fastio:
//
//   - Window returns the buffered bytes not yet consumed. It never touches the
//     device. The slice is valid until the next Fill, Read or Consume, and
//     must not be modified.
//   - Fill reads more bytes from the device, moving the window to the start
//     of the buffer first when that makes room. It returns the number of
//     bytes added, which is positive exactly when err is nil. At the end of
//     the input it returns 0, io.EOF (and keeps doing so); when the window
//     already fills the whole buffer it returns 0, ErrBufferFull without
//     reading. Any other device error is returned once data read before it
//     has been delivered.
//   - Consume(n) drops the first n bytes of the window. n is clamped to
//     [0, len(Window())], so Consume never reads from the device.
//   - Read follows io.Reader; it serves the window first. A zero-length Read
//     returns 0, nil without touching the device.
//   - Close, where an implementation has it, empties the window; afterwards
//     Fill and Read return an error satisfying errors.Is(err,
//     fs.ErrClosed), and so does a second Close.
type BufferedReader interface {
	io.Reader
	Window() []byte
	Fill() (int, error)
	Consume(n int)
}

// gatherWriter is the capability of writing several slices in one device
// call (writev), which a Writer uses to send its pending bytes and a large
// payload in one call. WriteBuffers writes all of bufs in order, as if they
// were concatenated, and returns how many bytes reached the device; it
// returns a non-nil error when that is less than the total. bufs itself
// may be modified by the call. The files, connections and null device of
// the device module have the method.
type gatherWriter interface {
	WriteBuffers(bufs [][]byte) (int64, error)
}

// Sink is the transform behind a Writer made by NewSinkWriter: a
// transcoder, a compressor, a hash. The Writer does all the buffering
// (Reserve/Commit, Write, the sticky and temporary error rules, Flush,
// Close); the Sink only consumes buffered bytes.
//
// Take is given the buffered bytes p, oldest first, and returns how many
// it consumed, 0 <= n <= len(p). With final false it may leave a tail (an
// incomplete multi-byte sequence, a partial block): the Writer keeps p[n:]
// at the front of its buffer and offers it again, followed by later bytes,
// so a tail must be shorter than the buffer. With final true, which only
// Close passes (also for an empty p, so that trailers can be written),
// Take must consume all of p or return an error. On an error n counts the
// bytes before the fault, whose output the Sink has already passed on.
//
// Flush pushes the output of everything taken so far to the Sink's own
// destination device; a Sink without one (a hash) returns nil.
//
// Errors follow the Writer's rules: a temporary error (a timeout, EINTR,
// EAGAIN) is returned and the untaken bytes stay buffered; any other error
// is sticky. After a sticky error from Take, the Writer's next Flush or
// Close still calls the Sink's Flush once, so that the output of the bytes
// before the fault reaches the device.
type Sink interface {
	Take(p []byte, final bool) (n int, err error)
	Flush() error
}
