package unicode

import (
	"bytes"
	"errors"
	"testing"
)

// TestMarkedEncodings checks UTF16 and UTF32, whose byte order a leading
// mark gives: as sources the mark is read and removed (kept under
// KeepBOM), little-endian without one; as targets a mark and
// little-endian text, none for an empty text.
func TestMarkedEncodings(t *testing.T) {
	tests := []struct {
		name     string
		from, to Encoding
		opt      Options
		in, want string
	}{
		{"UTF-16 BE mark", UTF16, UTF8, Options{}, "\xFE\xFF\x00h\x00i", "hi"},
		{"UTF-16 LE mark", UTF16, UTF8, Options{}, "\xFF\xFEh\x00i\x00", "hi"},
		{"UTF-16 no mark", UTF16, UTF8, Options{}, "h\x00i\x00", "hi"},
		{"UTF-16 second mark is a character", UTF16, UTF8, Options{}, "\xFE\xFF\xFE\xFF\x00h", "\uFEFFh"},
		{"UTF-16 KeepBOM", UTF16, UTF8, Options{KeepBOM: true}, "\xFE\xFF\x00h", "\uFEFFh"},
		{"UTF-16 mark only", UTF16, UTF8, Options{}, "\xFF\xFE", ""},
		{"UTF-16 odd byte", UTF16, UTF8, Options{}, "\xFE", "\uFFFD"},
		{"UTF-16 pair, BE", UTF16, UTF8, Options{}, "\xFE\xFF\xD8\x3D\xDE\x84", "🚄"},
		{"UTF-32 BE mark", UTF32, UTF8, Options{}, "\x00\x00\xFE\xFF\x00\x00\x00h", "h"},
		{"UTF-32 LE mark", UTF32, UTF8, Options{}, "\xFF\xFE\x00\x00h\x00\x00\x00", "h"},
		{"UTF-32 no mark", UTF32, UTF8, Options{}, "h\x00\x00\x00", "h"},
		{"UTF-32 FF FE then U+0000 is no UTF-16 mark", UTF32, UTF16BE, Options{}, "\xFF\xFE\x00\x00\x00\x00\x00\x00", "\x00\x00"},
		{"to UTF-16", UTF8, UTF16, Options{}, "hi", "\xFF\xFEh\x00i\x00"},
		{"to UTF-16, empty", UTF8, UTF16, Options{}, "", ""},
		{"to UTF-16, EmitBOM, empty", UTF8, UTF16, Options{EmitBOM: true}, "", "\xFF\xFE"},
		{"to UTF-32", UTF8, UTF32, Options{}, "h", "\xFF\xFE\x00\x00h\x00\x00\x00"},
		{"UTF-16 to UTF-16", UTF16, UTF16, Options{}, "\xFE\xFF\x00h", "\xFF\xFEh\x00"},
		{"SniffBOM wins", UTF16, UTF8, Options{SniffBOM: true}, "\xEF\xBB\xBFh", "h"},
		{"SniffBOM, no mark", UTF16, UTF8, Options{SniffBOM: true}, "h\x00", "h"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := New(tc.from, tc.to, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.Append(nil, []byte(tc.in))
			if err != nil || string(got) != tc.want {
				t.Fatalf("Append = % X, %v; want % X", got, err, tc.want)
			}
			if n, err := c.Count([]byte(tc.in)); err != nil || n != len(tc.want) {
				t.Fatalf("Count = %d, %v; want %d", n, err, len(tc.want))
			}
			for _, k := range []int{1, 2, 3} {
				if got := streamWrite(t, c, []byte(tc.in), k); string(got) != tc.want {
					t.Fatalf("Writer, %d-byte writes: % X; want % X", k, got, tc.want)
				}
				if got := streamRead(t, c, []byte(tc.in), k); string(got) != tc.want {
					t.Fatalf("Reader, %d-byte reads: % X; want % X", k, got, tc.want)
				}
			}
		})
	}
	// Strict errors name the byte order the mark chose.
	c, _ := New(UTF16, UTF8, Options{Strict: true})
	_, err := c.Append(nil, []byte("\xFE\xFF\x00h\xDC\x00"))
	var e *Error
	if !errors.As(err, &e) || e.Encoding != UTF16BE || e.Offset != 4 || !errors.Is(err, ErrInvalid) {
		t.Fatalf("strict error %#v", err)
	}
	if !Valid(UTF16, []byte("\xFE\xFF\x00h")) || Valid(UTF32, []byte("\x00\x00\xFE\xFF\x00\x11\x00\x00")) {
		t.Fatal("Valid disagrees")
	}
	if !bytes.Equal(UTF16.BOM(), []byte{0xFF, 0xFE}) || UTF32.String() != "UTF-32" || !UTF16.Native() {
		t.Fatal("UTF16/UTF32 names or marks")
	}
}
