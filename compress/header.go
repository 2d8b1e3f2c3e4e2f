package compress

import (
	"encoding/binary"
	"hash/crc32"
	"strings"
	"time"
)

// Header holds the gzip header fields (RFC 1952 section 2.3). Writers put
// it in front of the stream; Readers fill it from each member's header.
// Name and Comment are written and read as raw bytes, as the gzip command
// does with file names; they cannot contain a NUL byte.
type Header struct {
	Name    string    // original file name, or ""
	Comment string    // free-form comment, or ""
	Extra   []byte    // the FEXTRA field (at most 65535 bytes), or nil
	ModTime time.Time // modification time, whole seconds; zero for none
	OS      byte      // operating system code; 255 (unknown) is the default of Writers
}

// MaxHeaderField is the longest gzip Name or Comment a Reader accepts,
// so that a header cannot make it buffer unbounded input.
const MaxHeaderField = 64 << 10

const (
	gzipID1     = 0x1f
	gzipID2     = 0x8b
	gzipDeflate = 8

	flagText    = 1 << 0
	flagHdrCRC  = 1 << 1
	flagExtra   = 1 << 2
	flagName    = 1 << 3
	flagComment = 1 << 4
	flagReserve = 0xe0

	osUnknown = 255
)

// zlibLevelFlag returns FLEVEL of RFC 1950, informational only.
func zlibLevelFlag(level int) byte {
	switch {
	case level == HuffmanOnly || level == NoCompression || level == BestSpeed:
		return 0
	case level >= 2 && level <= 5:
		return 1
	case level == DefaultCompression || level == 6:
		return 2
	}
	return 3
}

// appendZlibHeader appends the zlib header: CMF (deflate, 32 KiB window),
// FLG with FCHECK making the pair a multiple of 31, and the dictionary id.
func appendZlibHeader(p []byte, level int, dict []byte) []byte {
	const cmf = 0x78
	flg := zlibLevelFlag(level) << 6
	if dict != nil {
		flg |= 1 << 5
	}
	flg |= byte(31 - (uint(cmf)<<8|uint(flg))%31)
	p = append(p, cmf, flg)
	if dict != nil {
		p = binary.BigEndian.AppendUint32(p, adler32Update(1, dict))
	}
	return p
}

// gzipHeaderLen returns the encoded size of h, or -1 if h cannot be encoded.
func gzipHeaderLen(h *Header) int {
	if strings.IndexByte(h.Name, 0) >= 0 || strings.IndexByte(h.Comment, 0) >= 0 || len(h.Extra) > 0xffff {
		return -1
	}
	n := 10
	if h.Extra != nil {
		n += 2 + len(h.Extra)
	}
	if h.Name != "" {
		n += len(h.Name) + 1
	}
	if h.Comment != "" {
		n += len(h.Comment) + 1
	}
	return n
}

// appendGzipHeader appends the gzip member header for h; h must have
// passed gzipHeaderLen.
func appendGzipHeader(p []byte, h *Header, level int) []byte {
	var flg byte
	if h.Extra != nil {
		flg |= flagExtra
	}
	if h.Name != "" {
		flg |= flagName
	}
	if h.Comment != "" {
		flg |= flagComment
	}
	var mtime uint32
	if !h.ModTime.IsZero() && h.ModTime.Unix() > 0 && h.ModTime.Unix() <= 0xffffffff {
		mtime = uint32(h.ModTime.Unix())
	}
	var xfl byte
	switch level {
	case BestCompression:
		xfl = 2
	case BestSpeed, HuffmanOnly:
		xfl = 4
	}
	p = append(p, gzipID1, gzipID2, gzipDeflate, flg)
	p = binary.LittleEndian.AppendUint32(p, mtime)
	p = append(p, xfl, h.OS)
	if h.Extra != nil {
		p = binary.LittleEndian.AppendUint16(p, uint16(len(h.Extra)))
		p = append(p, h.Extra...)
	}
	if h.Name != "" {
		p = append(append(p, h.Name...), 0)
	}
	if h.Comment != "" {
		p = append(append(p, h.Comment...), 0)
	}
	return p
}

// crc32Update is the IEEE CRC-32 used by gzip; hash/crc32 picks the
// carry-less-multiply or slicing-by-8 implementation for the machine.
func crc32Update(crc uint32, p []byte) uint32 {
	return crc32.Update(crc, crc32.IEEETable, p)
}

// The index subfield of an indexed gzip member's extra field
// (WriterOptions.Index): SI1 'F', SI2 'I', LEN 4, then the member's total
// length, little-endian.
const (
	indexSI1      = 'F'
	indexSI2      = 'I'
	indexFieldLen = 8 // the subfield with its 4-byte subheader
)

// appendIndexHeader appends the header of an indexed gzip member and
// returns it with the offset in it of the member's length, left zero for
// the caller to set: the first member carries h with the index subfield
// after h.Extra, the later ones only h.OS and the subfield. h must have
// passed gzipHeaderLen with room for the subfield.
func appendIndexHeader(p []byte, h *Header, level int, first bool) ([]byte, int) {
	var m Header
	if first {
		m = *h
	} else {
		m.OS = h.OS
	}
	var x [64]byte
	m.Extra = append(append(x[:0], m.Extra...), indexSI1, indexSI2, 4, 0, 0, 0, 0, 0)
	start := len(p)
	p = appendGzipHeader(p, &m, level)
	return p, len(p) - start - len(m.Name) - len(m.Comment) - nulls(&m) - 4
}

// nulls counts the terminating NULs of h's name and comment.
func nulls(h *Header) int {
	n := 0
	if h.Name != "" {
		n++
	}
	if h.Comment != "" {
		n++
	}
	return n
}
