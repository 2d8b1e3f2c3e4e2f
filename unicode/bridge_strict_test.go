package unicode

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core/coretest/cputime"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// strictBridged are the bridged encodings of the strict decoding tests,
// with a valid text in each.
var strictBridged = []struct {
	name  string
	enc   encoding.Encoding
	valid string // UTF-8
}{
	{"Shift_JIS", japanese.ShiftJIS, "日本語のテキスト、カタカナ。ASCII 123\n"},
	{"EUC-KR", korean.EUCKR, "한국어 텍스트 abc\n"},
	{"windows-1252", charmap.Windows1252, "café € naïve “quoted”\n"},
	{"ISO-2022-JP", japanese.ISO2022JP, "a日本語b、カタカナ\nxyz"},
	{"HZ-GB-2312", simplifiedchinese.HZGB2312, "中文文本 abc 汉字\n"},
	{"GBK", simplifiedchinese.GBK, "中文文本 abc 汉字€\n"},
	// x/text's UTF-8 decoder, bridged: U+FFFD in the text is a character.
	{"x-bridged-utf-8", xunicode.UTF8, "a\uFFFDb ü 中 😀\uFFFD"},
	{"x-bridged-utf-16le", xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM), "a\uFFFDb ü 中 😀"},
}

func mustRegister(t testing.TB, name string, enc encoding.Encoding) Encoding {
	t.Helper()
	e, err := Register(name, enc)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func mustNew(t testing.TB, from, to Encoding, opt Options) Converter {
	t.Helper()
	c, err := New(from, to, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func encodeWith(t testing.TB, enc encoding.Encoding, s string) []byte {
	t.Helper()
	b, err := enc.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return b
}

// xtextDecode is x/text's own decoding, the oracle of the strict decoder.
func xtextDecode(enc encoding.Encoding, src []byte) []byte {
	out, _ := enc.NewDecoder().Bytes(src)
	return out
}

// checkStrictOracle checks a strict decoding (out, err) of src against
// x/text's decoding of it, x: without an error, out is x; with one, out is
// the part of x before a U+FFFD that x/text wrote there, and the *Error
// names the bytes at its offset. A U+FFFD in x that strict decoding passes
// is the encoding's own bytes for U+FFFD.
func checkStrictOracle(t *testing.T, e Encoding, fffd, src, out []byte, err error, x []byte) {
	t.Helper()
	if err == nil {
		if !bytes.Equal(out, x) {
			t.Fatalf("%v %q: strict %q, x/text %q", e, src, out, x)
		}
		return
	}
	var ue *Error
	if !errors.As(err, &ue) {
		t.Fatalf("%v %q: error %v is no *Error", e, src, err)
	}
	if ue.Encoding != e || ue.Offset < 0 || ue.Offset >= int64(len(src)) || ue.N < 1 ||
		!bytes.HasPrefix(src[ue.Offset:], ue.Bytes[:ue.N]) {
		t.Fatalf("%v %q: bad error %+v", e, src, ue)
	}
	if fffd != nil && bytes.HasPrefix(src[ue.Offset:], fffd) {
		t.Fatalf("%v %q: the encoding's own U+FFFD reported as %v", e, src, err)
	}
	if !bytes.HasPrefix(x, out) || !bytes.HasPrefix(x[len(out):], replacementUTF8) {
		t.Fatalf("%v %q: strict stopped with %q (%v), x/text gave %q", e, src, out, err, x)
	}
	if errors.Is(err, ErrTruncated) && ue.Offset+int64(ue.N) != int64(len(src)) {
		t.Fatalf("%v %q: ErrTruncated not at the end: %v", e, src, err)
	}
	if !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrInvalid) {
		t.Fatalf("%v %q: cause %v", e, src, ue.Err)
	}
}

func TestBridgeStrictTable(t *testing.T) {
	tests := []struct {
		name  string
		enc   encoding.Encoding
		in    string
		want  string
		cause error
		off   int64
	}{
		{"Shift_JIS", japanese.ShiftJIS, "\x93\xfa\x96\x7bab", "日本ab", nil, 0},
		{"Shift_JIS", japanese.ShiftJIS, "ab\xffcd", "ab", ErrInvalid, 2},
		{"Shift_JIS", japanese.ShiftJIS, "a\x82\x30b", "a", ErrInvalid, 1},
		{"Shift_JIS", japanese.ShiftJIS, "ab\x82", "ab", ErrTruncated, 2},
		{"EUC-KR", korean.EUCKR, "\xb0\xa1z", "가z", nil, 0},
		{"EUC-KR", korean.EUCKR, "a\xffb", "a", ErrInvalid, 1},
		{"EUC-KR", korean.EUCKR, "a\xb0", "a", ErrTruncated, 1},
		{"windows-1252", charmap.Windows1252, "caf\xe9 \x80", "café €", nil, 0},
		{"windows-1252", charmap.Windows1252, "ab\x81c", "ab", ErrInvalid, 2},
		{"ISO-2022-JP", japanese.ISO2022JP, "a\x1b$B\x30\x21\x1b(Bz", "a亜z", nil, 0},
		{"ISO-2022-JP", japanese.ISO2022JP, "a\x1b$B\x30\x21\x7f\x7f\x1b(Bz", "a亜", ErrInvalid, 6},
		{"ISO-2022-JP", japanese.ISO2022JP, "a\x1b$B\x30\x21\x30", "a亜", ErrTruncated, 6},
		{"HZ-GB-2312", simplifiedchinese.HZGB2312, "a~{<:~}b", "a己b", nil, 0},
		{"HZ-GB-2312", simplifiedchinese.HZGB2312, "a~{<:\x7f\x7f~}b", "a己", ErrInvalid, 5},
		{"HZ-GB-2312", simplifiedchinese.HZGB2312, "a~{<:<", "a己", ErrTruncated, 5},
		{"GBK", simplifiedchinese.GBK, "\xb0\xa1z", "啊z", nil, 0},
		{"GBK", simplifiedchinese.GBK, "a\x81\x20", "a", ErrInvalid, 1},
		{"GBK", simplifiedchinese.GBK, "a\x81", "a", ErrTruncated, 1},
		{"x-bridged-utf-8", xunicode.UTF8, "a\xef\xbf\xbdb", "a\uFFFDb", nil, 0},
		{"x-bridged-utf-8", xunicode.UTF8, "a\xef\xbf\xbd\xffb", "a\uFFFD", ErrInvalid, 4},
		{"x-bridged-utf-8", xunicode.UTF8, "a\xbd", "a", ErrInvalid, 1},
		{"x-bridged-utf-8", xunicode.UTF8, "a\xef\xbf", "a", ErrTruncated, 1},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%q", tc.name, tc.in), func(t *testing.T) {
			e := mustRegister(t, tc.name, tc.enc)
			strict := mustNew(t, e, UTF8, Options{Strict: true})
			out, err := strict.Append(nil, []byte(tc.in))
			if string(out) != tc.want {
				t.Errorf("Append = %q, want %q", out, tc.want)
			}
			if tc.cause == nil {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
			} else {
				var ue *Error
				if !errors.As(err, &ue) || ue.Err != tc.cause || ue.Offset != tc.off || ue.Encoding != e {
					t.Fatalf("err = %v, want %v at %d", err, tc.cause, tc.off)
				}
			}
			// Without Strict: x/text's replacement, unchanged.
			lax, err := mustNew(t, e, UTF8, Options{}).Append(nil, []byte(tc.in))
			if err != nil || !bytes.Equal(lax, xtextDecode(tc.enc, []byte(tc.in))) {
				t.Errorf("without Strict: %q, %v; x/text gives %q", lax, err, xtextDecode(tc.enc, []byte(tc.in)))
			}
			// Through a native target too.
			out16, err16 := mustNew(t, e, UTF16LE, Options{Strict: true}).Append(nil, []byte(tc.in))
			if want, _ := Convert(nil, []byte(tc.want), UTF8, UTF16LE); !bytes.Equal(out16, want) || (err16 == nil) != (tc.cause == nil) {
				t.Errorf("to UTF-16LE: %q, %v; want %q", out16, err16, want)
			}
		})
	}
}

