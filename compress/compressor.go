package compress

import (
	"io"

	"github.com/fastio-go/fastio/compress/internal/deflate"
	"github.com/klauspost/compress/flate"
)

// compressor is the deflate engine behind a Writer and each worker of a
// concurrent Writer: this module's own (internal/deflate) at the levels
// it serves, klauspost's flate.Writer at the others.
type compressor interface {
	io.Writer
	ResetDict(dst io.Writer, dict []byte)
	Flush() error
	Close() error
}

// ownLevel reports whether level runs this module's deflate encoder.
func ownLevel(level int) bool {
	return level == BestSpeed || level == 6 || level == DefaultCompression
}

// newCompressor returns the engine for level writing to dst, primed with
// dict.
func newCompressor(dst io.Writer, level int, dict []byte) (compressor, error) {
	if ownLevel(level) {
		l := level
		if l == DefaultCompression {
			l = 6
		}
		e := deflate.NewEncoder(dst, l)
		e.Reset(dst, dict)
		return e, nil
	}
	return flate.NewWriterDict(dst, level, dict)
}
