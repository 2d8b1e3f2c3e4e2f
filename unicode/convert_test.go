package unicode

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

var natives = []Encoding{UTF8, UTF16LE, UTF16BE, UTF32LE, UTF32BE, GB18030}

func hexBytes(t *testing.T, s string) []byte {
	t.Helper()
	var b []byte
	for _, f := range bytes.Fields([]byte(s)) {
		var v byte
		if _, err := fmt.Sscanf(string(f), "%02X", &v); err != nil {
			t.Fatalf("bad hex %q", f)
		}
		b = append(b, v)
	}
	return b
}

func TestConvertTable(t *testing.T) {
	tests := []struct {
		name     string
		from, to Encoding
		opt      Options
		in, want string // hex
	}{
		{"ascii to utf16le", UTF8, UTF16LE, Options{}, "41 42", "41 00 42 00"},
		{"ascii to utf16be", UTF8, UTF16BE, Options{}, "41 42", "00 41 00 42"},
		{"bmp to utf16le", UTF8, UTF16LE, Options{}, "E4 B8 96", "16 4E"},
		{"emoji to utf16le", UTF8, UTF16LE, Options{}, "F0 9F 9A 84", "3D D8 84 DE"},
		{"emoji to utf16be", UTF8, UTF16BE, Options{}, "F0 9F 9A 84", "D8 3D DE 84"},
		{"emoji to utf32le", UTF8, UTF32LE, Options{}, "F0 9F 9A 84", "84 F6 01 00"},
		{"emoji to utf32be", UTF8, UTF32BE, Options{}, "F0 9F 9A 84", "00 01 F6 84"},
		{"max scalar to utf32be", UTF8, UTF32BE, Options{}, "F4 8F BF BF", "00 10 FF FF"},
		{"utf16le pair to utf8", UTF16LE, UTF8, Options{}, "3D D8 84 DE", "F0 9F 9A 84"},
		{"utf16be to utf8", UTF16BE, UTF8, Options{}, "00 E9 4E 16", "C3 A9 E4 B8 96"},
		{"utf32le to utf8", UTF32LE, UTF8, Options{}, "FF FF 10 00", "F4 8F BF BF"},
		{"utf16le to utf32be", UTF16LE, UTF32BE, Options{}, "3D D8 84 DE 41 00", "00 01 F6 84 00 00 00 41"},
		{"utf16le to utf16be", UTF16LE, UTF16BE, Options{}, "3D D8 84 DE", "D8 3D DE 84"},
		{"gb18030 two-byte", UTF8, GB18030, Options{}, "E4 B8 96 E7 95 8C", "CA C0 BD E7"},
		{"gb18030 U+0080", UTF8, GB18030, Options{}, "C2 80", "81 30 81 30"},
		{"gb18030 U+E5E5", UTF8, GB18030, Options{}, "EE 97 A5", "A3 A0"},
		{"gb18030-2005 U+1E3F", UTF8, GB18030, Options{}, "E1 B8 BF", "A8 BC"},
		{"gb18030-2005 U+E7C7", UTF8, GB18030, Options{}, "EE 9F 87", "81 35 F4 37"},
		{"gb18030-2005 decode 8135F437", GB18030, UTF8, Options{}, "81 35 F4 37 A8 BC", "EE 9F 87 E1 B8 BF"},
		{"gb18030 U+FFFF", UTF8, GB18030, Options{}, "EF BF BF", "84 31 A4 39"},
		{"gb18030 U+10000", UTF8, GB18030, Options{}, "F0 90 80 80", "90 30 81 30"},
		{"gb18030 U+10FFFF", UTF8, GB18030, Options{}, "F4 8F BF BF", "E3 32 9A 35"},
		{"gb18030 emoji", UTF8, GB18030, Options{}, "F0 9F 9A 84", "95 30 8B 38"},
		{"gb18030 to utf16le", GB18030, UTF16LE, Options{}, "95 30 8B 38 CA C0", "3D D8 84 DE 16 4E"},
		{"utf16be to gb18030", UTF16BE, GB18030, Options{}, "4E 16", "CA C0"},
		// Byte order marks.
		{"strip utf8 bom", UTF8, UTF16LE, Options{}, "EF BB BF 41", "41 00"},
		{"keep utf8 bom", UTF8, UTF16LE, Options{KeepBOM: true}, "EF BB BF 41", "FF FE 41 00"},
		{"strip only leading bom", UTF8, UTF16LE, Options{}, "EF BB BF EF BB BF", "FF FE"},
		{"strip utf16be bom", UTF16BE, UTF8, Options{}, "FE FF 00 41", "41"},
		{"strip utf32le bom", UTF32LE, UTF8, Options{}, "FF FE 00 00 41 00 00 00", "41"},
		{"strip gb18030 bom", GB18030, UTF8, Options{}, "84 31 95 33 41", "41"},
		{"emit utf16le bom", UTF8, UTF16LE, Options{EmitBOM: true}, "41", "FF FE 41 00"},
		{"emit utf32be bom", UTF8, UTF32BE, Options{EmitBOM: true}, "", "00 00 FE FF"},
		{"emit utf8 bom", UTF16LE, UTF8, Options{EmitBOM: true}, "41 00", "EF BB BF 41"},
		{"sniff utf16be", UTF16LE, UTF8, Options{SniffBOM: true}, "FE FF 00 41", "41"},
		{"sniff utf8", UTF16LE, UTF8, Options{SniffBOM: true}, "EF BB BF 41", "41"},
		{"sniff utf32le over utf16le", UTF8, UTF8, Options{SniffBOM: true}, "FF FE 00 00 41 00 00 00", "41"},
		{"sniff none", UTF16BE, UTF8, Options{SniffBOM: true}, "00 41", "41"},
		{"sniff keep", UTF8, UTF16BE, Options{SniffBOM: true, KeepBOM: true}, "FF FE 41 00", "FE FF 00 41"},
		// Replacement: one U+FFFD per maximal subpart.
		{"lone continuation", UTF8, UTF16LE, Options{}, "80 41", "FD FF 41 00"},
		{"overlong", UTF8, UTF16LE, Options{}, "C0 AF", "FD FF FD FF"},
		{"overlong 3-byte", UTF8, UTF16LE, Options{}, "E0 80 AF", "FD FF FD FF FD FF"},
		{"utf8 surrogate", UTF8, UTF16LE, Options{}, "ED A0 80", "FD FF FD FF FD FF"},
		{"above max", UTF8, UTF32LE, Options{}, "F4 90 80 80", "FD FF 00 00 FD FF 00 00 FD FF 00 00 FD FF 00 00"},
		{"F5 lead", UTF8, UTF16LE, Options{}, "F5 80", "FD FF FD FF"},
		{"truncated 3 of 4", UTF8, UTF16LE, Options{}, "F0 9F 9A", "FD FF"},
		{"truncated then ascii", UTF8, UTF16LE, Options{}, "E2 82 41", "FD FF 41 00"},
		{"unpaired high", UTF16LE, UTF8, Options{}, "3D D8 41 00", "EF BF BD 41"},
		{"unpaired low", UTF16BE, UTF8, Options{}, "DE 84 00 41", "EF BF BD 41"},
		{"high at end", UTF16LE, UTF8, Options{}, "3D D8", "EF BF BD"},
		{"odd byte", UTF16LE, UTF8, Options{}, "41 00 42", "41 EF BF BD"},
		{"utf32 surrogate", UTF32LE, UTF8, Options{}, "00 D8 00 00", "EF BF BD"},
		{"utf32 too big", UTF32BE, UTF8, Options{}, "00 11 00 00", "EF BF BD"},
		{"utf32 tail", UTF32LE, UTF8, Options{}, "41 00 00 00 42 00", "41 EF BF BD"},
		{"gb 80", GB18030, UTF8, Options{}, "80 41", "EF BF BD 41"},
		{"gb bad trail ascii", GB18030, UTF8, Options{}, "81 20", "EF BF BD 20"},
		{"gb bad trail high", GB18030, UTF8, Options{}, "81 FF", "EF BF BD EF BF BD"},
		{"gb bad third", GB18030, UTF8, Options{}, "81 30 20 30", "EF BF BD 30 20 30"},
		{"gb unassigned four", GB18030, UTF8, Options{}, "84 31 A5 30", "EF BF BD 31 EF BF BD"},
		{"gb beyond 10FFFF", GB18030, UTF8, Options{}, "E3 32 9A 36", "EF BF BD 32 EF BF BD"},
		{"gb truncated", GB18030, UTF8, Options{}, "41 81 30 81", "41 EF BF BD"},
		{"gb truncated two", GB18030, UTF8, Options{}, "81", "EF BF BD"},
		{"replacement in gb18030", UTF8, GB18030, Options{}, "FF", "84 31 A4 37"},
		{"replacement in utf16be", UTF8, UTF16BE, Options{}, "FF", "FF FD"},
		{"utf8 to utf8 replaces", UTF8, UTF8, Options{}, "41 C0 42", "41 EF BF BD 42"},
		{"empty", UTF8, UTF16LE, Options{}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := New(tc.from, tc.to, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			in, want := hexBytes(t, tc.in), hexBytes(t, tc.want)
			got, err := c.Append(nil, in)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("Append(% X) = % X, %v; want % X", in, got, err, want)
			}
			n, err := c.Count(in)
			if err != nil || n != len(want) {
				t.Fatalf("Count = %d, %v; want %d", n, err, len(want))
			}
			s := streamWrite(t, c, in, 1)
			if !bytes.Equal(s, want) {
				t.Fatalf("Writer with 1-byte writes = % X; want % X", s, want)
			}
			s = streamRead(t, c, in, 1)
			if !bytes.Equal(s, want) {
				t.Fatalf("Reader over 1-byte reads = % X; want % X", s, want)
			}
		})
	}
}

