//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// perfCase is one command of fastio and the same job done by its peer.
type perfCase struct {
	name       string
	ours, peer []string // argv, run in the perf directory with stdout to /dev/null
}

var perfCases = []perfCase{
	{"conv/UTF-8→UTF-16LE", []string{"conv", "-f", "UTF-8", "-t", "UTF-16LE", "text.utf8"}, []string{"iconv", "-f", "UTF-8", "-t", "UTF-16LE", "text.utf8"}},
	{"conv/UTF-16LE→UTF-8", []string{"conv", "-f", "UTF-16LE", "-t", "UTF-8", "text.utf16le"}, []string{"iconv", "-f", "UTF-16LE", "-t", "UTF-8", "text.utf16le"}},
	{"conv/UTF-8→GB18030", []string{"conv", "-f", "UTF-8", "-t", "GB18030", "text.utf8"}, []string{"iconv", "-f", "UTF-8", "-t", "GB18030", "text.utf8"}},
	{"conv/GB18030→UTF-8", []string{"conv", "-f", "GB18030", "-t", "UTF-8", "text.gb18030"}, []string{"iconv", "-f", "GB18030", "-t", "UTF-8", "text.gb18030"}},
	{"sum/sha256", []string{"sum", "text.utf8"}, []string{"sha256sum", "text.utf8"}},
	{"gzip/-6", []string{"gzip", "-6", "-c", "text.utf8"}, []string{"gzip", "-6", "-c", "text.utf8"}},
	{"gzip/-d", []string{"gzip", "-dc", "text.gz"}, []string{"gzip", "-dc", "text.gz"}},
	{"gzip/-l", []string{"gzip", "-l", "text.gz"}, []string{"gzip", "-l", "text.gz"}},
}

// perfDir writes the perf inputs (size bytes of mixed text and its other
// forms, made by the peers) into a temporary directory.
func perfDir(tb testing.TB, size int) string {
	needPeers(tb, "iconv", "gzip", "sha256sum")
	dir := tb.TempDir()
	text := mixedText(size, 21)
	if err := os.WriteFile(filepath.Join(dir, "text.utf8"), text, 0o644); err != nil {
		tb.Fatal(err)
	}
	for name, argv := range map[string][]string{
		"text.utf16le": {"iconv", "-f", "UTF-8", "-t", "UTF-16LE", "text.utf8"},
		"text.gb18030": {"iconv", "-f", "UTF-8", "-t", "GB18030", "text.utf8"},
		"text.gz":      {"gzip", "-6", "-c", "text.utf8"},
	} {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			tb.Fatalf("%v: %v", argv, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), out, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// cpuOf runs argv in dir with stdout to /dev/null and returns the CPU time
// (user + system) of the child.
func cpuOf(tb testing.TB, dir string, argv []string) time.Duration {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	null, _ := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	defer null.Close()
	cmd.Stdout = null
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		tb.Fatalf("%v: %v", argv, err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCommands runs each fastio command beside its peer on 16 MiB of
// mixed text, reporting the child's CPU time per run (cpu-ns/op) next to the
// wall time.
func BenchmarkCommands(b *testing.B) {
	const size = 16 << 20
	dir := perfDir(b, size)
	for _, pc := range perfCases {
		for _, side := range []struct {
			tool string
			argv []string
		}{{"fastio", append([]string{fastio}, pc.ours...)}, {"peer", pc.peer}} {
			b.Run(pc.name+"/"+side.tool, func(b *testing.B) {
				b.SetBytes(size)
				b.ReportAllocs()
				var cpu time.Duration
				for b.Loop() {
					cpu += cpuOf(b, dir, side.argv)
				}
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// TestRatios (FASTIO_PERF=1) runs each pair in alternation and logs the
// ratio of the peer's median CPU time to ours: above 1 means fastio is
// faster. It asserts nothing; the figures are for the README.
func TestRatios(t *testing.T) {
	if os.Getenv("FASTIO_PERF") == "" {
		t.Skip("set FASTIO_PERF=1 to measure CPU-time ratios against iconv, sha256sum and gzip")
	}
	dir := perfDir(t, 16<<20)
	const rounds = 5
	for _, pc := range perfCases {
		var ours, peer []time.Duration
		for range rounds {
			ours = append(ours, cpuOf(t, dir, append([]string{fastio}, pc.ours...)))
			peer = append(peer, cpuOf(t, dir, pc.peer))
		}
		slices.Sort(ours)
		slices.Sort(peer)
		mo, mp := ours[rounds/2], peer[rounds/2]
		t.Logf("%-22s fastio %8.1f ms  peer %8.1f ms  peer/fastio %.2fx", pc.name, float64(mo.Microseconds())/1000, float64(mp.Microseconds())/1000, float64(mp)/float64(mo))
	}
}
