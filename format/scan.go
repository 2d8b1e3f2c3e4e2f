package format

import (
	"encoding"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// Scanner reads whitespace-separated values straight from the window of a
// core.BufferedReader, without copying them out first.
//
// Whitespace rules: the ASCII white space characters ' ', '\t', '\n', '\v',
// '\f' and '\r' separate tokens; every scan of a value first skips any
// number of them, then takes the token up to the next one or the end of
// the input. Non-ASCII spaces (U+00A0, ...) are not separators. The whole
// token must be a value of the kind asked for: "12ab" is a syntax error
// for Int, not 12 followed by "ab". The separator after a token is not
// consumed, so a Line after an Int returns the rest of that line.
//
// EOF: a scan that finds only whitespace before the end of the input
// returns io.EOF itself (compare with ==). A token ended by the end of the
// input is complete; there is no io.ErrUnexpectedEOF for tokens.
//
// Errors are *ScanError values saying what was expected, what was found
// and at which byte offset, and wrap strconv.ErrSyntax, strconv.ErrRange,
// ErrTooLong or the reader's error (test with errors.Is). State after an
// error: a token that is not a valid value (strconv.ErrSyntax,
// strconv.ErrRange) has been consumed, so the next scan starts after it;
// a token longer than the reader's buffer (ErrTooLong) is skipped to its
// end; after a reader error nothing but the leading whitespace is
// consumed, and the scan may be retried.
//
// Tokens live in the reader's buffer, so a token (or line, with its
// newline) must be shorter than the buffer: core.NewReaderSize sets that
// limit, and no scan allocates memory sized by its input.
//
// Lines: where a bufio.Scanner loop is for s.Scan() { use(s.Bytes()) }
// followed by s.Err(), a Scanner's is a Line loop, which ends when Line
// returns io.EOF and sees each error where it happens; a line splits on a
// delimiter (a CSV comma) with bytes.SplitSeq, and ParseInt and ParseFloat
// parse its fields (see the Line example).
//
// A Scanner is not safe for concurrent use. It consumes from the reader
// lazily, in batches: to read the reader directly between scans, get it
// with Reader, which first consumes everything scanned so far.
type Scanner struct {
	r    core.BufferedReader
	win  []byte // the reader's window when last seen
	pos  int    // bytes of win scanned but not yet consumed from r
	base int64  // bytes consumed through the Scanner before win
	eof  bool   // the reader reported io.EOF
}

// NewScanner returns a Scanner reading from r, through core.WrapReader: a
// core.BufferedReader is used as it is, anything else gets a
// core.Reader of core.DefaultBufferSize. The reader's buffer size is the
// longest token or line the Scanner reads: for longer ones, pass a
// core.NewReaderSize(r, size). A Scanner has no Close: it does not own r.
func NewScanner(r io.Reader) *Scanner {
	s := &Scanner{}
	s.Reset(r)
	return s
}

// Reset makes s read from r, as NewScanner does, with its offset at 0.
func (s *Scanner) Reset(r io.Reader) {
	*s = Scanner{r: core.WrapReader(r)}
}

// Offset returns the number of bytes consumed through s, which is the
// offset in the input of the next byte s looks at as long as the reader is
// read only through s. Error offsets count the same way.
func (s *Scanner) Offset() int64 { return s.base + int64(s.pos) }

// Reader returns the reader s scans from, with everything s has scanned
// consumed, so that it can be read directly; s sees what is left when it
// scans again.
func (s *Scanner) Reader() core.BufferedReader {
	s.r.Consume(s.pos)
	s.base += int64(s.pos)
	s.win, s.pos = nil, 0
	return s.r
}

// window returns the bytes not yet scanned.
func (s *Scanner) window() []byte { return s.win[s.pos:] }

// consume marks n more bytes as scanned.
func (s *Scanner) consume(n int) { s.pos += n }

// fill makes more input visible in window: it hands the scanned bytes
// back to the reader and fills it. It returns nil when the window grew,
// else io.EOF at the end, core.ErrBufferFull when the window is the whole
// buffer, or the reader's error.
func (s *Scanner) fill() error {
	before := len(s.win) - s.pos
	s.r.Consume(s.pos)
	s.base += int64(s.pos)
	s.pos = 0
	err := io.EOF
	if !s.eof {
		_, err = s.r.Fill()
		if err == io.EOF {
			s.eof = true
		}
	}
	s.win = s.r.Window()
	if len(s.win) > before {
		return nil
	}
	return err
}

func isSpace(c byte) bool {
	return c == ' ' || c-'\t' <= '\r'-'\t'
}

// token skips whitespace and returns the next token, still in the window
// (not consumed). At the end of the input it returns io.EOF. expected is
// used in errors.
func (s *Scanner) token(expected string) ([]byte, error) {
	from := 0 // token bytes already checked, when the window starts at the token
	for {
		w := s.window()
		i := 0
		for from == 0 && i < len(w) && isSpace(w[i]) {
			i++
		}
		j := i + from
		for j < len(w) && !isSpace(w[j]) {
			j++
		}
		if j < len(w) || (s.eof && j > i) {
			if i > 0 {
				s.consume(i)
				w = s.window()
			}
			return w[:j-i], nil
		}
		// The window ends in whitespace or inside the token: read more,
		// keeping the token's start, and resume where the check stopped so
		// that a long token arriving in small pieces costs linear time.
		s.consume(i)
		from = j - i
		if err := s.fill(); err != nil {
			switch {
			case err == io.EOF:
				if j > i {
					continue
				}
				return nil, io.EOF
			case errors.Is(err, core.ErrBufferFull):
				return nil, s.skipLong(expected)
			default:
				return nil, newScanError(expected, nil, s.Offset(), err)
			}
		}
	}
}

// skipLong discards a token that fills the whole buffer, up to the next
// whitespace, and returns the ErrTooLong error for it.
func (s *Scanner) skipLong(expected string) error {
	start := s.Offset()
	w := s.window()
	e := newScanError(expected, w, start, ErrTooLong)
	for {
		w = s.window()
		j := 0
		for j < len(w) && !isSpace(w[j]) {
			j++
		}
		s.consume(j)
		if j < len(w) {
			return e
		}
		if err := s.fill(); err != nil {
			if err != io.EOF {
				e.Err = err
			}
			return e
		}
	}
}

// fail consumes the bad token tok and returns the error for it.
func (s *Scanner) fail(expected string, tok []byte, c code) error {
	e := newScanError(expected, tok, s.Offset(), c.err())
	s.consume(len(tok))
	return e
}

// Token returns the next whitespace-separated token. The slice is a view
// of the reader's buffer, valid until the next call on s or the reader.
func (s *Scanner) Token() ([]byte, error) {
	tok, err := s.token("token")
	s.consume(len(tok))
	return tok, err
}

// word returns the next whitespace-separated token as a string (a copy).
func (s *Scanner) word() (string, error) {
	tok, err := s.Token()
	return string(tok), err
}

// Line returns the rest of the current line, without its "\n" or "\r\n";
// whitespace is not skipped. The last line may end without a newline; at
// the end of the input Line returns io.EOF. The slice is a view of the
// reader's buffer, valid until the next call on s or the reader.
func (s *Scanner) Line() ([]byte, error) {
	scanned := 0
	for {
		w := s.window()
		for i := scanned; i < len(w); i++ {
			if w[i] == '\n' {
				s.consume(i + 1)
				line := w[:i]
				if i > 0 && line[i-1] == '\r' {
					line = line[:i-1]
				}
				return line, nil
			}
		}
		scanned = len(w)
		if err := s.fill(); err != nil {
			w = s.window() // fill may have moved the bytes
			switch {
			case err == io.EOF:
				if len(w) == 0 {
					return nil, io.EOF
				}
				s.consume(len(w))
				return w, nil
			case errors.Is(err, core.ErrBufferFull):
				return nil, s.skipLine(newScanError("line", w, s.Offset(), ErrTooLong))
			default:
				return nil, newScanError("line", nil, s.Offset(), err)
			}
		}
	}
}

// skipLine discards input up to and including the next newline, for a line
// longer than the buffer, and returns e.
func (s *Scanner) skipLine(e *ScanError) error {
	for {
		w := s.window()
		for i, c := range w {
			if c == '\n' {
				s.consume(i + 1)
				return e
			}
		}
		s.consume(len(w))
		if err := s.fill(); err != nil {
			if err != io.EOF {
				e.Err = err
			}
			return e
		}
	}
}

// Int scans an int in decimal; ScanInt scans the other integer types and
// bases.
func (s *Scanner) Int() (int, error) { return ScanInt[int](s, 10) }

// Float64 scans a float64, correctly rounded, with the syntax of
// strconv.ParseFloat; ScanFloat scans a float32.
func (s *Scanner) Float64() (float64, error) { return ScanFloat[float64](s) }

// boolean scans a bool with the syntax of strconv.ParseBool: 1, t, T, TRUE,
// true, True, 0, f, F, FALSE, false, False.
func (s *Scanner) boolean() (bool, error) {
	tok, err := s.token("bool")
	if err != nil {
		return false, err
	}
	switch string(tok) {
	case "1", "t", "T", "TRUE", "true", "True":
		s.consume(len(tok))
		return true, nil
	case "0", "f", "F", "FALSE", "false", "False":
		s.consume(len(tok))
		return false, nil
	}
	return false, s.fail("bool", tok, syntax)
}

// typeNames names the integer types in errors without reflection.
func intName[T any]() string {
	var z T
	switch any(z).(type) {
	case int:
		return "int"
	case int8:
		return "int8"
	case int16:
		return "int16"
	case int32:
		return "int32"
	case int64:
		return "int64"
	case uint:
		return "uint"
	case uint8:
		return "uint8"
	case uint16:
		return "uint16"
	case uint32:
		return "uint32"
	case uint64:
		return "uint64"
	case uintptr:
		return "uintptr"
	case float32:
		return "float32"
	case float64:
		return "float64"
	}
	return "number"
}

// ScanInt scans an integer of type T in base 2 to 36, or base 0 for Go's
// prefixes and underscores, with the syntax and range of strconv.ParseInt
// (signed T) or strconv.ParseUint (unsigned T). It does not allocate
// unless it fails.
func ScanInt[T core.Integer](s *Scanner, base int) (T, error) {
	if base == 10 {
		_, signed := intKind[T]()
		if w, i := s.win, s.pos; len(w)-i >= 9 {
			// The usual token: one separator (left by the previous scan),
			// then a number of at most seven digits and its terminator.
			// Both candidate loads depend only on s.pos, not on the bytes:
			// from one token's position to the next is one load and a few
			// arithmetic operations.
			x := load8(w, i)
			if c := byte(x); isSpace(c) {
				i++
				x = load8(w, i)
			} else if c-'0' > 9 && c != '-' {
				goto dec
			}
			neg := false
			if signed && byte(x) == '-' {
				if len(w)-i < 9 {
					goto dec
				}
				i++
				x = load8(w, i)
				neg = true
			}
			// The first byte that is not a digit gets its top bit set (a
			// variant of the byte-range test in Sean Anderson's Bit
			// Twiddling Hacks, "determine if a word has a byte between m
			// and n"): bytes below '0' and from 0xb0 by the subtraction,
			// bytes from ':' to 0xb9 by the addition. Borrows and carries
			// only come out of non-digits, so they disturb no byte before
			// the first of those.
			d := ((x + 0x4646464646464646) | (x - 0x3030303030303030)) & 0x8080808080808080
			if d == 0 {
				goto dec // eight digits or more
			}
			k := uint(bits.TrailingZeros64(d)) &^ 7 // digits × 8
			// One to seven digits, then white space.
			if k == 0 || !isSpace(byte(x>>k)) {
				goto dec
			}
			// The digits' values are the bytes of x - '0'…'0', which the
			// shift leaves alone, with zero bytes (leading zeros) below.
			u := digitValues((x - 0x3030303030303030) << ((64 - k) & 63))
			// Seven digits fit every type of 32 bits or more.
			if bitSize, _ := intKind[T](); bitSize < 32 {
				if signed {
					if cut := uint64(1) << uint(bitSize-1); u > cut || u == cut && !neg {
						goto dec
					}
				} else if u >= 1<<uint(bitSize) {
					goto dec
				}
			}
			s.pos = i + int(k>>3)
			if neg {
				u = -u
			}
			return T(u), nil
		}
	}
dec:
	return scanIntSlow[T](s, base)
}

// scanIntSlow is ScanInt after its one-load path: the general decimal pass
// over the window, then any base through the whole token.
func scanIntSlow[T core.Integer](s *Scanner, base int) (T, error) {
	if base == 10 {
		if v, ok := scanDecFast[T](s); ok {
			return v, nil
		}
	}
	tok, err := s.token("integer")
	if err != nil {
		return 0, err
	}
	v, c := parseIntT[T](tok, base)
	if c != ok {
		return v, s.fail(intName[T](), tok, c)
	}
	s.consume(len(tok))
	return v, nil
}

// scanDecFast is the hot path of decimal integers: one pass over the window
// that skips whitespace, reads an optional '-' and up to 19 digits, and
// succeeds when whitespace follows and the value fits T. Anything else
// (a '+', a long or overflowing number, a token at the window's end, bad
// syntax) reports false with nothing consumed, for the general path.
func scanDecFast[T core.Integer](s *Scanner) (T, bool) {
	// Index the window from s.pos rather than reslicing it: fewer
	// instructions on the hottest path of the package.
	w, i := s.win, s.pos
	bitSize, signed := intKind[T]()
	for i < len(w) && isSpace(w[i]) {
		i++
	}
	neg := false
	if signed && i < len(w) && w[i] == '-' {
		neg = true
		i++
	}
	start := i
	var u uint64
	if len(w)-i >= 8 {
		// The usual number, of at most seven digits, and its terminator
		// are in the next eight bytes: one load decides and converts.
		x := binary.LittleEndian.Uint64(w[i : i+8])
		if nd := nonDigits(x); nd != 0 {
			k := uint(bits.TrailingZeros64(nd)) &^ 7 // digits × 8
			if k == 0 || !isSpace(byte(x>>k)) {
				return 0, false
			}
			u = eightDigits(x << ((64 - k) & 63))
			i += int(k >> 3)
			if bitSize >= 32 {
				// Seven digits fit every type of 32 bits or more.
				s.pos = i
				if neg {
					u = -u
				}
				return T(u), true
			}
			goto check
		}
	}
	// Eight bytes at a time while the window has them (SWAR, after
	// Lemire's parse_eight_digits_unrolled in simdjson): find the digits
	// among the next eight bytes, then convert them with three multiplies.
	for len(w)-i >= 8 {
		x := binary.LittleEndian.Uint64(w[i : i+8])
		nd := nonDigits(x)
		k := 8
		if nd != 0 {
			k = bits.TrailingZeros64(nd) >> 3
		}
		if i-start+k > 19 {
			return 0, false
		}
		if k > 0 {
			u = u*pow10[k] + eightDigits(x<<(uint(64-8*k)&63))
		}
		i += k
		if k < 8 {
			goto end
		}
	}
	for i < len(w) {
		d := w[i] - '0'
		if d > 9 {
			break
		}
		u = u*10 + uint64(d)
		i++
	}
end:
	if n := i - start; n == 0 || n > 19 || i == len(w) || !isSpace(w[i]) {
		return 0, false
	}
check:
	if signed {
		cut := uint64(1) << uint(bitSize-1)
		if neg {
			if u > cut {
				return 0, false
			}
			u = -u
		} else if u >= cut {
			return 0, false
		}
	} else if bitSize < 64 && u >= 1<<uint(bitSize) {
		return 0, false
	}
	s.pos = i
	return T(u), true
}

// nonDigits returns x, eight bytes, with every byte that is an ASCII digit
// zeroed (and others nonzero). A carry out of a byte >= 0xfa may disturb
// the bytes after it, which only ever follow a non-digit.
func nonDigits(x uint64) uint64 {
	const hi, three, six = 0xf0f0f0f0f0f0f0f0, 0x3030303030303030, 0x0606060606060606
	return (x&hi ^ three) | ((x+six)&hi ^ three)
}

// load8 returns the eight bytes w[i:i+8] as a little-endian number. The
// caller guarantees 0 <= i <= len(w)-8: the load then needs no bounds check
// nor the masking of an empty slice's pointer that w[i:] costs, which on
// the hottest path of the package is a sixth of its instructions.
func load8(w []byte, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(w)), i))[:])
}