func TestStrictErrors(t *testing.T) {
	tests := []struct {
		name    string
		from    Encoding
		in      string
		off     int64
		cause   error
		prefix  string // converted before the error, as UTF-8 hex
		message string
	}{
		{"utf8 bad lead", UTF8, "41 42 C0 AF", 2, ErrInvalid, "41 42", "unicode: invalid UTF-8 sequence 0xC0 at byte offset 2"},
		{"utf8 truncated", UTF8, "41 E2 82", 1, ErrTruncated, "41", "unicode: truncated UTF-8 sequence 0xE2 0x82 at byte offset 1"},
		{"utf8 surrogate", UTF8, "ED A0 80", 0, ErrInvalid, "", "unicode: invalid UTF-8 sequence 0xED at byte offset 0"},
		{"utf8 cut short", UTF8, "E2 82 41 42", 0, ErrInvalid, "", "unicode: invalid UTF-8 sequence 0xE2 0x82 at byte offset 0"},
		{"utf8 lone lead", UTF8, "C3 20 20 74", 0, ErrInvalid, "", "unicode: invalid UTF-8 sequence 0xC3 at byte offset 0"},
		{"utf8 overlong 4", UTF8, "F0 80 80 80", 0, ErrInvalid, "", ""},
		{"utf8 above max", UTF8, "41 F4 90 80 80", 1, ErrInvalid, "41", ""},
		{"utf8 after bom", UTF8, "EF BB BF 41 FF", 4, ErrInvalid, "41", ""},
		{"utf16 unpaired", UTF16LE, "41 00 00 DC", 2, ErrInvalid, "41", "unicode: invalid UTF-16LE sequence 0x00 0xDC at byte offset 2"},
		{"utf16 odd", UTF16BE, "00 41 00", 2, ErrTruncated, "41", ""},
		{"utf16 high at end", UTF16BE, "D8 3D", 0, ErrTruncated, "", ""},
		{"utf32 too big", UTF32LE, "41 00 00 00 00 00 11 00", 4, ErrInvalid, "41", ""},
		{"utf32 tail", UTF32BE, "00 00", 0, ErrTruncated, "", ""},
		{"gb 80", GB18030, "41 80", 1, ErrInvalid, "41", "unicode: invalid GB18030 sequence 0x80 at byte offset 1"},
		{"gb unassigned", GB18030, "84 31 A5 30", 0, ErrInvalid, "", "unicode: invalid GB18030 sequence 0x84 0x31 0xA5 0x30 at byte offset 0"},
		{"gb bad lead", GB18030, "81 20 20 74", 0, ErrInvalid, "", "unicode: invalid GB18030 sequence 0x81 at byte offset 0"},
		{"gb truncated", GB18030, "CA C0 81 30", 2, ErrTruncated, "E4 B8 96", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := New(tc.from, UTF8, Options{Strict: true})
			got, err := c.Append(nil, hexBytes(t, tc.in))
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, tc.cause) || e.Offset != tc.off || e.Encoding != tc.from {
				t.Fatalf("error %v (%#v); want %v at %d", err, err, tc.cause, tc.off)
			}
			if !bytes.Equal(got, hexBytes(t, tc.prefix)) {
				t.Fatalf("converted before the error: % X; want %s", got, tc.prefix)
			}
			if tc.message != "" && err.Error() != tc.message {
				t.Fatalf("message %q; want %q", err.Error(), tc.message)
			}
			if Valid(tc.from, hexBytes(t, tc.in)) {
				t.Fatal("Valid reports true")
			}
			verr := Validate(tc.from, hexBytes(t, tc.in))
			if !errors.As(verr, &e) || e.Offset != tc.off {
				t.Fatalf("Validate = %v; want offset %d", verr, tc.off)
			}
			// The streaming forms report the same offset whatever the chunks.
			w := c.NewWriter(new(bytes.Buffer))
			in := hexBytes(t, tc.in)
			var werr error
			for i := 0; i < len(in) && werr == nil; i++ {
				_, werr = w.Write(in[i : i+1])
			}
			if werr == nil {
				werr = w.Close()
			}
			if !errors.As(werr, &e) || e.Offset != tc.off {
				t.Fatalf("Writer error %v; want offset %d", werr, tc.off)
			}
		})
	}
}

