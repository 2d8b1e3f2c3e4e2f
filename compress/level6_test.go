package compress

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core/coretest"
	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// TestLevel6Figures compares fastio's gzip levels 6 to 9 with
// libdeflate-gzip -6 on the text and binary corpora: output size, and CPU
// time in alternating rounds (fastio: the thread's CPU time, compressing
// from memory to a counter; libdeflate-gzip: the child's user and system
// time, reading the corpus file and writing to /dev/null, which its whole-
// buffer design needs). It runs with FASTIO_AB=1:
//
//	FASTIO_AB=1 go test -run Level6Figures -v
func TestLevel6Figures(t *testing.T) {
	if os.Getenv("FASTIO_AB") != "1" {
		t.Skip("measurement harness: set FASTIO_AB=1 to run it")
	}
	ld := coretest.Peer(t, "libdeflate-gzip", "libdeflate-tools")
	text, _ := corpora(t)
	for _, c := range []struct {
		name string
		data []byte
	}{{"text", text}, {"binary", binaryData(t)}} {
		file := filepath.Join(t.TempDir(), c.name)
		if err := os.WriteFile(file, c.data, 0o600); err != nil {
			t.Fatal(err)
		}
		want, err := exec.Command(ld, "-6", "-c", file).Output()
		if err != nil {
			t.Fatal(err)
		}
		got, err := stdInflate(Gzip, want)
		if err != nil || !bytes.Equal(got, c.data) {
			t.Fatalf("libdeflate's stream does not inflate: %v", err)
		}
		const rounds = 3
		levels := []int{6, 7, 8, 9}
		times := make([][]time.Duration, len(levels)+1)
		sizes := make([]int64, len(levels)+1)
		sizes[len(levels)] = int64(len(want))
		runtime.LockOSThread()
		for r := range rounds {
			for k := range len(levels) + 1 {
				i := (k + r) % (len(levels) + 1)
				if i == len(levels) {
					cmd := exec.Command(ld, "-6", "-c", file)
					if err := cmd.Run(); err != nil {
						t.Fatal(err)
					}
					times[i] = append(times[i], cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
					continue
				}
				runtime.GC()
				c0 := cputime.ThreadCPU()
				sizes[i] = abCompressGzip(c.data, levels[i])
				times[i] = append(times[i], cputime.ThreadCPU()-c0)
			}
		}
		runtime.UnlockOSThread()
		ldTime := slices.Min(times[len(levels)])
		t.Logf("%s corpus, %.1f MB: libdeflate-gzip -6 %d bytes, CPU %.0f ms (min of %d)", c.name, float64(len(c.data))/1e6, len(want), ldTime.Seconds()*1e3, rounds)
		for i, level := range levels {
			m := slices.Min(times[i])
			t.Logf("  fastio level %d: %d bytes (%+.2f%% vs libdeflate), CPU %.0f ms (libdeflate %.2f× faster)",
				level, sizes[i], 100*(float64(sizes[i])/float64(len(want))-1), m.Seconds()*1e3, m.Seconds()/ldTime.Seconds())
		}
	}
}

// abCompressGzip compresses data to gzip at level in 32 KiB writes.
func abCompressGzip(data []byte, level int) int64 {
	var c counter
	w, _ := NewWriter(&c, Gzip, level, nil)
	for p := data; len(p) > 0; p = p[min(len(p), benchChunk):] {
		w.Write(p[:min(len(p), benchChunk)])
	}
	w.Close()
	return c.n
}
