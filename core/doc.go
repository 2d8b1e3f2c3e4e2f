// Package core holds fastio's buffer concepts and the buffered I/O every
// other fastio module builds on.
//
// The two concepts are interfaces:
//
//   - [BufferedWriter]: an io.Writer that lends its free buffer space, so
//     that formatters and encoders write in place (Reserve, write, Commit)
//     and the bytes are copied once, to the device.
//   - [BufferedReader]: an io.Reader that shows its window of buffered
//     bytes, so that scanners and decoders parse in place (Window, Fill,
//     Consume).
//
// Devices may offer more through capabilities found by type assertion:
// io.ReaderFrom and io.WriterTo (sendfile, copy_file_range), a
// WriteBuffers method (writev; see [Writer]), and for callers io.ReaderAt,
// io.WriterAt, io.Seeker, Sync() error, Fd() uintptr and, on a writer, an
// Err() error method that reports its sticky error without flushing. A
// device that lacks one still works through the generic path; any plain
// io.Writer or io.Reader is a device already.
//
// [Writer] and [Reader] buffer any io.Writer and io.Reader. Transfers at
// least as large as the buffer bypass it (a write goes straight to the
// device, with the pending bytes in the same gathered call where the device
// can). They are the one buffering engine of fastio: a transforming writer
// (transcoder, compressor, hash) holds a Writer made by [NewSinkWriter] and
// supplies only a [Sink], and has an Engine method that returns the
// writing side of that Writer ([Engine]), so that formatters
// and encoders write into its buffer through the inlined paths without a
// way to reset or bypass the transform; a transforming reader holds a
// Reader whose device produces the transform's output; device's files are
// Writers and Readers that own their device ([NewOwningWriter],
// [NewOwningReader]). [SpanReader] reads a caller's slice in place.
// [WrapWriter] and [WrapReader] adapt *bufio.Writer, *bufio.Reader,
// *bytes.Buffer (output to memory, formatted in its spare capacity),
// *os.File and any other io type.
//
// # Buffer sizes
//
// Every buffered type of fastio comes as NewX(dst), with the type's default
// size, and NewXSize(dst, size); a size below the type's minimum (zero and
// negative included) is raised to the minimum ([MinBufferSize] here).
// Size reports the buffer size.
//
// # Errors
//
// One vocabulary holds across fastio's modules:
//
//   - truncated input satisfies errors.Is(err, io.ErrUnexpectedEOF);
//   - use after Close satisfies errors.Is(err, fs.ErrClosed);
//   - a device that keeps moving no bytes without an error gives an error
//     satisfying errors.Is(err, io.ErrNoProgress) (after 100 calls in a
//     row);
//   - a size beyond a limit (a length read from input, inflated output, a
//     file to map) satisfies errors.Is(err, [ErrTooLarge]), and a file
//     that changed while it was read errors.Is(err, [ErrFileChanged]), in
//     every module;
//   - sentinels are named ErrX and their messages start with the package
//     name ("core: buffer full"); a sentinel for one of the cases above
//     wraps the standard error;
//   - typed errors are named XError (or Error in a package with one), carry
//     the context of the failure (operation, path or offset) and unwrap to
//     the sentinel or the device's error;
//   - device errors are sticky in writers (returned by every later Write,
//     Flush and Close) unless temporary (a timeout, EINTR, EAGAIN), which
//     are returned and retried by the next call.
//
// The constraints [Signed], [Unsigned], [Integer], [Float] and [Text] let
// one generic function serve every width, and both string and []byte
// without a copy.
//
// Package coretest holds fault-injecting devices and the conformance suite
// that every buffered type of fastio passes.
package core