func TestNewUnknownEncoding(t *testing.T) {
	for _, e := range []Encoding{0, numNative, 200, firstBridged + 1000} {
		if _, err := New(e, UTF8, Options{}); !errors.Is(err, ErrUnknownEncoding) {
			t.Errorf("New(%v) error %v", e, err)
		}
		if _, err := Convert(nil, nil, UTF8, e); !errors.Is(err, ErrUnknownEncoding) {
			t.Errorf("Convert to %v error %v", e, err)
		}
	}
	if err := Validate(firstBridged+999, nil); !errors.Is(err, ErrUnknownEncoding) {
		t.Errorf("Validate error %v", err)
	}
	if got := Encoding(0).String(); got != "Encoding(0)" {
		t.Errorf("String = %q", got)
	}
}

// TestAllPairsRoundTrip converts every scalar value through each pair of
// native encodings and back.
func TestAllPairsRoundTrip(t *testing.T) {
	all := allScalarsUTF8()
	// Every scalar value goes to each encoding and back to UTF-8; the 36
	// pairs then convert a sample of them (ASCII, Latin, the two-byte GB18030
	// area, the private-use area, specials and two supplementary planes).
	for _, e := range natives {
		enc, err := Convert(nil, all, UTF8, e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Convert(nil, enc, e, UTF8)
		if err != nil || !bytes.Equal(back, all) {
			t.Fatalf("%v: every scalar value did not round-trip (%v)", e, err)
		}
	}
	var sample []byte
	for _, r := range [][2]rune{{0, 0x800}, {0x4E00, 0x5400}, {0xE000, 0xE800}, {0xFE00, 0x10000}, {0x1F600, 0x1F700}, {0x10FF00, 0x110000}} {
		for c := r[0]; c < r[1]; c++ {
			sample = utf8.AppendRune(sample, c)
		}
	}
	all = sample
	in := map[Encoding][]byte{}
	for _, e := range natives {
		out, err := Convert(nil, all, UTF8, e)
		if err != nil {
			t.Fatal(err)
		}
		in[e] = out
	}
	for _, from := range natives {
		for _, to := range natives {
			t.Run(from.String()+"→"+to.String(), func(t *testing.T) {
				c, _ := New(from, to, Options{Strict: true, KeepBOM: true})
				got, err := c.Append(nil, in[from])
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, in[to]) {
					t.Fatalf("output differs from the %v encoding of the same text", to)
				}
				if n, err := c.Count(in[from]); err != nil || n != len(got) {
					t.Fatalf("Count = %d, %v; want %d", n, err, len(got))
				}
				if !Valid(from, in[from]) {
					t.Fatal("Valid = false")
				}
			})
		}
	}
}

