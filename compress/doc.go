// Package compress makes zlib (RFC 1950), gzip (RFC 1952) and raw deflate
// (RFC 1951) streams devices of fastio: a compressing Writer that is a
// core.BufferedWriter over any core.BufferedWriter, and an inflating Reader
// that is a core.BufferedReader over any core.BufferedReader. Compressing
// or inflating is then one more layer in a chain:
//
//	format → compress.Writer → file
//	file → compress.Reader → scan
//
// Levels 1 and 6 (and DefaultCompression) compress with this package's
// own deflate encoder, the other levels with
// github.com/klauspost/compress/flate; inflating runs this package's own
// engine, which parses its input buffer in place with libdeflate's
// techniques. This package adds the zlib and gzip framing,
// checksums, the concurrent compression, limits and errors. The buffering is core's engine (core.Writer and
// core.Reader), so the Writer and the Reader follow core's rules for
// errors, Reserve/Commit, Flush and Close.
//
// # Writing
//
// NewWriter takes a format and a level (HuffmanOnly, DefaultCompression,
// NoCompression, BestSpeed … BestCompression) and WriterOptions, which
// may be nil: a preset dictionary, the input buffer's size, and a
// concurrency, with which blocks of the input are compressed on several
// goroutines into one standard stream. Formatters write in place with Reserve and Commit;
// Flush is a sync flush for streaming protocols; Close writes the trailer
// and does not close the destination. Writers are reused with Reset or a
// WriterPool, without allocation.
//
// # Reading
//
// NewReader inflates a stream (NewReaderSize sets the window's size);
// Window hands out the inflated bytes in
// place, so a scanner needs no copy of its own. ReaderOptions set a preset
// dictionary, a limit on the inflated size (DefaultMaxSize, 1 GiB, unless
// set) and on the compression ratio, whether gzip members after the first
// are read (they are by default, as gzip -d does, and zero padding after
// them is skipped), and whether to stop at the end of the stream and leave
// what follows in the source (from a core.BufferedReader the Reader
// consumes exactly the stream's bytes).
//
// # Errors
//
// Bad input gives an *Error naming the format, the step and the offset in
// the compressed input, wrapping a sentinel for errors.Is: ErrHeader,
// ErrCorrupt, ErrTruncated, ErrChecksum, ErrTrailingData, ErrDictionary,
// core.ErrTooLarge or ErrRatio. The errors that mean the same thing across
// fastio match the standard ones: truncated input (ErrTruncated) matches
// io.ErrUnexpectedEOF, use after Close matches fs.ErrClosed, and a source
// that keeps returning nothing gives io.ErrNoProgress. Inflating never panics on bad input and never
// allocates because of a size read from it beyond MaxHeaderField for gzip
// names and comments.
package compress
