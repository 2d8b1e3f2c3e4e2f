package charset

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/fastio-go/fastio/core/coretest"
	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// The differential test runs glibc's iconv command and this package over
// each charset's whole code table, both ways. Its full size (every chunk
// size over every input, 1,500 illegal sequences and 2,000 unencodable
// characters of each charset checked for their position) runs under
// FASTIO_STRESS=1; the default size checks the same inputs whole and at
// 4 KiB chunks, every chunk size from 1 to 17 bytes over parts of them,
// and 24 illegal sequences and 8 unencodable characters.

func stressSize() bool { return os.Getenv("FASTIO_STRESS") == "1" }

// iconvResult is what the iconv command did with an input.
type iconvResult struct {
	out  []byte
	code int   // exit status
	pos  int64 // the position of "illegal input sequence at position N", -1 if none
	msg  string
}

var positionRE = regexp.MustCompile(`illegal input sequence at position (\d+)`)

var (
	iconvCacheMu sync.Mutex
	iconvCache   = map[string]map[string]iconvResult{} // by test, then by run
)

// runIconvCmd runs iconv with args on in; the same run in the same test is
// made once (the whole input is checked whole and in chunks), and the
// results go when the test ends.
func runIconvCmd(t *testing.T, path string, in []byte, args ...string) iconvResult {
	t.Helper()
	key := fmt.Sprint(args, len(in), crc32.ChecksumIEEE(in))
	iconvCacheMu.Lock()
	runs := iconvCache[t.Name()]
	if runs == nil {
		runs = map[string]iconvResult{}
		iconvCache[t.Name()] = runs
		name := t.Name()
		t.Cleanup(func() {
			iconvCacheMu.Lock()
			delete(iconvCache, name)
			iconvCacheMu.Unlock()
		})
	}
	r, ok := runs[key]
	iconvCacheMu.Unlock()
	if ok {
		return r
	}
	r = runIconvOnce(t, path, in, args...)
	iconvCacheMu.Lock()
	runs[key] = r
	iconvCacheMu.Unlock()
	return r
}

func runIconvOnce(t *testing.T, path string, in []byte, args ...string) iconvResult {
	t.Helper()
	cmd := exec.Command(path, args...)
	cmd.Stdin = bytes.NewReader(in)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	err := cmd.Run()
	r := iconvResult{out: out.Bytes(), pos: -1, msg: stderr.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("iconv %v: %v", args, err)
	}
	if m := positionRE.FindStringSubmatch(r.msg); m != nil {
		r.pos, _ = strconv.ParseInt(m[1], 10, 64)
	}
	return r
}

// feedDecode decodes src through a fresh strict Transformer of c, handing
// it chunk bytes at a time as a reader would (all of it for chunk 0).
// With ignore, an illegal sequence is dropped as iconv -c drops it;
// without, the first one ends the conversion with its error.
func feedDecode(c unicode.Converter, src []byte, chunk int, ignore bool) ([]byte, error) {
	t := c.NewTransformer()
	var out []byte
	dst := make([]byte, 4096)
	start, end := 0, 0
	if chunk <= 0 {
		chunk = len(src)
	}
	for {
		end = min(end+chunk, len(src))
		atEOF := end == len(src)
		for {
			nd, ns, err := t.Transform(dst, src[start:end], atEOF)
			out = append(out, dst[:nd]...)
			start += ns
			switch {
			case err == nil && atEOF:
				return out, nil
			case err == nil:
			case err == transform.ErrShortDst:
				continue
			case err == transform.ErrShortSrc && !atEOF:
			case err == transform.ErrShortSrc:
				return out, fmt.Errorf("ErrShortSrc at the end of the input, %d bytes left", end-start)
			default:
				var ue *unicode.Error
				if ignore && errors.As(err, &ue) && ue.Err == unicode.ErrInvalid {
					continue
				}
				return out, err
			}
			break
		}
	}
}