// digitValues converts eight digit values (0 to 9, not ASCII) in x, the
// first in the lowest byte, to the number they spell.
func digitValues(x uint64) uint64 {
	x = x * (10<<8 + 1) >> 8
	x = (x & 0x00ff00ff00ff00ff) * (100<<16 + 1) >> 16
	return (x & 0x0000ffff0000ffff) * (10000<<32 + 1) >> 32
}

// eightDigits converts eight ASCII digits (or zero bytes, which count as
// leading zeros) in x, the first in the lowest byte, to their value.
func eightDigits(x uint64) uint64 {
	x = (x & 0x0f0f0f0f0f0f0f0f) * (10<<8 + 1) >> 8
	x = (x & 0x00ff00ff00ff00ff) * (100<<16 + 1) >> 16
	return (x & 0x0000ffff0000ffff) * (10000<<32 + 1) >> 32
}

// ScanFloat scans a float of type T, correctly rounded, with the syntax of
// strconv.ParseFloat at T's bit size. On strconv.ErrRange the value is
// ±Inf, as strconv returns. It does not allocate unless it fails.
func ScanFloat[T core.Float](s *Scanner) (T, error) {
	var z T
	if unsafe.Sizeof(z) == 8 {
		if f, ok := s.float64Fast(); ok {
			return T(f), nil
		}
	} else if f, ok := s.float32Fast(); ok {
		return T(f), nil
	}
	return scanFloatSlow[T](s)
}

