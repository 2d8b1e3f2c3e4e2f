package compress

import (
	"bytes"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

// levelInputs are inputs that stress the module's own encoder: the
// corpora, no matches, long runs, repeats at the window's distance and one
// byte beyond it, and binary records of counters.
func levelInputs(t *testing.T) map[string][]byte {
	r32 := randomCorpus(32<<10, 3)
	var records []byte
	rng := rand.New(rand.NewPCG(4, 4))
	for i := uint64(1); len(records) < 1<<20; i++ {
		for k := range 8 {
			records = append(records, byte(i>>(8*k)))
		}
		for k := range 8 {
			records = append(records, byte((1_700_000_000_000+i*997)>>(8*k)))
		}
		records = append(records, "name"[:1+rng.IntN(4)]...)
		records = append(records, byte(rng.Uint32()), byte(rng.Uint32()))
	}
	var runs []byte
	for n := 1; len(runs) < 1<<20; n = n*2 + 3 {
		runs = append(runs, bytes.Repeat([]byte{byte(n)}, n%100000)...)
	}
	return map[string][]byte{
		"text":                 textCorpus(1<<20, 9),
		"binary":               binaryCorpus(t, 2<<20),
		"random":               randomCorpus(600<<10, 9),
		"zeros":                make([]byte, 1<<20),
		"runs":                 runs,
		"records":              records,
		"repeat_at_window":     bytes.Repeat(r32, 5),
		"repeat_beyond_window": bytes.Join([][]byte{r32, r32, r32}, []byte{'x'}),
	}
}

// TestOwnLevelsGzipCommand compresses with the levels that run this
// module's encoder, on one goroutine and on two, and checks that gzip -d
// and the Reader give the input back.
func TestOwnLevelsGzipCommand(t *testing.T) {
	gz := coretest.Peer(t, "gzip", "gzip")
	for name, data := range levelInputs(t) {
		for _, level := range []int{BestSpeed, 6, DefaultCompression} {
			for _, conc := range []int{1, 2} {
				t.Run(name+"/level"+strconv.Itoa(level)+"/concurrency"+strconv.Itoa(conc), func(t *testing.T) {
					var out bytes.Buffer
					w, err := NewWriter(&out, Gzip, level, &WriterOptions{Concurrency: conc, BlockSize: MinBlockSize})
					if err != nil {
						t.Fatal(err)
					}
					for p := data; len(p) > 0; p = p[min(len(p), 50000):] {
						w.Write(p[:min(len(p), 50000)])
					}
					if err := w.Close(); err != nil {
						t.Fatal(err)
					}
					cmd := exec.Command(gz, "-dc")
					cmd.Stdin = bytes.NewReader(out.Bytes())
					got, err := cmd.Output()
					if err != nil || !bytes.Equal(got, data) {
						t.Fatalf("gzip -d: %v, %d bytes, want %d", err, len(got), len(data))
					}
					got, err = inflateAll(Gzip, out.Bytes(), nil)
					if err != nil || !bytes.Equal(got, data) {
						t.Fatalf("Reader: %v, %d bytes, want %d", err, len(got), len(data))
					}
				})
			}
		}
	}
}

// TestOwnLevelsFlush interleaves Flush with writes: every flush point
// must inflate on its own to everything written before it.
func TestOwnLevelsFlush(t *testing.T) {
	data := textCorpus(300<<10, 5)
	for _, level := range []int{BestSpeed, 6} {
		var out bytes.Buffer
		w, _ := NewWriter(&out, Deflate, level, nil)
		for i, p := 0, data; len(p) > 0; i++ {
			n := min(len(p), 1+i*977%20000)
			w.Write(p[:n])
			p = p[n:]
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			written := len(data) - len(p)
			got, _ := stdInflate(Deflate, out.Bytes()) // no final block yet: stops with an error at the end
			if !bytes.Equal(got[:min(len(got), written)], data[:written]) || len(got) < written {
				t.Fatalf("level %d: after Flush %d, %d of %d bytes inflate", level, i, len(got), written)
			}
		}
		w.Close()
		if got, err := stdInflate(Deflate, out.Bytes()); err != nil || !bytes.Equal(got, data) {
			t.Fatalf("level %d: %v", level, err)
		}
	}
}

// TestOwnLevelsLibdeflateSize checks the README's claim: level 1 writes
// within 2% of libdeflate-gzip -1's size and level 6 within 2.5% of
// libdeflate-gzip -6's, on text and binary corpora.
func TestOwnLevelsLibdeflateSize(t *testing.T) {
	ld := coretest.Peer(t, "libdeflate-gzip", "libdeflate-tools")
	in := levelInputs(t)
	for _, name := range []string{"text", "binary", "records"} {
		data := in[name]
		for _, c := range []struct {
			level int
			slack float64
		}{{1, 1.02}, {6, 1.025}} {
			cmd := exec.Command(ld, "-c", "-"+strconv.Itoa(c.level))
			cmd.Stdin = bytes.NewReader(data)
			want, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			got := compressBytes(t, Gzip, c.level, data)
			ratio := float64(len(got)) / float64(len(want))
			t.Logf("%s, level %d: %d bytes, libdeflate %d (%.4f)", name, c.level, len(got), len(want), ratio)
			if ratio > c.slack {
				t.Errorf("%s, level %d: %d bytes, %.2f%% more than libdeflate's %d", name, c.level, len(got), 100*(ratio-1), len(want))
			}
		}
	}
}
