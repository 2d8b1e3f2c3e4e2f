package compress

import (
	"archive/tar"
	"bytes"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// textCorpus returns n bytes of deterministic English-like text: lines of
// words drawn with a skewed (Zipf) distribution from a fixed vocabulary,
// with numbers and punctuation, so that it compresses about as well as
// natural text (a ratio near 3 at level 6).
func textCorpus(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	vocab := make([]string, 4096)
	const letters = "etaoinshrdlcumwfgypbvkjxqz"
	for i := range vocab {
		l := 2 + rng.IntN(9)
		w := make([]byte, l)
		for j := range w {
			// Skewed letter choice: frequent letters come first.
			w[j] = letters[min(rng.IntN(26), rng.IntN(26))]
		}
		vocab[i] = string(w)
	}
	zipf := rand.NewZipf(rng, 1.1, 2, uint64(len(vocab)-1))
	// Natural text repeats phrases as well as words; a Zipf-chosen set of
	// 2-to-6-word phrases gives the longer matches real text has.
	phrases := make([]string, 1024)
	for i := range phrases {
		var p []byte
		for k := 2 + rng.IntN(5); k > 0; k-- {
			p = append(append(p, vocab[zipf.Uint64()]...), ' ')
		}
		phrases[i] = string(p[:len(p)-1])
	}
	pzipf := rand.NewZipf(rng, 1.2, 4, uint64(len(phrases)-1))
	out := make([]byte, 0, n+64)
	col := 0
	for len(out) < n {
		switch r := rng.IntN(40); {
		case r == 0:
			out = strconv.AppendInt(out, int64(rng.IntN(100000)), 10)
		case r == 1:
			out = append(out, ',')
		case r < 8:
			out = append(out, phrases[pzipf.Uint64()]...)
		default:
			out = append(out, vocab[zipf.Uint64()]...)
		}
		col += 8
		if col > 70 {
			out = append(out, ".\n"...)
			col = 0
		} else {
			out = append(out, ' ')
		}
	}
	return out[:n]
}

// randomCorpus returns n bytes of deterministic random data, which
// deflate cannot compress.
func randomCorpus(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]byte, n)
	for i := 0; i+8 <= n; i += 8 {
		v := rng.Uint64()
		for j := range 8 {
			out[i+j] = byte(v >> (8 * j))
		}
	}
	for i := n &^ 7; i < n; i++ {
		out[i] = byte(rng.Uint32())
	}
	return out
}

// binaryCorpus returns n bytes of binary data: a tar archive, made at
// test time, of the Go toolchain's pkg directory (compiled tools, object
// headers), in a fixed order with fixed times so that it is the same on
// every run with the same toolchain; repeated when shorter than n.
func binaryCorpus(tb testing.TB, n int) []byte {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tb.Fatalf("binary corpus: go env GOROOT: %v", err)
	}
	root := filepath.Join(strings.TrimSpace(string(goroot)), "pkg")
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || buf.Len() >= n {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		hdr := &tar.Header{Name: filepath.ToSlash(rel), Mode: 0o644, Size: int64(len(data)), ModTime: time.Unix(1<<30, 0), Format: tar.FormatPAX}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		_, err = tw.Write(data)
		return err
	})
	if err == nil {
		err = tw.Close()
	}
	if err != nil || buf.Len() == 0 {
		tb.Fatalf("binary corpus from %s: %v (%d bytes)", root, err, buf.Len())
	}
	out := make([]byte, 0, n)
	for len(out) < n {
		out = append(out, buf.Bytes()[:min(buf.Len(), n-len(out))]...)
	}
	return out
}