// float64Fast is the hot path of ScanFloat: the number parsed straight
// from the window in one pass, ended by white space there, and converted.
// false means the general path, with nothing consumed.
func (s *Scanner) float64Fast() (float64, bool) {
	w, i := s.win, s.pos
	for uint(i) < uint(len(w)) && isSpace(w[i]) {
		i++
	}
	m, q, neg, j, ok := decimalAt(w, i)
	if !ok {
		return 0, false
	}
	f, ok := float64Of(m, q, neg)
	if ok {
		s.pos = j
	}
	return f, ok
}

// float32Fast is float64Fast for float32.
func (s *Scanner) float32Fast() (float32, bool) {
	w, i := s.win, s.pos
	for uint(i) < uint(len(w)) && isSpace(w[i]) {
		i++
	}
	m, q, neg, j, ok := decimalAt(w, i)
	if !ok {
		return 0, false
	}
	f, ok := float32Of(m, q, neg)
	if ok {
		s.pos = j
	}
	return f, ok
}

// scanFloatSlow is ScanFloat for the tokens its hot path leaves: the whole
// token found first, then parsed.
func scanFloatSlow[T core.Float](s *Scanner) (T, error) {
	tok, err := s.token("float")
	if err != nil {
		return 0, err
	}
	v, c := parseFloatT[T](tok)
	if c != ok {
		return v, s.fail(intName[T](), tok, c)
	}
	s.consume(len(tok))
	return v, nil
}

