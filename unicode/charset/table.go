package charset

import (
	"compress/flate"
	"embed"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
	"unicode/utf8"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

//go:generate env CGO_ENABLED=1 go run gen_tables.go

//go:embed tables/*.tab
var tableFiles embed.FS

// kind says how a glibc charset is converted: by its table alone, or by
// the ISO-2022 state machine of iso2022.go on the table of another.
type kind uint8

const (
	kindTable kind = iota
	kind2022JP
	kind2022KR
	kind2022CN
	kind2022CNEXT
)

// glibcCharset is a charset of glibc's iconv that this package carries:
// its module name and the aliases gconv-modules gives it.
type glibcCharset struct {
	name    string
	kind    kind
	aliases []string
}

// table is a charset's code table, read from its .tab file the first time
// it is used (see gen_tables.go for the format).
type table struct {
	name  string
	rows  [][256]int32     // the decoder's trie; row 0 for a first byte
	low   [256]uint32      // the encoder for U+0000–U+00FF: len<<24 | bytes, 0 for none
	bmp   []uint32         // a large table's encoder for U+0100–U+FFFF, nil for a small one
	wide  map[rune]uint32  // the encoder of the rest
	four  map[rune]uint32  // the four-byte codes, marked fourBytes in bmp and wide
	comps map[[2]rune]rune // base and combining mark → composed code point
	bases map[rune]bool    // code points that begin a composition
	err   error            // a .tab file that does not load
	once  sync.Once
}

var (
	tablesMu sync.Mutex
	tables   = map[string]*table{}
)

// loadTable returns the table of the named charset, loaded.
func loadTable(name string) (*table, error) {
	tablesMu.Lock()
	t := tables[name]
	if t == nil {
		t = &table{name: name}
		tables[name] = t
	}
	tablesMu.Unlock()
	t.once.Do(t.load)
	return t, t.err
}

// readTable returns the content of a .tab file, inflated.
func readTable(name string) ([]byte, error) {
	f, err := tableFiles.Open("tables/" + name + ".tab")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// A table is at most a few megabytes; the limit keeps a damaged
	// file from growing without bound.
	r := flate.NewReader(f)
	data, err := io.ReadAll(io.LimitReader(r, 16<<20))
	if err == nil {
		err = r.Close()
	}
	return data, err
}

func (t *table) load() {
	data, err := readTable(t.name)
	if err != nil {
		t.err = fmt.Errorf("charset: the table of %s: %w", t.name, err)
		return
	}
	bad := func() { t.err = fmt.Errorf("charset: the table of %s is damaged (%d bytes left)", t.name, len(data)) }
	next := func() uint64 {
		v, n := binary.Uvarint(data)
		if n <= 0 {
			bad()
			return 0
		}
		data = data[n:]
		return v
	}
	nrows := next()
	if t.err != nil || nrows == 0 || nrows > 1<<16 {
		bad()
		return
	}
	t.rows = make([][256]int32, nrows)
	prev := int32(0)
	for i := range t.rows {
		for b := range 256 {
			d, n := binary.Varint(data)
			if n <= 0 {
				bad()
				return
			}
			data = data[n:]
			prev += int32(d)
			if prev <= -16 && int(-16-prev) >= len(t.rows) || prev > utf8.MaxRune {
				bad()
				return
			}
			t.rows[i][b] = prev
		}
	}
	count := next()
	if count > 2048 {
		// A large table: an array for the BMP, 256 KiB.
		t.bmp = make([]uint32, 0x10000)
	}
	r := rune(-1)
	for range count {
		r += rune(next())
		n := int(next())
		if t.err != nil || n == 0 || n > 4 || n > len(data) || r > utf8.MaxRune {
			bad()
			return
		}
		v := uint32(0)
		for _, b := range data[:n] {
			v = v<<8 | uint32(b)
		}
		if n == 4 {
			if t.four == nil {
				t.four = map[rune]uint32{}
			}
			t.four[r] = v
			v = fourBytes
		} else {
			v |= uint32(n) << 24
		}
		data = data[n:]
		if r < 0x100 {
			t.low[r] = v
		}
		if r < 0x10000 && t.bmp != nil {
			t.bmp[r] = v
		} else {
			if t.wide == nil {
				t.wide = map[rune]uint32{}
			}
			t.wide[r] = v
		}
	}
	if nc := next(); nc > 0 {
		t.comps = make(map[[2]rune]rune, nc)
		t.bases = map[rune]bool{}
		for range nc {
			base, mark, to := rune(next()), rune(next()), rune(next())
			t.comps[[2]rune{base, mark}] = to
			t.bases[base] = true
		}
	}
	if t.err == nil && len(data) != 0 {
		bad()
	}
}

// fourBytes marks a code point whose code is in table.four.
const fourBytes = 0xFF << 24

// encode returns r's bytes packed as len<<24 | bytes, fourBytes for a
// four-byte code (see table.four), 0 if t lacks r.
func (t *table) encode(r rune) uint32 {
	if r < 0x100 {
		return t.low[r]
	}
	if r < 0x10000 && t.bmp != nil {
		return t.bmp[r]
	}
	return t.wide[r]
}

// tableEncoding is a stateless glibc charset as a golang.org/x/text
// encoding.
type tableEncoding struct{ t *table }

func (e tableEncoding) NewDecoder() *encoding.Decoder {
	return &encoding.Decoder{Transformer: &tableDecoder{t: e.t}}
}

func (e tableEncoding) NewEncoder() *encoding.Encoder {
	return &encoding.Encoder{Transformer: tableEncoder(e)}
}

// NewStrictDecoder returns a decoder that stops at the first ill-formed
// sequence with a *unicode.Error (the bridge of package unicode uses it
// under Options.Strict).
func (e tableEncoding) NewStrictDecoder() transform.Transformer {
	return &tableDecoder{t: e.t, strict: true}
}

func (e tableEncoding) String() string { return e.t.name }

// tableDecoder decodes a stateless charset into UTF-8: an ill-formed
// sequence (the bytes iconv -c drops for it) becomes U+FFFD, or in strict
// mode stops it with a *unicode.Error.
type tableDecoder struct {
	t      *table
	strict bool
}

func (d *tableDecoder) Reset() {}

// ill reports an ill-formed sequence for the strict decoder.
func ill(seq []byte, cause error) error {
	e := &unicode.Error{Offset: -1, Err: cause}
	e.N = copy(e.Bytes[:], seq)
	return e
}

func (d *tableDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	rows := d.t.rows
	for nSrc < len(src) {
		c := src[nSrc]
		v := rows[0][c]
		i := nSrc + 1
		for v <= -16 {
			if i == len(src) {
				if !atEOF {
					return nDst, nSrc, transform.ErrShortSrc
				}
				if d.strict {
					return nDst, nSrc, ill(src[nSrc:], unicode.ErrTruncated)
				}
				if len(dst)-nDst < 3 {
					return nDst, nSrc, transform.ErrShortDst
				}
				nDst += utf8.EncodeRune(dst[nDst:], utf8.RuneError)
				return nDst, len(src), nil
			}
			v = rows[-16-v][src[i]]
			i++
		}
		if v < 0 {
			n := int(-v)
			if d.strict {
				return nDst, nSrc, ill(src[nSrc:nSrc+n], unicode.ErrInvalid)
			}
			if len(dst)-nDst < 3 {
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += utf8.EncodeRune(dst[nDst:], utf8.RuneError)
			nSrc += n
			continue
		}
		r := rune(v)
		if d.t.bases != nil && d.t.bases[r] {
			// glibc composes a base letter and the combining marks after
			// it: look at the next characters before writing it.
			for i < len(src) || !atEOF {
				if i == len(src) {
					return nDst, nSrc, transform.ErrShortSrc
				}
				m := rows[0][src[i]]
				to, ok := d.t.comps[[2]rune{r, rune(m)}]
				if m < 0 || !ok {
					break
				}
				r = to
				i++
			}
		}
		if c < utf8.RuneSelf && r == rune(c) {
			if nDst == len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc = i
			continue
		}
		if len(dst)-nDst < utf8.RuneLen(r) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc = i
	}
	return nDst, nSrc, nil
}

// unencodable is the error of an encoder for a character its charset
// lacks; its Replacement method lets encoding.ReplaceUnsupported write
// the SUB character (0x1A) instead, as for x/text's own encoders.
type unencodable rune

func (e unencodable) Error() string {
	return fmt.Sprintf("charset: %U is not representable", rune(e))
}

func (unencodable) Replacement() byte { return 0x1A }

// tableEncoder encodes UTF-8 into a stateless charset.
type tableEncoder struct{ t *table }

func (tableEncoder) Reset() {}

func (e tableEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		r, size := rune(src[nSrc]), 1
		if r >= utf8.RuneSelf {
			if !atEOF && !utf8.FullRune(src[nSrc:]) {
				return nDst, nSrc, transform.ErrShortSrc
			}
			r, size = utf8.DecodeRune(src[nSrc:])
			if r == utf8.RuneError && size == 1 {
				return nDst, nSrc, unencodable(r)
			}
		}
		v := e.t.encode(r)
		if v == 0 {
			return nDst, nSrc, unencodable(r)
		}
		n := int(v >> 24)
		if v == fourBytes {
			v, n = e.t.four[r], 4
		}
		if len(dst)-nDst < n {
			return nDst, nSrc, transform.ErrShortDst
		}
		for k := n - 1; k >= 0; k-- {
			dst[nDst+k] = byte(v)
			v >>= 8
		}
		nDst += n
		nSrc += size
	}
	return nDst, nSrc, nil
}
