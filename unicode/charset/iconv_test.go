package charset

import (
	"bytes"
	"encoding/binary"
	"os/exec"
	"runtime"
	"testing"
	"unicode/utf16"

	"github.com/fastio-go/fastio/core/coretest"
	"github.com/fastio-go/fastio/unicode"
)

// iconvPath returns the iconv command, or skips the test naming the
// package that provides it (fails it under FASTIO_REQUIRE_PEERS=1).
func iconvPath(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "wasip1" {
		t.Skip("wasip1 starts no subprocesses: the comparison with iconv runs on the host")
	}
	return coretest.Peer(t, "iconv", "libc-bin")
}

func runIconv(t *testing.T, path, from, to string, in []byte) ([]byte, bool) {
	t.Helper()
	cmd := exec.Command(path, "-f", from, "-t", to)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	return out, err == nil
}

// encodeUnits writes text in UTF-16 (unit 2) or UTF-32 (unit 4) of the
// given byte order, without a mark.
func encodeUnits(text string, unit int, big bool) []byte {
	var order binary.AppendByteOrder = binary.LittleEndian
	if big {
		order = binary.BigEndian
	}
	var out []byte
	for _, r := range text {
		if unit == 4 {
			out = order.AppendUint32(out, uint32(r))
			continue
		}
		for _, u := range utf16.Encode([]rune{r}) {
			out = order.AppendUint16(out, u)
		}
	}
	return out
}

// TestLabelsMatchIconv converts to and from the labels with and without a
// byte order, with and without a byte order mark, and compares every result
// with the iconv command's. Options.KeepBOM is set where iconv treats a
// leading U+FEFF as a character (UTF-8, and the labels that give a byte
// order or, like UCS-2 and UCS-4, look for no mark); the byte-order-less
// UTF-16 and UTF-32 run with the default options.
func TestLabelsMatchIconv(t *testing.T) {
	path := iconvPath(t)
	texts := []string{"hi", "", "Ça va, 世界", "\uFEFFmark inside", "emoji 🚄 and \U0010FFFD"}
	labels := []struct {
		label string
		unit  int
		big   bool // the byte order without a mark
		mark  bool // a leading mark gives the byte order and is removed
		bmp   bool // UCS-2: no surrogate pairs
	}{
		{"UTF-16", 2, false, true, false},
		{"UTF-32", 4, false, true, false},
		{"UCS-2", 2, false, false, true},
		{"UCS-4", 4, true, false, false},
		{"UTF-16LE", 2, false, false, false},
		{"UTF-16BE", 2, true, false, false},
		{"UTF-32LE", 4, false, false, false},
		{"UTF-32BE", 4, true, false, false},
	}
	for _, l := range labels {
		enc, err := Lookup(l.label)
		if err != nil {
			t.Fatal(err)
		}
		utf8 := unicode.UTF8
		for _, text := range texts {
			if l.bmp && bytes.ContainsFunc([]byte(text), func(r rune) bool { return r > 0xFFFF }) {
				continue // iconv's UCS-2 has no surrogate pairs; fastio writes them
			}
			// Decoding: no mark, each mark, and the mark whose order is not
			// the default with text in the default order.
			type input struct {
				name string
				b    []byte
			}
			le := encodeUnits("\uFEFF", l.unit, false)
			be := encodeUnits("\uFEFF", l.unit, true)
			inputs := []input{
				{"no mark", encodeUnits(text, l.unit, l.big)},
				{"LE mark", append(le[:len(le):len(le)], encodeUnits(text, l.unit, false)...)},
				{"BE mark", append(be[:len(be):len(be)], encodeUnits(text, l.unit, true)...)},
				{"two marks", append(append(be[:len(be):len(be)], be...), encodeUnits(text, l.unit, true)...)},
			}
			for _, in := range inputs {
				want, ok := runIconv(t, path, l.label, "UTF-8", in.b)
				if !ok {
					continue // iconv refuses it (a UTF-32 unit above U+10FFFF read in the other order); compared below
				}
				c, _ := unicode.New(enc, utf8, unicode.Options{KeepBOM: !l.mark, Strict: true})
				got, err := c.Append(nil, in.b)
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s → UTF-8, %s, %q: % X, %v; iconv gives % X", l.label, in.name, text, got, err, want)
				}
				if l.mark {
					// The default options, as charset.Convert uses them.
					if got, err := Convert(nil, in.b, l.label, "UTF-8"); err != nil || !bytes.Equal(got, want) {
						t.Errorf("Convert(%s → UTF-8), %s, %q: % X, %v; iconv gives % X", l.label, in.name, text, got, err, want)
					}
				}
			}
			// Encoding.
			want, ok := runIconv(t, path, "UTF-8", l.label, []byte(text))
			if !ok {
				t.Fatalf("iconv -f UTF-8 -t %s refuses %q", l.label, text)
			}
			c, _ := unicode.New(utf8, enc, unicode.Options{KeepBOM: true, Strict: true})
			got, err := c.Append(nil, []byte(text))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("UTF-8 → %s, %q: % X, %v; iconv gives % X", l.label, text, got, err, want)
			}
		}
	}
	// The case that started it: FE FF 00 68 00 69 is "hi".
	if got, err := Convert(nil, []byte{0xFE, 0xFF, 0x00, 0x68, 0x00, 0x69}, "UTF-16", "UTF-8"); err != nil || string(got) != "hi" {
		t.Errorf("UTF-16 FE FF 00 68 00 69 = %q, %v; want \"hi\"", got, err)
	}
}
