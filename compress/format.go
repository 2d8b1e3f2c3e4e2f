package compress

import (
	"strconv"

	"github.com/klauspost/compress/flate"
)

// Format selects the container around the deflate data.
type Format uint8

const (
	// Zlib is the zlib format of RFC 1950: a 2-byte header (plus a
	// dictionary id when a preset dictionary is used), deflate data and an
	// Adler-32 checksum. It is the zero Format.
	Zlib Format = iota
	// Gzip is the gzip format of RFC 1952: a header with optional name,
	// comment, extra field and modification time, deflate data, a CRC-32
	// and the size modulo 2^32. A file may hold several members, which
	// read as one stream.
	Gzip
	// Deflate is raw deflate data (RFC 1951) with no header or checksum.
	Deflate
)

// String returns "zlib", "gzip" or "deflate".
func (f Format) String() string {
	switch f {
	case Zlib:
		return "zlib"
	case Gzip:
		return "gzip"
	case Deflate:
		return "deflate"
	}
	return "format(" + strconv.Itoa(int(f)) + ")"
}

// Compression levels. Levels 1 to 9 trade speed for size as in zlib.
// Levels 1 and 6 run this package's own encoder, whose output is within
// 2.5% of libdeflate's at the same level; the others run klauspost/compress's
// encoders of the same number, whose output is not the same size as
// zlib's (see README.md).
const (
	// HuffmanOnly skips match searching and only entropy-codes the bytes:
	// very fast, useful on data that is already LZ-compressed.
	HuffmanOnly = flate.HuffmanOnly
	// DefaultCompression is level 6.
	DefaultCompression = flate.DefaultCompression
	// NoCompression stores the data in stored blocks.
	NoCompression = flate.NoCompression
	// BestSpeed is level 1.
	BestSpeed = flate.BestSpeed
	// BestCompression is level 9.
	BestCompression = flate.BestCompression
)