// TestBridgeStrictTruncations cuts and corrupts a valid text of each
// bridged encoding at every position and checks strict decoding against
// x/text's.
func TestBridgeStrictTruncations(t *testing.T) {
	for _, tc := range strictBridged {
		t.Run(tc.name, func(t *testing.T) {
			e := mustRegister(t, tc.name, tc.enc)
			b := bridged(e)
			c := mustNew(t, e, UTF8, Options{Strict: true})
			src := encodeWith(t, tc.enc, tc.valid)
			out, err := c.Append(nil, src)
			if err != nil || string(out) != tc.valid {
				t.Fatalf("valid text: %q, %v", out, err)
			}
			check := func(in []byte) {
				out, err := c.Append(nil, in)
				checkStrictOracle(t, e, b.fffd, in, out, err, xtextDecode(tc.enc, in))
			}
			for i := range len(src) {
				check(src[:i])
				for _, bad := range []byte{0x80, 0xff, 0x7f, 0x1b, '~'} {
					in := bytes.Clone(src)
					in[i] = bad
					check(in)
				}
			}
		})
	}
}

// chunkSizes are the write and read sizes of the chunking tests.
var chunkSizes = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 255, 4096, 1 << 16}

// chunkReader returns at most n bytes a Read.
type chunkReader struct {
	r io.Reader
	n int
}

