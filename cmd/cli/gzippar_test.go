package cli

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/compress"
)

// parCorpus returns a gzip member of about 6 MiB (enough for gzip -d -p
// to inflate it in parallel) and its content: words, and stretches of
// random bytes that deflate stores.
func parCorpus(t *testing.T, seed uint64) (gz, data []byte) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	words := make([]string, 2000)
	for i := range words {
		w := make([]byte, 2+rng.IntN(8))
		for j := range w {
			w[j] = byte('a' + rng.IntN(26))
		}
		words[i] = string(w)
	}
	var b bytes.Buffer
	for b.Len() < 14<<20 {
		if rng.IntN(200) == 0 {
			for range 1 << 12 {
				b.WriteByte(byte(rng.Uint32()))
			}
		}
		b.WriteString(words[min(rng.IntN(len(words)), rng.IntN(len(words)))])
		b.WriteByte(" \n"[rng.IntN(12)/11])
	}
	var z bytes.Buffer
	zw, err := compress.NewWriter(&z, compress.Gzip, 6, nil)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(b.Bytes())
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return z.Bytes(), b.Bytes()
}

// TestGzipDecompressParallel runs gzip -d with -p 2 and -p 1 on the same
// files and wants the same output, messages and exit status: one member,
// two members with trailing garbage, a corrupt member, -v, -t and
// decompressing a file in place.
func TestGzipDecompressParallel(t *testing.T) {
	dir := t.TempDir()
	gz, data := parCorpus(t, 1)
	gz2, data2 := parCorpus(t, 2)
	if len(gz) < 5<<20 {
		// The Reader inflates in parallel from 4 MiB of compressed data.
		t.Fatalf("corpus of %d compressed bytes: too small to be inflated in parallel", len(gz))
	}
	corrupt := bytes.Clone(gz)
	corrupt[len(corrupt)*2/3] ^= 0x10
	files := map[string][]byte{
		"one.gz":     gz,
		"two.gz":     append(append(append([]byte(nil), gz...), gz2...), "garbage"...),
		"corrupt.gz": corrupt,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(append([]string{"gzip"}, args...), strings.NewReader(""), &out, &errb)
		return code, out.String(), errb.String()
	}
	for name := range files {
		for _, flags := range [][]string{{"-dc"}, {"-dcv"}, {"-t"}} {
			path := filepath.Join(dir, name)
			c1, o1, e1 := run(append(append([]string{}, flags...), path)...)
			c2, o2, e2 := run(append(append([]string{"-p", "2"}, flags...), path)...)
			if c1 != c2 || o1 != o2 || e1 != e2 {
				t.Errorf("%s %v: -p 2 gives exit %d, %d bytes, stderr %q; -p 1 exit %d, %d bytes, stderr %q",
					name, flags, c2, len(o2), e2, c1, len(o1), e1)
			}
		}
	}
	if code, out, _ := run("-p", "2", "-dc", filepath.Join(dir, "two.gz")); code != 2 || out != string(data)+string(data2) {
		t.Errorf("two members: exit %d, %d bytes; want 2 (trailing garbage), %d bytes", code, len(out), len(data)+len(data2))
	}
	path := filepath.Join(dir, "one.gz")
	if code, _, errs := run("-p", "2", "-d", path); code != 0 {
		t.Fatalf("-p 2 -d %s: exit %d: %s", path, code, errs)
	}
	got, err := os.ReadFile(filepath.Join(dir, "one"))
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("-p 2 -d: %d bytes, %v; want %d bytes", len(got), err, len(data))
	}
}