// feedEncode encodes UTF-8 text with x's encoder chunk bytes at a time
// (cut on character boundaries, as the bridge hands text to it); with
// ignore a character the charset lacks is dropped, without, it ends the
// conversion, and the error says at which character (in UTF-8 bytes).
func feedEncode(x encoding.Encoding, src []byte, chunk int, ignore bool) ([]byte, int, error) {
	e := x.NewEncoder()
	var out []byte
	dst := make([]byte, 4096)
	if chunk <= 0 {
		chunk = len(src)
	}
	start := 0
	for start < len(src) || start == 0 {
		end := min(start+chunk, len(src))
		for end < len(src) && !utf8.RuneStart(src[end]) {
			end++
		}
		atEOF := end == len(src)
		piece := src[start:end]
		for {
			nd, ns, err := e.Transform(dst, piece, atEOF)
			out = append(out, dst[:nd]...)
			piece = piece[ns:]
			start += ns
			if err == transform.ErrShortDst {
				continue
			}
			if err != nil && err != transform.ErrShortSrc {
				if !ignore {
					return out, start, err
				}
				_, size := utf8.DecodeRune(piece)
				piece = piece[size:]
				start += size
				continue
			}
			break
		}
		if atEOF {
			break
		}
	}
	return out, -1, nil
}

// sweep holds a charset's test inputs, built from its own table.
type sweep struct {
	valid   []byte   // every character of the table, once
	starts  []int    // where each character of valid starts
	illegal []byte   // every illegal sequence of one to three bytes, one after another
	samples [][]byte // illegal sequences, each alone
}

// tableSweep walks the decoding trie of t.
func tableSweep(t *table) *sweep {
	s := new(sweep)
	var walk func(row int, prefix []byte)
	walk = func(row int, prefix []byte) {
		for b := range 256 {
			seq := append(prefix[:len(prefix):len(prefix)], byte(b))
			switch v := t.rows[row][b]; {
			case v >= 0:
				s.starts = append(s.starts, len(s.valid))
				s.valid = append(s.valid, seq...)
			case v <= -16:
				walk(int(-16-v), seq)
			default:
				s.illegal = append(s.illegal, seq...)
				s.samples = append(s.samples, seq)
			}
		}
	}
	walk(0, nil)
	return s
}

// iso2022Sweep builds the inputs of ISO-2022-JP or ISO-2022-KR.
func iso2022Sweep(e iso2022Encoding) *sweep {
	s := new(sweep)
	double := "\x1b$B"
	if e.kr {
		s.valid = append(s.valid, "\x1b$)C"...)
		double = "\x0e"
	}
	for b := range 0x80 {
		if b != esc && b != so && b != si {
			s.valid = append(s.valid, byte(b))
		}
	}
	if !e.kr {
		s.valid = append(s.valid, "\x1b(J"...)
		for b := range 0x80 {
			if b != esc {
				s.valid = append(s.valid, byte(b))
			}
		}
	}
	s.valid = append(s.valid, double...)
	for b1 := 0x21; b1 < 0x7F; b1++ {
		for b2 := 0x21; b2 < 0x7F; b2++ {
			if e.double(byte(b1), byte(b2)) >= 0 {
				s.starts = append(s.starts, len(s.valid))
				s.valid = append(s.valid, byte(b1), byte(b2))
			}
		}
	}
	// The pair sweep in the double-byte set, then bytes from 0x80 in
	// ASCII.
	s.illegal = append(s.illegal, double...)
	for b1 := range 256 {
		for b2 := range 256 {
			if b1 == esc || b2 == esc || e.kr && (b1 == so || b1 == si || b2 == so || b2 == si) {
				continue
			}
			s.illegal = append(s.illegal, byte(b1), byte(b2))
			if b1 >= 0x21 && b1 < 0x7F && (b2 < 0x21 || b2 >= 0x7F || e.double(byte(b1), byte(b2)) < 0) {
				s.samples = append(s.samples, []byte(double+string([]byte{byte(b1), byte(b2)})))
			}
		}
	}
	if e.kr {
		// A lone last byte in the KS X 1001 set, then SI.
		s.samples = append(s.samples, []byte("\x0e\x0a"), []byte("\x0e\x21"), []byte("\x0e\xff"), []byte("\x0e\x7e\xff"))
		s.illegal = append(s.illegal, si)
	} else {
		s.illegal = append(s.illegal, "\x1b(B"...)
	}
	for b := 0x80; b < 0x100; b++ {
		s.illegal = append(s.illegal, byte(b))
		s.samples = append(s.samples, []byte{byte(b)})
	}
	return s
}