func (c *chunkReader) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

// TestBridgeStrictChunking: the Writer and the Reader give the slice form's
// bytes and error whatever the chunk sizes, the Writer's output before the
// error reaching the destination.
func TestBridgeStrictChunking(t *testing.T) {
	for _, tc := range strictBridged {
		e := mustRegister(t, tc.name, tc.enc)
		src := encodeWith(t, tc.enc, tc.valid+tc.valid+tc.valid)
		inputs := [][]byte{src, src[:len(src)-1]}
		for _, pos := range []int{len(src) / 3, len(src) / 2, len(src) - 2} {
			for _, bad := range []byte{0x80, 0xff} {
				in := bytes.Clone(src)
				in[pos] = bad
				inputs = append(inputs, in)
			}
		}
		for _, strict := range []bool{true, false} {
			for _, to := range []Encoding{UTF8, UTF16BE} {
				c := mustNew(t, e, to, Options{Strict: strict})
				for _, in := range inputs {
					want, werr := c.Append(nil, in)
					for _, n := range chunkSizes {
						var dst plainWriter
						w := c.NewWriterSize(&dst, 16)
						var err error
						for p := in; len(p) > 0 && err == nil; p = p[min(n, len(p)):] {
							_, err = w.Write(p[:min(n, len(p))])
						}
						if cerr := w.Close(); err == nil {
							err = cerr
						}
						if !bytes.Equal(dst.buf.Bytes(), want) || !sameError(err, werr) {
							t.Fatalf("%s strict=%v to %v, writes of %d, %q: Writer %q, %v; Append %q, %v",
								tc.name, strict, to, n, in, dst.buf.Bytes(), err, want, werr)
						}
						got, rerr := io.ReadAll(c.NewReaderSize(&chunkReader{bytes.NewReader(in), n}, 16))
						if !bytes.Equal(got, want) || !sameError(rerr, werr) {
							t.Fatalf("%s strict=%v to %v, reads of %d, %q: Reader %q, %v; Append %q, %v",
								tc.name, strict, to, n, in, got, rerr, want, werr)
						}
					}
				}
			}
		}
	}
}

