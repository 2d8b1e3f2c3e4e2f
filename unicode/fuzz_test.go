package unicode

import (
	"bytes"
	"errors"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

func fuzzSeeds(f *testing.F) {
	for _, s := range []string{"", "a", "héllo 世界 🚄", "\xff", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80",
		"\xF0\x9F\x9A", "\x3D\xD8\x41\x00", "\x00\xDC", "\x00\x00\x11\x00", "\x81\x30\x81\x30", "\x84\x31\xA4\x39",
		"\xE3\x32\x9A\x36", "\x81\x30\x61", "\xEF\xBB\xBF", "\xFF\xFE\x00\x00", "\x84\x31\x95\x33", "\xA3\xA0\xA8\xBC"} {
		for k := 0; k < len(natives); k++ {
			f.Add([]byte(s), byte(k), byte(k*3))
		}
	}
	// Long enough for the vector kernels (64 bytes and more).
	line := "The quick brown fox — Ça va? Größe, niño. Быстрая лиса. 敏捷的棕色狐狸跳过了懒狗。東京タワー 🚄🚀😀 "
	for _, s := range []string{line + line, line + "\xED\xA0\x80" + line, line + "\xE4\xB8" + line} {
		f.Add([]byte(s), byte(0), byte(5))
	}
}

// FuzzDecode decodes arbitrary bytes from every native encoding, at every
// kernel level of the machine, and checks the output is valid UTF-8, Count
// and Validate agree with Append, the strict result is a prefix of the
// replaced one, the streaming forms give the same bytes whatever the
// chunks, and the result matches unicode/utf8, unicode/utf16 and a
// re-encoding round trip.
func FuzzDecode(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, which, chunk byte) {
		for _, level := range kernelLevels() {
			undo := setLevel(level)
			fuzzDecode(t, data, which, chunk)
			undo()
		}
	})
}

// fuzzDecode is FuzzDecode at the current kernel level.
func fuzzDecode(t *testing.T, data []byte, which, chunk byte) {
	from := natives[int(which)%len(natives)]
	c, _ := New(from, UTF8, Options{KeepBOM: true})
	out, err := c.Append(nil, data)
	if err != nil {
		t.Fatalf("replace policy returned %v", err)
	}
	if !utf8.Valid(out) {
		t.Fatalf("output is not valid UTF-8: %q", out)
	}
	if n, _ := c.Count(data); n != len(out) {
		t.Fatalf("Count = %d, Append wrote %d", n, len(out))
	}
	strict, _ := New(from, UTF8, Options{KeepBOM: true, Strict: true})
	sout, serr := strict.Append(nil, data)
	verr := Validate(from, data)
	if (serr == nil) != (verr == nil) || (serr == nil) != Valid(from, data) {
		t.Fatalf("strict error %v, Validate %v, Valid %v", serr, verr, Valid(from, data))
	}
	var e *Error
	if serr != nil {
		if !errors.As(serr, &e) || e.Offset < 0 || e.Offset >= int64(len(data)) || !(errors.Is(serr, ErrInvalid) || errors.Is(serr, ErrTruncated)) {
			t.Fatalf("strict error %#v", serr)
		}
		if !bytes.HasPrefix(out, sout) {
			t.Fatalf("strict output %q is not a prefix of %q", sout, out)
		}
	} else if !bytes.Equal(sout, out) {
		t.Fatal("strict and replace outputs differ on valid input")
	}
	k := 1 + int(chunk)%7
	if got := streamWrite(t, c, data, k); !bytes.Equal(got, out) {
		t.Fatalf("Writer with %d-byte writes: %q, want %q", k, got, out)
	}
	if got := streamRead(t, c, data, k); !bytes.Equal(got, out) {
		t.Fatalf("Reader over %d-byte reads: %q, want %q", k, got, out)
	}
	switch from {
	case UTF8:
		if utf8.Valid(data) != (serr == nil) || (serr == nil && !bytes.Equal(out, data)) {
			t.Fatal("disagrees with unicode/utf8")
		}
		if utf8.RuneCount(out) > utf8.RuneCount(data) {
			t.Fatal("more characters than unicode/utf8 finds")
		}
	case UTF16LE, UTF16BE:
		if len(data)%2 == 0 {
			units := make([]uint16, len(data)/2)
			for i := range units {
				units[i] = load16(data[2*i:], from == UTF16BE)
			}
			if want := string(utf16.Decode(units)); string(out) != want {
				t.Fatalf("unicode/utf16 decodes %q, ours %q", want, out)
			}
		}
	}
	if serr == nil {
		// Valid input re-encodes to itself.
		back, err := keepBOM(UTF8, from).Append(nil, out)
		if err != nil || !bytes.Equal(back, data) {
			t.Fatalf("re-encoding gives % X, want % X (%v)", back, data, err)
		}
	}
}

// FuzzRoundTrip converts valid UTF-8 to every native encoding and back, at
// every kernel level of the machine, and
// compares the UTF forms with unicode/utf16 and golang.org/x/text.
func FuzzRoundTrip(f *testing.F) {
	fuzzSeeds(f)
	x16 := xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM)
	x32 := utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)
	f.Fuzz(func(t *testing.T, data []byte, _, _ byte) {
		if !utf8.Valid(data) {
			return
		}
		for _, level := range kernelLevels() {
			undo := setLevel(level)
			fuzzRoundTrip(t, data, x16, x32)
			undo()
		}
	})
}

// fuzzRoundTrip is FuzzRoundTrip at the current kernel level.
func fuzzRoundTrip(t *testing.T, data []byte, x16, x32 encoding.Encoding) {
	for _, e := range natives {
		c, _ := New(UTF8, e, Options{KeepBOM: true, Strict: true})
		enc, err := c.Append(nil, data)
		if err != nil {
			t.Fatalf("%v: %v", e, err)
		}
		back, err := keepBOM(e, UTF8).Append(nil, enc)
		if err != nil || !bytes.Equal(back, data) {
			t.Fatalf("%v: round trip gives %q, want %q", e, back, data)
		}
	}
	u16, _ := keepBOM(UTF8, UTF16BE).Append(nil, data)
	want16, _, _ := transform.Bytes(x16.NewEncoder(), data)
	if !bytes.Equal(u16, want16) {
		t.Fatal("UTF-16BE differs from x/text")
	}
	if units := utf16.Encode([]rune(string(data))); len(units)*2 != len(u16) {
		t.Fatal("UTF-16 length differs from unicode/utf16")
	}
	u32, _ := keepBOM(UTF8, UTF32LE).Append(nil, data)
	want32, _, _ := transform.Bytes(x32.NewEncoder(), data)
	if !bytes.Equal(u32, want32) {
		t.Fatal("UTF-32LE differs from x/text")
	}
}

// keepBOM returns a Converter that passes byte order marks through.
func keepBOM(from, to Encoding) Converter {
	c, _ := New(from, to, Options{KeepBOM: true})
	return c
}