// cnSweep builds the inputs of ISO-2022-CN.
func cnSweep(e cnEncoding) *sweep {
	s := new(sweep)
	for b := range 0x7F {
		if b != esc && b != so && b != si {
			s.valid = append(s.valid, byte(b))
		}
	}
	sets := []struct {
		set          cnSet
		prefix, each string // before the first pair, before each pair
	}{
		{cnGB, "\x1b$)A\x0e", ""},
		// SI first: glibc takes a designation made while shifted only at
		// the next SO (the documented difference).
		{cnCNS1, "\x0f\x1b$)G\x0e", ""},
		{cnCNS2, "\x0f\x1b$*H", "\x1bN"},
	}
	if e.ir != nil {
		sets = append(sets, struct {
			set          cnSet
			prefix, each string
		}{cnIR165, "\x0f\x1b$)E\x0e", ""})
		for p := cnCNS3; p <= cnCNS7; p++ {
			sets = append(sets, struct {
				set          cnSet
				prefix, each string
			}{p, "\x0f\x1b$+" + string(rune('I'+p-cnCNS3)), "\x1bO"})
		}
	}
	for _, set := range sets {
		s.valid = append(s.valid, set.prefix...)
		for b1 := 0x21; b1 < 0x7F; b1++ {
			for b2 := 0x21; b2 < 0x7F; b2++ {
				if e.decode(set.set, byte(b1), byte(b2)) >= 0 {
					s.starts = append(s.starts, len(s.valid))
					s.valid = append(s.valid, set.each...)
					s.valid = append(s.valid, byte(b1), byte(b2))
				}
			}
		}
	}
	// The pair sweeps in each shifted set and after ESC N, then the
	// bytes from 0x7F in ASCII.
	for _, set := range sets {
		s.illegal = append(s.illegal, set.prefix...)
		for b1 := range 256 {
			for b2 := range 256 {
				if b1 == esc || b2 == esc || b1 == so || b1 == si || b2 == so || b2 == si || set.each != "" && (b1 == 'N' || b2 == 'N') {
					continue
				}
				s.illegal = append(s.illegal, set.each...)
				s.illegal = append(s.illegal, byte(b1), byte(b2))
				if e.decode(set.set, byte(b1), byte(b2)) < 0 && (set.each != "" || b1 >= 0x21 && b1 < 0x7F) {
					s.samples = append(s.samples, []byte(set.prefix+set.each+string([]byte{byte(b1), byte(b2)})))
				}
			}
		}
	}
	s.illegal = append(s.illegal, si)
	for b := 0x7F; b < 0x100; b++ {
		s.illegal = append(s.illegal, byte(b))
		s.samples = append(s.samples, []byte{byte(b)})
	}
	s.samples = append(s.samples, []byte("\x1b$)A\x0e\x0a"), []byte("\x1b$)A\x0e\x21"), []byte("\x1bN\x21"), []byte("\x1b$)"))
	return s
}

