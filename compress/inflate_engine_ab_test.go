package compress

import (
	"bytes"
	stdflate "compress/flate"
	stdgzip "compress/gzip"
	"hash/crc32"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/fastio-go/fastio/compress/internal/inflate"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
	"github.com/fastio-go/fastio/core/coretest/cputime"
	kflate "github.com/klauspost/compress/flate"
)

// TestInflateEngineFigures compares the inflate engine of internal/inflate
// with klauspost/compress's and the standard library's inflaters and with
// the libdeflate-gzip command, round after round in alternating order, on
// the text and binary corpora deflated at level 6. Go inflaters are timed
// in the thread's CPU time and include a CRC-32 of the output, as gzip -d
// computes one; libdeflate-gzip -d in its process's CPU time (user and
// system, start-up and reading the file included). It runs only with
// FASTIO_AB=1:
//
//	FASTIO_AB=1 go test -run InflateEngineFigures -v -timeout 30m
func TestInflateEngineFigures(t *testing.T) {
	if os.Getenv("FASTIO_AB") != "1" {
		t.Skip("measurement harness: set FASTIO_AB=1 to run it")
	}
	tool := coretest.Peer(t, "libdeflate-gzip", "libdeflate-tools")
	rounds := 7
	if s := os.Getenv("FASTIO_AB_ROUNDS"); s != "" {
		rounds, _ = strconv.Atoi(s)
	}
	text, _ := corpora(t)
	for _, c := range []struct {
		name string
		data []byte
	}{{"text", text}, {"binary", binaryData(t)}} {
		var gz bytes.Buffer
		gw, _ := stdgzip.NewWriterLevel(&gz, 6)
		gw.Write(c.data)
		gw.Close()
		// The gzip member's deflate data: a 10-byte header, an 8-byte trailer.
		raw := gz.Bytes()[10 : gz.Len()-8]
		file := filepath.Join(t.TempDir(), "corpus.gz")
		if err := os.WriteFile(file, gz.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		want := crc32.ChecksumIEEE(c.data)
		var dec inflate.Decoder
		span := core.NewSpanReader(nil)
		kr := kflate.NewReader(nil)
		sr := stdflate.NewReader(bytes.NewReader(nil))
		var br bytes.Reader
		buf := make([]byte, 64<<10)
		sum := func(r io.Reader) uint32 {
			var s uint32
			for {
				n, err := r.Read(buf)
				s = crc32.Update(s, crc32.IEEETable, buf[:n])
				if err == io.EOF {
					return s
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		impls := []struct {
			name string
			run  func() uint32
		}{
			{"engine", func() uint32 { span.Reset(raw); dec.Reset(span, nil); return sum(&dec) }},
			{"klauspost", func() uint32 { br.Reset(raw); kr.(kflate.Resetter).Reset(&br, nil); return sum(kr) }},
			{"compress/flate", func() uint32 { br.Reset(raw); sr.(stdflate.Resetter).Reset(&br, nil); return sum(sr) }},
		}
		runtime.LockOSThread()
		times := make([][]time.Duration, len(impls)+1)
		for r := range rounds {
			for k := range len(impls) + 1 {
				i := (k + r) % (len(impls) + 1)
				runtime.GC()
				if i == len(impls) {
					cmd := exec.Command(tool, "-d", "-c", file)
					cmd.Stdout = io.Discard
					if err := cmd.Run(); err != nil {
						t.Fatal(err)
					}
					times[i] = append(times[i], cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
					continue
				}
				cpu := cputime.ThreadCPU()
				s := impls[i].run()
				times[i] = append(times[i], cputime.ThreadCPU()-cpu)
				if s != want {
					t.Fatalf("%s: CRC-32 %08x, want %08x", impls[i].name, s, want)
				}
			}
		}
		runtime.UnlockOSThread()
		names := []string{"engine", "klauspost", "compress/flate", "libdeflate-gzip -d"}
		t.Logf("inflate %s (%d rounds, %.1f MB, level 6, CPU time, load average %s):", c.name, rounds, float64(len(c.data))/1e6, engineLoad())
		for i, name := range names {
			ratios := make([]float64, rounds)
			for r := range rounds {
				ratios[r] = float64(times[i][r]) / float64(times[0][r])
			}
			slices.Sort(ratios)
			d := slices.Clone(times[i])
			slices.Sort(d)
			med := d[len(d)/2]
			t.Logf("  %-20s median %7.1f MB/s   time vs engine: median %.2f× (range %.2f–%.2f)",
				name, float64(len(c.data))/med.Seconds()/1e6, ratios[rounds/2], ratios[0], ratios[rounds-1])
		}
	}
}

// engineLoad returns the 1-minute load average, or "?".
func engineLoad() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil || len(b) == 0 {
		return "?"
	}
	return string(bytes.Fields(b)[0])
}
