package cli

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runIdx runs the gzip command with args and returns its exit status,
// standard output and standard error.
func runIdx(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(append([]string{"gzip"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// indexedMemberCount counts the members of gz, each of which must record
// its length in the subfield FI of its extra field.
func indexedMemberCount(t *testing.T, gz []byte) int {
	t.Helper()
	n := 0
	for len(gz) > 0 {
		if len(gz) < 20 || gz[0] != 0x1f || gz[1] != 0x8b || gz[3]&4 == 0 {
			t.Fatalf("member %d: no extra field", n)
		}
		xlen := int(binary.LittleEndian.Uint16(gz[10:]))
		x := gz[12 : 12+xlen]
		if len(x) < 8 || string(x[len(x)-8:len(x)-4]) != "FI\x04\x00" {
			t.Fatalf("member %d: extra field %x without the index", n, x)
		}
		size := int(binary.LittleEndian.Uint32(x[len(x)-4:]))
		if size > len(gz) {
			t.Fatalf("member %d: length %d past the end", n, size)
		}
		gz = gz[size:]
		n++
	}
	return n
}

// TestGzipIndependent compresses with -i at -p 1 and -p 2 (the same
// bytes: one member per MiB of input, each recording its length) and
// decompresses the result with -d -p 2 and -d -p 1, which must agree on
// output, messages and exit status, also with trailing garbage, zero
// padding, a corrupt member, -v, -t and in place.
func TestGzipIndependent(t *testing.T) {
	dir := t.TempDir()
	_, data := parCorpus(t, 5)
	src := filepath.Join(dir, "data")
	if err := os.WriteFile(src, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, gz, errs := runIdx("-i", "-c", src)
	if code != 0 {
		t.Fatalf("-i -c: exit %d: %s", code, errs)
	}
	if code, gz2, errs := runIdx("-i", "-p", "2", "-c", src); code != 0 || gz2 != gz {
		t.Fatalf("-i -p 2 -c: exit %d (%s), %d bytes; -p 1 wrote %d", code, errs, len(gz2), len(gz))
	}
	if n, want := indexedMemberCount(t, []byte(gz)), (len(data)+1<<20-1)>>20; n != want {
		t.Fatalf("%d members, want %d", n, want)
	}
	code, plain, _ := runIdx("-c", src)
	if code != 0 {
		t.Fatal("gzip -c failed")
	}
	if over := float64(len(gz))/float64(len(plain)) - 1; over > 0.01 {
		t.Errorf("-i output %.2f%% larger than without -i", 100*over)
	}
	corrupt := []byte(gz)
	corrupt = bytes.Clone(corrupt)
	corrupt[len(corrupt)/2] ^= 0x10
	// The third member's compression method, and its reserved flags.
	second := int(binary.LittleEndian.Uint32([]byte(gz)[12+8-4:]))
	third := second + int(binary.LittleEndian.Uint32([]byte(gz)[second+12+8-4:]))
	badMethod, badFlags := []byte(gz), []byte(gz)
	badMethod, badFlags = bytes.Clone(badMethod), bytes.Clone(badFlags)
	if gz[third] != 0x1f || gz[third+1] != 0x8b {
		t.Fatalf("no member header at %d", third)
	}
	badMethod[third+2] = 7
	badFlags[third+3] |= 0x80
	files := map[string][]byte{
		"one.gz":      []byte(gz),
		"garbage.gz":  append([]byte(gz), "garbage"...),
		"padding.gz":  append([]byte(gz), make([]byte, 300)...),
		"corrupt.gz":  corrupt,
		"truncate.gz": []byte(gz[:len(gz)-5]),
		"mixed.gz":    append([]byte(gz), plain...),
		"method.gz":   badMethod,
		"flags.gz":    badFlags,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name := range files {
		for _, flags := range [][]string{{"-dc"}, {"-dcv"}, {"-t"}, {"-dc", "--max", "3M"}} {
			path := filepath.Join(dir, name)
			c1, o1, e1 := runIdx(append(append([]string{}, flags...), path)...)
			c2, o2, e2 := runIdx(append(append([]string{"-p", "2"}, flags...), path)...)
			if c1 != c2 || o1 != o2 || e1 != e2 {
				t.Errorf("%s %v: -p 2 gives exit %d, %d bytes, stderr %q; -p 1 exit %d, %d bytes, stderr %q",
					name, flags, c2, len(o2), e2, c1, len(o1), e1)
			}
		}
	}
	if code, out, errs := runIdx("-p", "2", "-dc", filepath.Join(dir, "one.gz")); code != 0 || out != string(data) {
		t.Errorf("-p 2 -dc: exit %d (%s), %d bytes; want %d", code, errs, len(out), len(data))
	}
	path := filepath.Join(dir, "one.gz")
	if code, _, errs := runIdx("-p", "2", "-d", path); code != 0 {
		t.Fatalf("-p 2 -d %s: exit %d: %s", path, code, errs)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "one")); err != nil || !bytes.Equal(got, data) {
		t.Errorf("-p 2 -d: %d bytes, %v; want %d bytes", len(got), err, len(data))
	}
}

func TestGzipIndependentFlags(t *testing.T) {
	if code, _, errs := runIdx("-i", "--rsyncable", "-c", "/dev/null"); code != 1 || !strings.Contains(errs, "--rsyncable") {
		t.Errorf("-i --rsyncable: exit %d, %q; want a usage error", code, errs)
	}
	var out, errb bytes.Buffer
	if code := Run([]string{"zlib", "-i", "-c"}, strings.NewReader("x"), &out, &errb); code != 1 {
		t.Errorf("zlib -i: exit %d, %q; want an unknown-flag error", code, errb.String())
	}
	// -i on an empty input writes one empty member.
	out.Reset()
	errb.Reset()
	if code := Run([]string{"gzip", "-i", "-c"}, strings.NewReader(""), &out, &errb); code != 0 || indexedMemberCount(t, out.Bytes()) != 1 {
		t.Errorf("-i of nothing: exit %d, %q", code, errb.String())
	}
}