func allRunes() []byte {
	var b []byte
	for r := rune(0); r < 0x30000; r++ {
		if r < 0xD800 || r >= 0xE000 {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// glibcCN rewrites ISO-2022-CN written by this package as glibc writes
// it (the documented difference): glibc writes plane 2 characters that
// follow one another after one ESC N, and no SO before a GB2312 or plane 1
// character that follows a plane 2 one outside SO.
func glibcCN(b []byte) []byte {
	var out []byte
	// The single shift of the last pair ('N' or 'O'), and whether only
	// designations came after it.
	var last byte
	afterSS := false
	shifted := false
	for i := 0; i < len(b); {
		switch {
		case b[i] == esc && i+2 < len(b) && (b[i+1] == 'N' || b[i+1] == 'O') && b[i+2] == esc:
			// A single shift that glibc wrote at the end of an output
			// buffer and again at the start of the next.
			i += 2
		case b[i] == esc && i+3 < len(b) && (b[i+1] == 'N' || b[i+1] == 'O'):
			if last != b[i+1] {
				out = append(out, b[i:i+2]...)
			}
			out = append(out, b[i+2:i+4]...)
			last, afterSS = b[i+1], true
			i += 4
		case b[i] == esc && i+3 < len(b) && b[i+1] == '$':
			out = append(out, b[i:i+4]...)
			last = 0
			i += 4
		case b[i] == so:
			if !afterSS {
				out = append(out, so)
			}
			shifted, last, afterSS = true, 0, false
			i++
		case b[i] == si:
			out = append(out, si)
			shifted, last, afterSS = false, 0, false
			i++
		case shifted && i+1 < len(b):
			out = append(out, b[i:i+2]...)
			last, afterSS = 0, false
			i += 2
		default:
			out = append(out, b[i])
			last, afterSS = 0, false
			i++
		}
	}
	return out
}

// keptBase reports whether got is want and then one character of t that
// glibc's CP1255 and CP1258 decoders hold back for a combining mark: at an
// illegal byte after such a character iconv drops it from its output, and
// this package writes it (the documented difference).
func keptBase(x encoding.Encoding, got, want []byte) bool {
	te, ok := x.(tableEncoding)
	if !ok || te.t.bases == nil || !bytes.HasPrefix(got, want) {
		return false
	}
	r, size := utf8.DecodeRune(got[len(want):])
	return size > 0 && len(want)+size == len(got) && te.t.bases[r]
}

// TestIconvDifferential compares every glibc charset of the package with
// the iconv command: its whole code table decoded and encoded, strict and
// with iconv -c's dropping of bad input, whole and chunked.
func TestIconvDifferential(t *testing.T) {
	if runtime.GOOS == "wasip1" {
		t.Skip("wasip1 starts no subprocesses: the comparison with iconv runs on the host")
	}
	path := coretest.Peer(t, "iconv", "libc-bin")
	runes := allRunes()
	for _, cs := range glibcCharsets {
		t.Run(cs.name, func(t *testing.T) {
			t.Parallel()
			e, err := Lookup(cs.name)
			if err != nil {
				t.Fatal(err)
			}
			x, err := TextEncoding(cs.name)
			if err != nil {
				t.Fatal(err)
			}
			var s *sweep
			switch x := x.(type) {
			case tableEncoding:
				s = tableSweep(x.t)
			case iso2022Encoding:
				s = iso2022Sweep(x)
			case cnEncoding:
				s = cnSweep(x)
			}
			if len(s.starts) > 0 {
				key := &s.valid[0]
				boundariesMu.Lock()
				boundaries[key] = s.starts
				boundariesMu.Unlock()
				t.Cleanup(func() {
					boundariesMu.Lock()
					delete(boundaries, key)
					boundariesMu.Unlock()
				})
			}
			dec, err := unicode.New(e, unicode.UTF8, unicode.Options{Strict: true, KeepBOM: true})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(len(cs.name)), 7))
			chunks := func(in []byte, check func(name string, in []byte, chunk int)) {
				check("whole", in, 0)
				check("4KiB", in, 4096)
				for k := 1; k <= 17; k++ {
					part := in
					if !stressSize() && len(in) > 3000 {
						// A part of about 3000 bytes from a character
						// boundary (a stateful text from its start).
						off := 0
						if _, ok := x.(tableEncoding); ok {
							off = boundary(in, rng.IntN(len(in)-3000))
						}
						part = in[off:boundary(in, off+3000)]
					}
					check(fmt.Sprintf("%d-byte chunks", k), part, k)
				}
			}
			// Decoding every character, strict.
			chunks(s.valid, func(name string, in []byte, chunk int) {
				want := runIconvCmd(t, path, in, "-f", cs.name, "-t", "UTF-8")
				got, err := feedDecode(dec, in, chunk, false)
				if want.code != 0 || err != nil || !bytes.Equal(got, want.out) {
					t.Errorf("decoding the valid table, %s: %d bytes, %v; iconv %d bytes, exit %d %s%s",
						name, len(got), err, len(want.out), want.code, want.msg, firstDiff(got, want.out))
				}
			})
			// Decoding the sweep of illegal sequences with -c.
			chunks(s.illegal, func(name string, in []byte, chunk int) {
				want := runIconvCmd(t, path, in, "-c", "-f", cs.name, "-t", "UTF-8")
				got, err := feedDecode(dec, in, chunk, true)
				if err != nil && !errors.Is(err, unicode.ErrTruncated) || !bytes.Equal(got, want.out) {
					t.Errorf("decoding the illegal sweep with -c, %s: %d bytes, %v; iconv %d bytes, exit %d%s",
						name, len(got), err, len(want.out), want.code, firstDiff(got, want.out))
				}
			})
			// Strict: each sampled illegal sequence after some text stops
			// both at its position with the same output before it; at the
			// end of the input, both stop at it, or both find the input
			// cut short.
			// A sample of them: 24, or at full size 1,500 (EUC-TW has a
			// million illegal four-byte sequences, each an iconv run).
			samples := s.samples
			if n := map[bool]int{false: 24, true: 1500}[stressSize()]; len(samples) > n {
				rng.Shuffle(len(samples), func(i, j int) { samples[i], samples[j] = samples[j], samples[i] })
				samples = samples[:n]
			}
			for _, seq := range samples {
				for _, tail := range []string{"cd", ""} {
					in := append([]byte("ab"), seq...)
					in = append(in, tail...)
					want := runIconvCmd(t, path, in, "-f", cs.name, "-t", "UTF-8")
					got, err := feedDecode(dec, in, 1+rng.IntN(5), false)
					var ue *unicode.Error
					ok := errors.As(err, &ue) && want.code == 1 && (bytes.Equal(got, want.out) || keptBase(x, got, want.out))
					if want.pos >= 0 {
						ok = ok && ue.Err == unicode.ErrInvalid && ue.Offset == want.pos
					} else {
						ok = ok && ue.Err == unicode.ErrTruncated && strings.Contains(want.msg, "incomplete character")
					}
					if !ok {
						t.Errorf("% X: %q, %v; iconv %q, exit %d, %s", in, got, err, want.out, want.code, want.msg)
					}
				}
			}
			// Encoding every scalar value up to U+2FFFF with -c, and the
			// ones the charset has strictly.
			chunks(runes, func(name string, in []byte, chunk int) {
				if chunk > 0 && chunk < 4096 && !stressSize() && len(in) > 3000 {
					return // the encoder's chunks come from the decoder's
				}
				want := runIconvCmd(t, path, in, "-c", "-f", "UTF-8", "-t", cs.name)
				got, _, err := feedEncode(x, in, chunk, true)
				if _, ok := x.(cnEncoding); ok {
					// glibc can write a single shift at the end of one
					// 32 KiB output buffer and again at the start of the
					// next; the rewrite drops the first.
					got, want.out = glibcCN(got), glibcCN(want.out)
				}
				if err != nil || !bytes.Equal(got, want.out) {
					t.Errorf("encoding U+0000–U+2FFFF with -c, %s: %d bytes, %v; iconv %d bytes%s", name, len(got), err, len(want.out), firstDiff(got, want.out))
				}
			})
			var have []byte
			var lack []rune
			enc := x.NewEncoder()
			var tmp [32]byte
			for _, r := range string(runes) {
				enc.Reset()
				in := utf8.AppendRune(tmp[24:24], r)
				if _, _, err := enc.Transform(tmp[:24], in, true); err == nil {
					have = utf8.AppendRune(have, r)
				} else {
					lack = append(lack, r)
				}
			}
			chunks(have, func(name string, in []byte, chunk int) {
				want := runIconvCmd(t, path, in, "-f", "UTF-8", "-t", cs.name)
				got, _, err := feedEncode(x, in, chunk, false)
				if _, ok := x.(cnEncoding); ok {
					// glibc can write a single shift at the end of one
					// 32 KiB output buffer and again at the start of the
					// next; the rewrite drops the first.
					got, want.out = glibcCN(got), glibcCN(want.out)
				}
				if want.code != 0 || err != nil || !bytes.Equal(got, want.out) {
					t.Errorf("encoding the charset's characters, %s: %d bytes, %v; iconv %d bytes, exit %d %s%s",
						name, len(got), err, len(want.out), want.code, want.msg, firstDiff(got, want.out))
				}
			})
			rng.Shuffle(len(lack), func(i, j int) { lack[i], lack[j] = lack[j], lack[i] })
			if !stressSize() {
				lack = lack[:min(len(lack), 8)]
			} else {
				lack = lack[:min(len(lack), 2000)]
			}
			for _, r := range lack {
				in := utf8.AppendRune([]byte("ab"), r)
				want := runIconvCmd(t, path, in, "-f", "UTF-8", "-t", cs.name)
				got, at, err := feedEncode(x, in, 0, false)
				if err == nil || want.code != 1 || int64(at) != want.pos || !bytes.Equal(got, want.out) {
					t.Errorf("encoding %U: % X, at %d, %v; iconv % X, exit %d, %s", r, got, at, err, want.out, want.code, want.msg)
				}
			}
		})
	}
}

// boundary returns the first character boundary at or after i of in, a
// text of whole characters: UTF-8, or a charset text whose boundaries
// were recorded when it was built.
func boundary(in []byte, i int) int {
	boundariesMu.Lock()
	starts, ok := boundaries[&in[0]]
	boundariesMu.Unlock()
	if ok {
		j, _ := slices.BinarySearch(starts, i)
		if j == len(starts) {
			return len(in)
		}
		return starts[j]
	}
	for i < len(in) && !utf8.RuneStart(in[i]) {
		i++
	}
	return i
}

// boundaries are the character starts of the valid sweeps, by their first
// byte.
var (
	boundariesMu sync.Mutex
	boundaries   = map[*byte][]int{}
)

// firstDiff describes where two outputs part.
func firstDiff(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	if i == len(got) && i == len(want) {
		return ""
	}
	return fmt.Sprintf("; first difference at byte %d (after % X): % X, iconv % X", i, got[max(i-12, 0):i], got[i:min(i+12, len(got))], want[i:min(i+12, len(want))])
}
