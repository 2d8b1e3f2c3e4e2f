package compress

import (
	"bytes"
	"os/exec"
	"runtime"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

// parallelPeers are the gzip inflaters that must read a concurrent
// Writer's output, with the Debian package that installs each.
var parallelPeers = []struct{ cmd, pkg string }{
	{"gzip", "gzip"},
	{"pigz", "pigz"},
	{"libdeflate-gzip", "libdeflate-tools"},
	{"igzip", "isal"},
}

// TestInteropParallel has gzip, pigz, libdeflate and isa-l inflate gzip
// streams of the concurrent Writer, and the C zlib (python3) inflate its
// zlib, gzip and raw streams, at several levels and block sizes, with a
// Flush in the middle. A missing peer skips its part naming the package
// to install (fails under FASTIO_REQUIRE_PEERS=1).
func TestInteropParallel(t *testing.T) {
	if runtime.GOOS == "wasip1" {
		t.Skip("wasip1 cannot start a process: the gzip, pigz, libdeflate, igzip and python3 peers need a host")
	}
	data := append(textCorpus(900<<10, 31), randomCorpus(200<<10, 31)...)
	flushed := func(f Format, level, bs int) []byte {
		return compressParallel(t, f, level, 2, bs, nil, data, func(w *Writer, p []byte) error {
			if _, err := w.Write(p[:300<<10]); err != nil {
				return err
			}
			if err := w.Flush(); err != nil {
				return err
			}
			_, err := w.Write(p[300<<10:])
			return err
		})
	}
	for _, peer := range parallelPeers {
		t.Run(peer.cmd, func(t *testing.T) {
			path := coretest.Peer(t, peer.cmd, peer.pkg)
			for _, level := range []int{HuffmanOnly, 0, 1, 6, 9} {
				for _, bs := range []int{MinBlockSize, DefaultBlockSize} {
					t.Run("level"+strconv.Itoa(level)+"/block"+strconv.Itoa(bs>>10)+"k", func(t *testing.T) {
						cmd := exec.Command(path, "-dc")
						cmd.Stdin = bytes.NewReader(flushed(Gzip, level, bs))
						var stderr bytes.Buffer
						cmd.Stderr = &stderr
						got, err := cmd.Output()
						if err != nil || !bytes.Equal(got, data) {
							t.Fatalf("%s -dc: %d bytes, %v: %s; want %d", peer.cmd, len(got), err, stderr.Bytes(), len(data))
						}
					})
				}
			}
		})
	}
	coretest.Peer(t, "python3", "python3")
	var jobs []*pyJob
	var names []string
	for _, f := range formats {
		for _, level := range []int{1, 6, 9} {
			jobs = append(jobs, &pyJob{op: "d," + wbits(f), in: flushed(f, level, MinBlockSize)})
			names = append(names, f.String()+"/level"+strconv.Itoa(level))
		}
	}
	pythonZlib(t, jobs...)
	for i, j := range jobs {
		t.Run("python3_zlib/"+names[i], func(t *testing.T) {
			if j.err != "" || !bytes.Equal(j.out, data) {
				t.Fatalf("C zlib inflated %d bytes (%s), want %d", len(j.out), j.err, len(data))
			}
		})
	}
}
