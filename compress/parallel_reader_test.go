package compress

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
	kflate "github.com/klauspost/compress/flate"
)

// parOpts are Reader options that inflate in parallel with small
// chunks, so that short test inputs cross many chunk boundaries.
func parOpts(chunk int64) *ReaderOptions {
	return &ReaderOptions{Concurrency: 2, chunkSize: chunk, MaxSize: NoLimit}
}

// parCompare inflates stream with one goroutine and in parallel with
// chunks of each size and reports a difference in output or error.
func parCompare(t *testing.T, f Format, stream []byte, chunks ...int64) {
	t.Helper()
	want, werr := inflateAll(f, stream, &ReaderOptions{MaxSize: NoLimit})
	for _, c := range chunks {
		got, gerr := inflateAll(f, stream, parOpts(c))
		if !bytes.Equal(got, want) {
			t.Fatalf("chunk %d: %d bytes, want %d (first difference at %d)", c, len(got), len(want), firstDiff(got, want))
		}
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("chunk %d: error %v, want %v", c, gerr, werr)
		}
	}
}

// parStats inflates stream in parallel and returns how many chunks came
// from a worker and how many engine runs the consumer made.
func parStats(t *testing.T, f Format, stream []byte, chunk int64) (spec, seq int) {
	t.Helper()
	r, err := NewReader(bytes.NewReader(stream), f, parOpts(chunk))
	if err != nil {
		t.Fatal(err)
	}
	// One member: the counts are those of its deflate data.
	var n int64
	for {
		k, err := r.Read(make([]byte, 64<<10))
		n += int64(k)
		if r.par != nil && r.parOn {
			spec, seq = r.par.specUsed, r.par.seqRuns
		}
		if err != nil {
			break
		}
	}
	return spec, seq
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// parCorpora are the inputs of the differential tests: the compress
// tests' corpora, at sizes that make a few dozen chunks.
func parCorpora(t *testing.T) map[string][]byte {
	m := map[string][]byte{
		"text":   textCorpus(3<<20, 11),
		"random": randomCorpus(1<<20, 11),
		"zeros":  make([]byte, 4<<20),
		"binary": binaryCorpus(t, 3<<20),
	}
	for _, in := range testInputs() {
		m[in.name] = in.data
	}
	return m
}

func deflateStd(data []byte, level int) []byte {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, level)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func deflateKlauspost(data []byte, level int) []byte {
	var b bytes.Buffer
	w, _ := kflate.NewWriter(&b, level)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func TestParallelReaderDifferential(t *testing.T) {
	for name, data := range parCorpora(t) {
		for _, level := range []int{1, 6, 9} {
			streams := map[string][]byte{
				"std":       deflateStd(data, level),
				"klauspost": deflateKlauspost(data, level),
				"ours":      compressBytes(t, Deflate, level, data),
			}
			for enc, s := range streams {
				t.Run(fmt.Sprintf("%s/%s/%d", name, enc, level), func(t *testing.T) {
					parCompare(t, Deflate, s, 16<<10, 150<<10)
				})
			}
		}
	}
}

func TestParallelReaderGzipFormats(t *testing.T) {
	data := textCorpus(6<<20, 3)
	for _, f := range formats {
		t.Run(f.String(), func(t *testing.T) {
			s := compressBytes(t, f, 6, data)
			// The Writer's blocks are about 100 KiB of output.
			const chunk = 160 << 10
			parCompare(t, f, s, chunk)
			spec, seq := parStats(t, f, s, chunk)
			t.Logf("%d chunks from workers, %d engine runs", spec, seq)
			if n := len(s) / chunk; spec < n/2 {
				t.Errorf("%d of %d chunks from workers", spec, n)
			}
		})
	}
}

// TestParallelReaderPeers inflates the output of the gzip commands in
// parallel from a file.
func TestParallelReaderPeers(t *testing.T) {
	data := textCorpus(4<<20, 5)
	dir := t.TempDir()
	src := filepath.Join(dir, "in")
	if err := os.WriteFile(src, data, 0o644); err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]string{"gzip": "gzip", "pigz": "pigz", "libdeflate-gzip": "libdeflate-tools", "igzip": "isal"}
	peers := [][]string{
		{"gzip", "-6"}, {"gzip", "-1"}, {"gzip", "-9"}, {"pigz", "-6"}, {"pigz", "-p", "2", "-b", "128"},
		{"libdeflate-gzip", "-6"}, {"libdeflate-gzip", "-12"}, {"igzip", "-1"}, {"igzip", "-3"},
	}
	for _, pc := range peers {
		t.Run(fmt.Sprint(pc), func(t *testing.T) {
			prog := coretest.Peer(t, pc[0], pkgs[pc[0]])
			if prog == "" {
				return
			}
			args := append(append([]string(nil), pc[1:]...), "-c", src)
			out, err := exec.Command(prog, args...).Output()
			if err != nil {
				t.Fatalf("%v: %v", pc, err)
			}
			parCompare(t, Gzip, out, 64<<10)
			got, err := inflateFile(t, out, parOpts(64<<10))
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("from a file: %d bytes, %v", len(got), err)
			}
		})
	}
}

// inflateFile writes stream to a file and inflates it from the file.
func inflateFile(t *testing.T, stream []byte, opts *ReaderOptions) ([]byte, error) {
	t.Helper()
	name := filepath.Join(t.TempDir(), "s.gz")
	if err := os.WriteFile(name, stream, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := NewReader(f, Gzip, opts)
	if err != nil {
		t.Fatal(err)
	}
	return io.ReadAll(r)
}
