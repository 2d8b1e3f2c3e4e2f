package unicode

import (
	"bytes"
	"os/exec"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/fastio-go/fastio/core/coretest"
)

// The package documentation lists the code points where golang.org/x/text
// and glibc's iconv map GB18030 differently from this package; these tests
// keep that list honest.

// gb2022Changes are the code points that GB18030-2022 moved from the
// private-use area to standard characters (or back), which glibc applies.
var gb2022Changes = func() map[rune]bool {
	m := map[rune]bool{}
	for _, r := range [][2]rune{{0x9FB4, 0x9FBB}, {0xE78D, 0xE796}, {0xE816, 0xE818}, {0xE81E, 0xE81E}, {0xE826, 0xE826},
		{0xE82B, 0xE82C}, {0xE831, 0xE832}, {0xE83B, 0xE83B}, {0xE843, 0xE843}, {0xE854, 0xE855}, {0xE864, 0xE864},
		{0xFE10, 0xFE19}, {0x20087, 0x20087}, {0x20089, 0x20089}, {0x200CC, 0x200CC}, {0x215D7, 0x215D7}, {0x2298F, 0x2298F}, {0x241FE, 0x241FE}} {
		for c := r[0]; c <= r[1]; c++ {
			m[c] = true
		}
	}
	return m
}()

func scalars(yield func(rune) bool) {
	for r := rune(0); r <= maxRune; r++ {
		if r >= 0xD800 && r < 0xE000 {
			continue
		}
		if !yield(r) {
			return
		}
	}
}

func TestXTextGB18030Differences(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes every scalar value with x/text; skipped in -short mode")
	}
	tab := loadGB()
	xe := simplifiedchinese.GB18030.NewEncoder()
	xd := simplifiedchinese.GB18030.NewDecoder()
	var buf [4]byte
	var xb, db [16]byte
	encDiff, decDiff := 0, 0
	for r := range scalars {
		n := putGB(tab, buf[:], uint32(r))
		nx, _, err := xe.Transform(xb[:], []byte(string(r)), true)
		xe.Reset()
		encOK := err == nil && bytes.Equal(xb[:nx], buf[:n])
		nd, _, err := xd.Transform(db[:], buf[:n], true)
		xd.Reset()
		rr, _ := utf8.DecodeRune(db[:nd])
		decOK := err == nil && rr == r && nd == utf8.RuneLen(r)
		documented := r == 0x1E3F || r >= 0xE000 && r <= 0xE864
		if !encOK {
			encDiff++
		}
		if !decOK {
			decDiff++
		}
		if (!encOK || !decOK) && !documented {
			t.Fatalf("x/text differs at undocumented U+%04X", r)
		}
	}
	if encDiff != 2069 || decDiff != 2069 {
		t.Errorf("x/text differs at %d (encoder) and %d (decoder) code points; the documentation says 2069", encDiff, decDiff)
	}
}

func TestIconvGB18030Differences(t *testing.T) {
	if testing.Short() {
		t.Skip("runs iconv over every scalar value; skipped in -short mode")
	}
	path := coretest.Peer(t, "iconv", "libc-bin")
	tab := loadGB()
	// One character per line; -c drops what iconv cannot convert, leaving
	// an empty line, so the lines stay aligned.
	var in, gin bytes.Buffer
	var buf [4]byte
	for r := range scalars {
		if r == '\n' {
			continue
		}
		in.WriteString(string(r))
		in.WriteByte('\n')
		n := putGB(tab, buf[:], uint32(r))
		gin.Write(buf[:n])
		gin.WriteByte('\n')
	}
	run := func(from, to string, input *bytes.Buffer) [][]byte {
		cmd := exec.Command(path, "-c", "-f", from, "-t", to)
		cmd.Stdin = input
		out, _ := cmd.Output() // -c makes iconv exit 1 when it dropped characters
		return bytes.Split(out, []byte("\n"))
	}
	enc := run("UTF-8", "GB18030", &in)
	dec := run("GB18030", "UTF-8", &gin)
	i, diffs := 0, 0
	for r := range scalars {
		if r == '\n' {
			continue
		}
		n := putGB(tab, buf[:], uint32(r))
		if i >= len(enc) || i >= len(dec) {
			t.Fatalf("iconv output ends at U+%04X", r)
		}
		if !bytes.Equal(enc[i], buf[:n]) || string(dec[i]) != string(r) {
			diffs++
			if !gb2022Changes[r] {
				t.Fatalf("iconv differs at undocumented U+%04X: encodes % X, decodes ours to %q", r, enc[i], dec[i])
			}
		}
		i++
	}
	t.Logf("iconv differs at %d code points, all among GB18030-2022's changes", diffs)
}
