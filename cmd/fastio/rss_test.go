//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// stressSize is the input size of the memory test: 64 MiB, or
// FASTIO_STRESS_SIZE (bytes, or with a K, M or G suffix) for make stress.
func stressSize(t *testing.T) int64 {
	s := os.Getenv("FASTIO_STRESS_SIZE")
	if s == "" {
		return 64 << 20
	}
	mult := int64(1)
	switch strings.ToUpper(s[len(s)-1:]) {
	case "K":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	}
	if mult > 1 {
		s = s[:len(s)-1]
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		t.Fatalf("FASTIO_STRESS_SIZE=%q: want a size such as 1G", os.Getenv("FASTIO_STRESS_SIZE"))
	}
	return n * mult
}

// runToNull runs fastio with stdout to /dev/null and returns its peak RSS in
// bytes (ru_maxrss). Linux carries the high-water mark of the memory the
// child shared with this process before exec into it, so the figure is at
// least this test's own resident size: an upper bound of the child's.
func runToNull(t *testing.T, dir string, stdin string, args ...string) int64 {
	t.Helper()
	cmd := exec.Command(fastio, args...)
	cmd.Dir = dir
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	cmd.Stdout = null
	if stdin != "" {
		f, err := os.Open(filepath.Join(dir, stdin))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
}

// TestMemoryFlat streams a large input through each subcommand and checks
// that the peak resident size of the process stays under a bound that does
// not depend on the input size.
func TestMemoryFlat(t *testing.T) {
	size := stressSize(t)
	dir := t.TempDir()
	block := mixedText(1<<20, 9)
	f, err := os.Create(filepath.Join(dir, "big.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for written := int64(0); written < size; written += int64(len(block)) {
		if _, err := f.Write(block[:min(int64(len(block)), size-written)]); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	// big.txt.gz for the decompression case.
	gz, err := os.Create(filepath.Join(dir, "big.txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(fastio, "gzip", "-1", "-c", "big.txt")
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, gz, os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("gzip: %v", err)
	}
	gz.Close()

	const mib = 1 << 20
	tests := []struct {
		name  string
		stdin string
		args  []string
		bound int64
	}{
		// sum maps a large file 64 MiB at a time.
		{"sum", "", []string{"sum", "big.txt"}, 64*mib + 48*mib},
		{"sum-stdin", "big.txt", []string{"sum", "-a", "sha512"}, 48 * mib},
		{"conv", "", []string{"conv", "-f", "UTF-8", "-t", "UTF-16LE", "big.txt"}, 48 * mib},
		{"conv-gb18030", "big.txt", []string{"conv", "-f", "UTF-8", "-t", "GB18030"}, 48 * mib},
		{"gzip", "", []string{"gzip", "-c", "big.txt"}, 48 * mib},
		{"gunzip", "big.txt.gz", []string{"gzip", "-d"}, 48 * mib},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rss := runToNull(t, dir, tc.stdin, tc.args...)
			t.Logf("%s on %d MiB: peak RSS %.1f MiB", tc.name, size>>20, float64(rss)/mib)
			if rss > tc.bound {
				t.Errorf("peak RSS %.1f MiB on %d MiB of input, bound %d MiB", float64(rss)/mib, size>>20, tc.bound/mib)
			}
		})
	}
}
