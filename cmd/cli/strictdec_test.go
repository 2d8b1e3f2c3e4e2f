package cli

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"
)

func TestStrictDecoderTransform(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		omit   bool
		atEOF  bool
		want   string
		nSrc   int
		err    error
		offset int64
	}{
		{"valid", "\x93\xfa\x96\x7bab", false, true, "日本ab", 6, nil, 0},
		{"invalid-byte", "ab\xffcd", false, true, "ab", 2, unicode.ErrInvalid, 2},
		{"bad-trail-before-ascii", "a\x82\x30b", false, true, "a", 1, unicode.ErrInvalid, 1},
		{"bad-trail-omit", "a\x82\x30b", true, true, "a0b", 4, nil, 0},
		{"lead-at-end-more-to-come", "ab\x82", false, false, "ab", 2, transform.ErrShortSrc, 0},
		{"lead-at-eof", "ab\x82", false, true, "ab", 2, unicode.ErrTruncated, 2},
		{"lead-at-eof-omit", "ab\x82", true, true, "ab", 2, unicode.ErrTruncated, 2},
		{"omit-all", "\xff\xff\xff", true, true, "", 3, nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newStrictDecoder(japanese.ShiftJIS, tc.omit)
			dst := make([]byte, 64)
			nDst, nSrc, err := s.Transform(dst, []byte(tc.in), tc.atEOF)
			if got := string(dst[:nDst]); got != tc.want || nSrc != tc.nSrc {
				t.Errorf("Transform = %q, %d; want %q, %d", got, nSrc, tc.want, tc.nSrc)
			}
			if tc.err == nil && err != nil || tc.err != nil && !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			var ue *unicode.Error
			if errors.As(err, &ue) && ue.Offset != tc.offset {
				t.Errorf("Offset = %d, want %d", ue.Offset, tc.offset)
			}
		})
	}
	// A destination too small for the next character asks for more room
	// without consuming it, in the fast path and in the precise one.
	for _, in := range []string{"\x93\xfa\x96\x7b", "\x93\xfa\xff"} {
		s := newStrictDecoder(japanese.ShiftJIS, false)
		dst := make([]byte, 4)
		nDst, nSrc, err := s.Transform(dst, []byte(in), true)
		if nDst != 3 || nSrc != 2 || err != transform.ErrShortDst {
			t.Errorf("%q into 4 bytes: %d, %d, %v; want 3, 2, ErrShortDst", in, nDst, nSrc, err)
		}
	}
}

// BenchmarkStrictDecoder: the strict decoding of valid Shift_JIS beside
// x/text's own decoder, which it wraps.
func BenchmarkStrictDecoder(b *testing.B) {
	src, err := japanese.ShiftJIS.NewEncoder().Bytes(bytes.Repeat([]byte("日本語のテキスト、カタカナ。ASCII 123\n"), 4000))
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]byte, 4*len(src))
	for _, bc := range []struct {
		name string
		t    func() transform.Transformer
	}{
		{"strict", func() transform.Transformer { return newStrictDecoder(japanese.ShiftJIS, false) }},
		{"x-text", func() transform.Transformer { return japanese.ShiftJIS.NewDecoder() }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			t := bc.t()
			for b.Loop() {
				t.Reset()
				if _, _, err := t.Transform(dst, src, true); err != nil {
					b.Fatal(fmt.Sprint(err))
				}
			}
		})
	}
}