// unmarshal scans the next token into v through its UnmarshalText method.
// An error from UnmarshalText is wrapped in a *ScanError; the token is
// consumed either way.
func (s *Scanner) unmarshal(v encoding.TextUnmarshaler) error {
	tok, err := s.token("token")
	if err != nil {
		return err
	}
	if uerr := v.UnmarshalText(tok); uerr != nil {
		e := newScanError(reflect.TypeOf(v).String(), tok, s.Offset(), uerr)
		s.consume(len(tok))
		return e
	}
	s.consume(len(tok))
	return nil
}

// Scan scans one value into each pointer of ptrs, in order: pointers to
// every integer and float type (in decimal), bool (with the syntax of
// strconv.ParseBool), string and []byte (a copy of the token), and any
// encoding.TextUnmarshaler, which is given the whole token (an error from
// its UnmarshalText is wrapped in a *ScanError, the token consumed). It
// stops at the first error, which is io.EOF only when the input ended
// before the first value. Later values after an end of input give
// io.ErrUnexpectedEOF.
func (s *Scanner) Scan(ptrs ...any) error {
	for i, p := range ptrs {
		var err error
		switch v := p.(type) {
		case *int:
			*v, err = ScanInt[int](s, 10)
		case *int8:
			*v, err = ScanInt[int8](s, 10)
		case *int16:
			*v, err = ScanInt[int16](s, 10)
		case *int32:
			*v, err = ScanInt[int32](s, 10)
		case *int64:
			*v, err = ScanInt[int64](s, 10)
		case *uint:
			*v, err = ScanInt[uint](s, 10)
		case *uint8:
			*v, err = ScanInt[uint8](s, 10)
		case *uint16:
			*v, err = ScanInt[uint16](s, 10)
		case *uint32:
			*v, err = ScanInt[uint32](s, 10)
		case *uint64:
			*v, err = ScanInt[uint64](s, 10)
		case *uintptr:
			*v, err = ScanInt[uintptr](s, 10)
		case *float64:
			*v, err = ScanFloat[float64](s)
		case *float32:
			*v, err = ScanFloat[float32](s)
		case *bool:
			*v, err = s.boolean()
		case *string:
			*v, err = s.word()
		case *[]byte:
			var tok []byte
			tok, err = s.Token()
			*v = append((*v)[:0], tok...)
		case encoding.TextUnmarshaler:
			err = s.unmarshal(v)
		default:
			return &ScanError{Expected: "pointer to a scannable value", Found: reflect.TypeOf(p).String(), Offset: s.Offset(), Err: strconv.ErrSyntax}
		}
		if err != nil {
			if err == io.EOF && i > 0 {
				return &ScanError{Expected: "value " + strconv.Itoa(i+1) + " of " + strconv.Itoa(len(ptrs)), Offset: s.Offset(), Err: io.ErrUnexpectedEOF}
			}
			return err
		}
	}
	return nil
}