// TestMatchesStandardLibrary compares with unicode/utf16 and unicode/utf8 on
// random valid text.
func TestMatchesStandardLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		runes := randomRunes(rng, rng.IntN(300))
		s := string(runes)
		want16 := utf16.Encode(runes)
		got, err := Convert(nil, []byte(s), UTF8, UTF16LE)
		if err != nil || len(got) != 2*len(want16) {
			t.Fatalf("length %d, %v; want %d", len(got), err, 2*len(want16))
		}
		for k, u := range want16 {
			if load16(got[2*k:], false) != u {
				t.Fatalf("unit %d differs from utf16.Encode", k)
			}
		}
		back, err := Convert(nil, got, UTF16LE, UTF8)
		if err != nil || string(back) != s {
			t.Fatalf("UTF-16LE back to UTF-8 differs")
		}
		if string(utf16.Decode(want16)) != s {
			t.Fatal("utf16.Decode disagrees")
		}
	}
}

func randomRunes(rng *rand.Rand, n int) []rune {
	rs := make([]rune, n)
	for i := range rs {
		switch rng.IntN(4) {
		case 0:
			rs[i] = rune(rng.IntN(0x80))
		case 1:
			rs[i] = rune(0x80 + rng.IntN(0x780))
		case 2:
			rs[i] = rune(0x800 + rng.IntN(0xD000))
		default:
			rs[i] = rune(0x10000 + rng.IntN(0x100000))
		}
	}
	return rs
}

