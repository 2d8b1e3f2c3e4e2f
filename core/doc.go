// Package core holds fastio's buffer concepts and the buffered I/O every
// other fastio module builds on.
//
// The two concepts are interfaces:
//
//   - BufferedWriter: an io.Writer that lends its free buffer space, so that
//     formatters and encoders write in place (Reserve, write, Commit) and
//     the bytes are copied once, to the device.
//   - BufferedReader: an io.Reader that shows its window of buffered bytes,
//     so that scanners and decoders parse in place (Window, Fill, Consume).
//
// Devices may offer more through capabilities found by type assertion:
// GatherWriter (writev), io.ReaderAt and io.WriterAt (positional I/O),
// io.Seeker, Syncer and Handle. A device that lacks one still works through
// the generic path; any plain io.Writer or io.Reader is a device already.
//
// Writer and Reader buffer any io.Writer and io.Reader. Transfers at least as
// large as the buffer bypass it (a write goes straight to the device, with
// the pending bytes in the same gathered call where the device can). Buffer
// is a growable memory output (like open_memstream), SpanWriter and
// SpanReader work over a caller's slice. WrapWriter and WrapReader adapt
// *bufio.Writer, *bufio.Reader, *os.File and any other io type.
//
// The constraints Signed, Unsigned, Integer, Float and Text let one generic
// function serve every width, and both string and []byte without a copy.
//
// Package coretest holds fault-injecting devices for tests.
package core