// TestBridgeStrictResume: after an ErrInvalid, the Transformer given the
// source again from the bad sequence drops it and goes on in the decoder's
// shift state.
func TestBridgeStrictResume(t *testing.T) {
	e := mustRegister(t, "ISO-2022-JP", japanese.ISO2022JP)
	tr := mustNew(t, e, UTF8, Options{Strict: true}).NewTransformer()
	src := []byte("a\x1b$B\x30\x21\x7f\x7f\x30\x21\x1b(Bz")
	dst := make([]byte, 64)
	var out []byte
	var offs []int64
	for len(src) > 0 {
		nd, ns, err := tr.Transform(dst, src, true)
		out = append(out, dst[:nd]...)
		src = src[ns:]
		var ue *Error
		if errors.As(err, &ue) {
			offs = append(offs, ue.Offset)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if string(out) != "a亜亜z" || fmt.Sprint(offs) != "[6]" {
		t.Errorf("resumed: %q, errors at %v; want \"a亜亜z\" at [6] (x/text takes 0x7F 0x7F as one pair)", out, offs)
	}
}

// FuzzBridgeStrict checks strict bridged decoding against x/text's own
// decoding of the same bytes (checkStrictOracle), in the slice form and
// through a Writer fed in chunks of a fuzzed size.
func FuzzBridgeStrict(f *testing.F) {
	for i, tc := range strictBridged {
		src := encodeWith(f, tc.enc, tc.valid)
		f.Add(uint8(i), uint8(3), src)
		f.Add(uint8(i), uint8(1), append(src[:len(src)/2:len(src)/2], 0xff, 0x80, '~', 0x1b))
		f.Add(uint8(i), uint8(7), src[:len(src)-1])
	}
	f.Fuzz(func(t *testing.T, which, chunk uint8, src []byte) {
		tc := strictBridged[int(which)%len(strictBridged)]
		e := mustRegister(t, tc.name, tc.enc)
		c := mustNew(t, e, UTF8, Options{Strict: true})
		out, err := c.Append(nil, src)
		checkStrictOracle(t, e, bridged(e).fffd, src, out, err, xtextDecode(tc.enc, src))
		var dst plainWriter
		w := c.NewWriterSize(&dst, 16)
		n := int(chunk)%17 + 1
		var werr error
		for p := src; len(p) > 0 && werr == nil; p = p[min(n, len(p)):] {
			_, werr = w.Write(p[:min(n, len(p))])
		}
		if cerr := w.Close(); werr == nil {
			werr = cerr
		}
		if !bytes.Equal(dst.buf.Bytes(), out) || !sameError(werr, err) {
			t.Fatalf("%s %q, writes of %d: Writer %q, %v; Append %q, %v", tc.name, src, n, dst.buf.Bytes(), werr, out, err)
		}
	})
}

// BenchmarkBridgeStrict decodes valid text of bridged encodings with
// x/text's own decoder, through the bridge without Strict, and through the
// bridge with Strict, into a buffer large enough for all of it.
func BenchmarkBridgeStrict(b *testing.B) {
	for _, tc := range strictBridged[:6] {
		e := mustRegister(b, tc.name, tc.enc)
		src := encodeWith(b, tc.enc, strings.Repeat(tc.valid, 64<<10/len(tc.valid)))
		dst := make([]byte, 4*len(src))
		for _, v := range []struct {
			name string
			t    transform.Transformer
		}{
			{"x-text", tc.enc.NewDecoder()},
			{"bridge", mustNew(b, e, UTF8, Options{}).NewTransformer()},
			{"strict", mustNew(b, e, UTF8, Options{Strict: true}).NewTransformer()},
		} {
			b.Run(tc.name+"/"+v.name, func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					v.t.Reset()
					if _, _, err := v.t.Transform(dst, src, true); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestBridgeStrictLarge: a bad byte or a U+FFFD of the text far into a long
// input, around the boundaries of the decoder's calls, is found where it is.
func TestBridgeStrictLarge(t *testing.T) {
	for _, tc := range []struct {
		name string
		enc  encoding.Encoding
		bad  []byte
	}{
		{"Shift_JIS", japanese.ShiftJIS, []byte{0xff}},
		{"GBK", simplifiedchinese.GBK, []byte{0xff}},
		{"x-bridged-utf-8", xunicode.UTF8, []byte{0xff}},
	} {
		e := mustRegister(t, tc.name, tc.enc)
		c := mustNew(t, e, UTF8, Options{Strict: true})
		valid := encodeWith(t, tc.enc, strings.Repeat("abc ", 3*strictFast/4))
		for _, pos := range []int{strictFast - 1, strictFast, strictFast + 1, 2*strictFast + 3, len(valid) - 1} {
			in := bytes.Clone(valid)
			copy(in[pos:], tc.bad)
			out, err := c.Append(nil, in)
			var ue *Error
			if !errors.As(err, &ue) || ue.Offset != int64(pos) || !bytes.Equal(out, valid[:pos]) {
				t.Errorf("%s, bad byte at %d: %d bytes out, %v", tc.name, pos, len(out), err)
			}
		}
		if tc.name == "x-bridged-utf-8" {
			in := bytes.Clone(valid)
			copy(in[strictFast-1:], "\uFFFD")
			copy(in[2*strictFast:], "\uFFFD")
			if out, err := c.Append(nil, in); err != nil || !bytes.Equal(out, in) {
				t.Errorf("U+FFFD of the text: %v", err)
			}
		}
	}
}

// TestBridgeStrictFigures measures the strict bridge's decoding of valid
// text against x/text's own decoder in the same run (process CPU time,
// alternating rounds), and fails if strict decoding costs more than 10%
// over x/text: a bound loose enough for a loaded machine.
func TestBridgeStrictFigures(t *testing.T) {
	if os.Getenv("FASTIO_AB") != "1" {
		t.Skip("measurement harness: set FASTIO_AB=1 to run it")
	}
	for _, tc := range strictBridged[:6] {
		e := mustRegister(t, tc.name, tc.enc)
		src := encodeWith(t, tc.enc, strings.Repeat(tc.valid, 64<<10/len(tc.valid)))
		dst := make([]byte, 4*len(src))
		run := func(tr transform.Transformer) func(int) {
			return func(n int) {
				for range n {
					tr.Reset()
					if _, _, err := tr.Transform(dst, src, true); err != nil {
						panic(err)
					}
				}
			}
		}
		x, s := cputime.CompareCPU(9, 50, run(tc.enc.NewDecoder()), run(mustNew(t, e, UTF8, Options{Strict: true}).NewTransformer()))
		t.Logf("%-12s x/text %8.0f ns/op, strict bridge %8.0f ns/op: %+.1f%%", tc.name, x, s, 100*(s/x-1))
		if s > 1.10*x {
			t.Errorf("%s: strict costs %+.1f%% over x/text", tc.name, 100*(s/x-1))
		}
	}
}

// TestBridgeStrictModes: the stateful encodings have the shift modes that
// let the strict decoder decode valid text in whole calls; a stateless one
// has none.
func TestBridgeStrictModes(t *testing.T) {
	for _, tc := range strictBridged {
		b := bridged(mustRegister(t, tc.name, tc.enc))
		if b.stateful != (b.modes != nil) {
			t.Errorf("%s: stateful %v, modes %v", tc.name, b.stateful, b.modes)
		}
	}
}

// TestBridgeStrictLargeStateful: bad bytes in long ISO-2022-JP and
// HZ-GB-2312 texts, in a shifted mode and past the end of the decoder's
// first calls, are found as x/text's decoding says, in the slice form and
// through a Writer.
func TestBridgeStrictLargeStateful(t *testing.T) {
	for _, tc := range []struct {
		name string
		enc  encoding.Encoding
		text string
	}{
		{"ISO-2022-JP", japanese.ISO2022JP, "日本語のテキスト"},
		{"ISO-2022-JP", japanese.ISO2022JP, "ｶﾀｶﾅ"},
		{"ISO-2022-JP", japanese.ISO2022JP, "a日本\n"},
		{"HZ-GB-2312", simplifiedchinese.HZGB2312, "中文文本"},
		{"HZ-GB-2312", simplifiedchinese.HZGB2312, "中文 ab\n"},
	} {
		e := mustRegister(t, tc.name, tc.enc)
		c := mustNew(t, e, UTF8, Options{Strict: true})
		text := tc.text
		for len(encodeWith(t, tc.enc, text)) < 3*strictFast {
			text += text
		}
		valid := encodeWith(t, tc.enc, text)
		if out, err := c.Append(nil, valid); err != nil || !bytes.Equal(out, xtextDecode(tc.enc, valid)) {
			t.Fatalf("%s %q: valid text: %v", tc.name, tc.text, err)
		}
		for _, pos := range []int{strictFast - 1, strictFast, strictFast + 1, 2*strictFast + 3, len(valid) - 1} {
			for _, bad := range []byte{0x80, 0x7f, 0x1b, '~', 0x0a} {
				in := bytes.Clone(valid)
				in[pos] = bad
				out, err := c.Append(nil, in)
				checkStrictOracle(t, e, nil, in, out, err, xtextDecode(tc.enc, in))
				var dst plainWriter
				w := c.NewWriterSize(&dst, 16)
				_, werr := w.Write(in)
				if cerr := w.Close(); werr == nil {
					werr = cerr
				}
				if !bytes.Equal(dst.buf.Bytes(), out) || !sameError(werr, err) {
					t.Fatalf("%s %q, 0x%02x at %d: Writer %v, Append %v", tc.name, tc.text, bad, pos, werr, err)
				}
			}
		}
	}
}