// TestMatchesXText compares the UTF forms with golang.org/x/text on random
// valid text, in both directions.
func TestMatchesXText(t *testing.T) {
	xs := map[Encoding]encoding.Encoding{
		UTF16LE: xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM),
		UTF16BE: xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM),
		UTF32LE: utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM),
		UTF32BE: utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM),
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100; i++ {
		s := []byte(string(randomRunes(rng, rng.IntN(500))))
		for e, x := range xs {
			want, _, err := transform.Bytes(x.NewEncoder(), s)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Convert(nil, s, UTF8, e)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%v: differs from x/text", e)
			}
			back, _, _ := transform.Bytes(x.NewDecoder(), got)
			if !bytes.Equal(back, s) {
				t.Fatalf("%v: x/text does not decode ours back", e)
			}
		}
	}
}

func TestCountMatchesAppend(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, from := range natives {
		inputs := adversarial(from, 300, 99)
		for _, to := range natives {
			for _, opt := range []Options{{}, {EmitBOM: true}, {KeepBOM: true}, {SniffBOM: true}} {
				c, _ := New(from, to, opt)
				for _, in := range inputs {
					out, _ := c.Append(nil, in)
					if n, _ := c.Count(in); n != len(out) {
						t.Fatalf("%v→%v %+v: Count(% X) = %d, Append gives %d", from, to, opt, in, n, len(out))
					}
				}
			}
		}
		_ = rng
	}
}

func TestAppendKeepsPrefixAndGrows(t *testing.T) {
	c, _ := New(UTF8, UTF32LE, Options{})
	dst := []byte("prefix")
	src := bytes.Repeat([]byte("aé世🚄"), 1000)
	got, err := c.Append(dst[:len(dst):len(dst)], src)
	if err != nil || !bytes.HasPrefix(got, []byte("prefix")) {
		t.Fatal(err)
	}
	want, _ := Convert(nil, src, UTF8, UTF32LE)
	if !bytes.Equal(got[6:], want) {
		t.Fatal("grown output differs")
	}
	got, err = c.AppendString(nil, string(src))
	if err != nil || !bytes.Equal(got, want) {
		t.Fatal("AppendString differs")
	}
}

func TestDetectBOM(t *testing.T) {
	tests := []struct {
		in   string
		want Encoding
		n    int
	}{
		{"\xEF\xBB\xBFx", UTF8, 3},
		{"\xFF\xFEx\x00", UTF16LE, 2},
		{"\xFE\xFF", UTF16BE, 2},
		{"\xFF\xFE\x00\x00", UTF32LE, 4},
		{"\x00\x00\xFE\xFF", UTF32BE, 4},
		{"\x84\x31\x95\x33", GB18030, 4},
		{"\xEF\xBB", 0, 0},
		{"", 0, 0},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%q", tc.in), func(t *testing.T) {
			e, n := DetectBOM([]byte(tc.in))
			if e != tc.want || n != tc.n {
				t.Fatalf("DetectBOM = %v, %d; want %v, %d", e, n, tc.want, tc.n)
			}
		})
	}
	for _, e := range natives {
		c, _ := New(UTF8, e, Options{KeepBOM: true})
		got, _ := c.Append(nil, []byte("\uFEFF"))
		if !bytes.Equal(got, e.BOM()) {
			t.Errorf("%v: BOM() = % X, U+FEFF encodes as % X", e, e.BOM(), got)
		}
	}
}

func TestGB18030Tables(t *testing.T) {
	total := 0
	for i := 0; i+2 < len(gbFourByteRanges); i += 3 {
		if int(gbFourByteRanges[i]) != total {
			t.Fatalf("range %d starts at linear %d, want %d", i/3, gbFourByteRanges[i], total)
		}
		total += int(gbFourByteRanges[i+2])
	}
	if total != gbBMPLinear {
		t.Fatalf("four-byte BMP ranges cover %d indexes, want %d", total, gbBMPLinear)
	}
	tab := loadGB()
	seen := map[uint16]bool{}
	for p, c := range tab.dec {
		if c < 0x80 || seen[c] {
			t.Fatalf("pointer %d maps to U+%04X (duplicate or ASCII)", p, c)
		}
		seen[c] = true
	}
}

func TestGB18030Truncated(t *testing.T) {
	// At the end of the input only a valid prefix is one truncated
	// sequence; bytes that cannot continue it are decoded on their own
	// (here Python's codec would swallow them, see gbPythonComparable).
	tests := []struct{ in, want string }{
		{"81", "\uFFFD"},
		{"81 30", "\uFFFD"},
		{"81 30 81", "\uFFFD"},
		{"81 30 61", "\uFFFD0a"},
		{"80 39", "\uFFFD9"},
		{"FF", "\uFFFD"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, _ := Convert(nil, hexBytes(t, tc.in), GB18030, UTF8)
			if string(got) != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestValid(t *testing.T) {
	for _, e := range natives {
		good, _ := Convert(nil, []byte("aé世🚄\uFEFF"), UTF8, e)
		if !Valid(e, good) || Validate(e, good) != nil {
			t.Errorf("%v: valid text rejected", e)
		}
	}
	if !utf8.Valid([]byte("x")) || Valid(UTF8, []byte{0xFF}) {
		t.Error("UTF-8 validity")
	}
}

// TestKernelsMatchGeneric runs every specialised kernel against the generic
// rune-by-rune one on adversarial input, under both policies, with the
// input whole and cut at every point (atEOF false, then the rest).
func TestKernelsMatchGeneric(t *testing.T) {
	for _, from := range natives {
		inputs := adversarial(from, 200, 77)
		for _, to := range natives {
			k := kernelFor(from, to)
			if k == kGeneric {
				continue
			}
			t.Run(from.String()+"→"+to.String(), func(t *testing.T) {
				for _, in := range inputs {
					for _, strict := range []bool{false, true} {
						want := make([]byte, 4*len(in)+16)
						wd, ws, wst := generic(from, to, want, in, true, strict)
						got := make([]byte, 4*len(in)+16)
						gd, gs, gst := run(k, from, to, got, in, true, strict)
						if gd != wd || gs != ws || gst != wst || !bytes.Equal(got[:gd], want[:wd]) {
							t.Fatalf("% X strict=%v: kernel (%d, %d, %d) % X; generic (%d, %d, %d) % X", in, strict, gd, gs, gst, got[:gd], wd, ws, wst, want[:wd])
						}
						// Cut: the kernel must stop before an incomplete tail
						// and give the same bytes when fed the rest.
						for cut := 0; cut <= len(in); cut++ {
							d1, s1, st1 := run(k, from, to, got, in[:cut], false, strict)
							if st1 != stDone && st1 != stShortSrc {
								continue // bad input before the cut: compared above
							}
							d2, _, _ := run(k, from, to, got[d1:], in[s1:], true, strict)
							if !bytes.Equal(got[:d1+d2], want[:wd]) {
								t.Fatalf("% X cut at %d: % X; want % X", in, cut, got[:d1+d2], want[:wd])
							}
						}
					}
				}
			})
		}
	}
}
