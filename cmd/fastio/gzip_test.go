//go:build linux

package main

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// gzipInputs are the files the compression tests round-trip.
var gzipInputs = []string{"empty", "one", "ascii.txt", "mixed.txt", "random.bin", "small.bin"}

func TestGzipReadByGzip(t *testing.T) {
	needPeers(t, "gzip")
	for _, level := range []string{"-1", "-6", "-9"} {
		for _, name := range gzipInputs {
			t.Run(level+"/"+name, func(t *testing.T) {
				ours := run(t, dataDir, nil, fastio, "gzip", level, "-c", name)
				if ours.code != 0 {
					t.Fatalf("exit %d: %s", ours.code, ours.stderr)
				}
				back := run(t, dataDir, ours.stdout, "gzip", "-d")
				if back.code != 0 || !bytes.Equal(back.stdout, readFile(t, filepath.Join(dataDir, name))) {
					t.Errorf("gzip -d of our output: exit %d %s", back.code, back.stderr)
				}
				test := run(t, dataDir, ours.stdout, "gzip", "-t")
				if test.code != 0 {
					t.Errorf("gzip -t: %s", test.stderr)
				}
			})
		}
	}
}

func TestGzipReadsGzip(t *testing.T) {
	needPeers(t, "gzip")
	for _, args := range [][]string{{"-1"}, {"-9"}, {"-n"}} {
		for _, name := range gzipInputs {
			peer := run(t, dataDir, nil, "gzip", append(args, "-c", name)...)
			ours := run(t, dataDir, peer.stdout, fastio, "gzip", "-d")
			if ours.code != 0 || !bytes.Equal(ours.stdout, readFile(t, filepath.Join(dataDir, name))) {
				t.Errorf("%v %s: exit %d %s", args, name, ours.code, ours.stderr)
			}
		}
	}
	// Concatenated members read as one stream, as gzip -d does.
	a := run(t, dataDir, nil, "gzip", "-c", "ascii.txt")
	b := run(t, dataDir, nil, fastio, "gzip", "-c", "small.bin")
	cat := append(append([]byte(nil), a.stdout...), b.stdout...)
	ours := run(t, dataDir, cat, fastio, "gzip", "-dc")
	peer := run(t, dataDir, cat, "gzip", "-dc")
	same(t, ours, peer, "fastio gzip", "gzip")
}

func TestZlibAndDeflate(t *testing.T) {
	data := readFile(t, filepath.Join(dataDir, "mixed.txt"))
	z := run(t, dataDir, nil, fastio, "zlib", "-c", "mixed.txt")
	zr, err := zlib.NewReader(bytes.NewReader(z.stdout))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, data) {
		t.Errorf("compress/zlib reading fastio zlib: %v", err)
	}
	d := run(t, dataDir, nil, fastio, "deflate", "-9", "-c", "mixed.txt")
	if got, err := io.ReadAll(flate.NewReader(bytes.NewReader(d.stdout))); err != nil || !bytes.Equal(got, data) {
		t.Errorf("compress/flate reading fastio deflate: %v", err)
	}
	var zb bytes.Buffer
	zw := zlib.NewWriter(&zb)
	zw.Write(data)
	zw.Close()
	back := run(t, dataDir, zb.Bytes(), fastio, "zlib", "-dc")
	if back.code != 0 || !bytes.Equal(back.stdout, data) {
		t.Errorf("fastio zlib -d of compress/zlib: exit %d %s", back.code, back.stderr)
	}
	bad := run(t, dataDir, []byte("plainly not zlib"), fastio, "zlib", "-d")
	if bad.code != 1 || !strings.Contains(string(bad.stderr), "stdin: not in zlib format") {
		t.Errorf("bad zlib: exit %d %q", bad.code, bad.stderr)
	}
}

// gzipBad writes damaged gzip files.
func gzipBad(t *testing.T, dir string) {
	needPeers(t, "gzip")
	good := run(t, dataDir, nil, "gzip", "-c", "ascii.txt").stdout
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("good.gz", good)
	write("trailing.gz", append(append([]byte(nil), good...), "garbage after\n"...))
	write("padded.gz", append(append([]byte(nil), good...), 0, 0, 0, 0))
	write("truncated.gz", good[:len(good)/2])
	crc := append([]byte(nil), good...)
	crc[len(crc)-6] ^= 1
	write("crc.gz", crc)
	length := append([]byte(nil), good...)
	length[len(length)-2] ^= 1
	write("length.gz", length)
	corrupt := append([]byte(nil), good...)
	for i := 30; i < 60; i++ {
		corrupt[i] = 0xff
	}
	write("corrupt.gz", corrupt)
	write("plain.gz", []byte("this is not compressed at all\n"))
	write("short.gz", []byte{0x1f})
	write("tiny.gz", []byte("hi\n"))
	write("empty.gz", nil)
	os.Mkdir(filepath.Join(dir, "adir.gz"), 0o755)
}

func TestGzipErrorsLikeGzip(t *testing.T) {
	needPeers(t, "gzip")
	dir := t.TempDir()
	gzipBad(t, dir)
	tests := [][]string{
		{"-dc", "good.gz"},
		{"-dc", "trailing.gz"},
		{"-dc", "padded.gz"},
		{"-dc", "truncated.gz"},
		{"-dc", "crc.gz"},
		{"-dc", "length.gz"},
		{"-dc", "corrupt.gz"},
		{"-dc", "plain.gz"},
		{"-dc", "short.gz"},
		{"-dc", "tiny.gz"},
		{"-dc", "empty.gz"},
		{"-dc", "nofile.gz"},
		{"-dc", "adir.gz"},
		{"-dc", "crc.gz", "good.gz"},
		{"-t", "good.gz"},
		{"-t", "trailing.gz"},
		{"-t", "corrupt.gz"},
		{"-t", "crc.gz"},
		{"-tq", "trailing.gz"},
		{"-d", "-c", "-q", "trailing.gz"},
		{"-c", "nofile"},
		{"-c", "/proc/self/mem"},
		{"-dc", "/proc/self/mem"},
		{"-c", "adir.gz"},
	}
	for _, args := range tests {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			ours := run(t, dir, nil, fastio, append([]string{"gzip"}, args...)...)
			peer := run(t, dir, nil, "gzip", args...)
			same(t, ours, peer, "fastio gzip", "gzip")
		})
	}
	// From standard input the file is called stdin.
	for _, name := range []string{"trailing.gz", "truncated.gz", "plain.gz", "empty.gz", "tiny.gz"} {
		in := readFile(t, filepath.Join(dir, name))
		ours := run(t, dir, in, fastio, "gzip", "-d")
		peer := run(t, dir, in, "gzip", "-d")
		same(t, ours, peer, "fastio gzip", "gzip")
	}
}

func TestGzipFiles(t *testing.T) {
	needPeers(t, "gzip")
	dir := tempCopy(t, "mixed.txt", "ascii.txt")
	orig := readFile(t, filepath.Join(dir, "mixed.txt"))
	mtime := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	os.Chtimes(filepath.Join(dir, "mixed.txt"), mtime, mtime)
	os.Chmod(filepath.Join(dir, "mixed.txt"), 0o640)

	// Compress, keeping the input.
	if r := run(t, dir, nil, fastio, "gzip", "-k", "mixed.txt"); r.code != 0 {
		t.Fatalf("gzip -k: %s", r.stderr)
	}
	st, err := os.Stat(filepath.Join(dir, "mixed.txt.gz"))
	if err != nil || !st.ModTime().Equal(mtime) || st.Mode().Perm() != 0o640 {
		t.Errorf("mixed.txt.gz: %v, mtime %v, mode %v", err, st.ModTime(), st.Mode())
	}
	if back := run(t, dir, nil, "gzip", "-dc", "mixed.txt.gz"); !bytes.Equal(back.stdout, orig) {
		t.Error("gzip -dc of mixed.txt.gz differs")
	}
	// gzip -l sees the stored name.
	if l := run(t, dir, nil, "gzip", "-lN", "mixed.txt.gz"); !strings.Contains(string(l.stdout), "mixed.txt") {
		t.Errorf("gzip -lN: %s", l.stdout)
	}
	// An existing output is not overwritten without -f: a warning, exit 2.
	for _, prog := range []string{fastio, "gzip"} {
		args := []string{"-k", "mixed.txt"}
		if prog == fastio {
			args = append([]string{"gzip"}, args...)
		}
		r := run(t, dir, nil, prog, args...)
		if r.code != 2 || !strings.Contains(string(r.stderr), "mixed.txt.gz already exists;\tnot overwritten") {
			t.Errorf("%s: exit %d %q", prog, r.code, r.stderr)
		}
	}
	// Clusters: -kf9.
	if r := run(t, dir, nil, fastio, "gzip", "-kf9", "mixed.txt"); r.code != 0 {
		t.Errorf("-kf9: %s", r.stderr)
	}
	// Already compressed.
	ours := run(t, dir, nil, fastio, "gzip", "mixed.txt.gz")
	peer := run(t, dir, nil, "gzip", "mixed.txt.gz")
	same(t, ours, peer, "fastio gzip", "gzip")
	// Decompress in place: the input goes, the output has its time.
	os.Remove(filepath.Join(dir, "mixed.txt"))
	if r := run(t, dir, nil, fastio, "gzip", "-d", "mixed.txt.gz"); r.code != 0 {
		t.Fatalf("gzip -d: %s", r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "mixed.txt.gz")); err == nil {
		t.Error("mixed.txt.gz kept without -k")
	}
	if got := readFile(t, filepath.Join(dir, "mixed.txt")); !bytes.Equal(got, orig) {
		t.Error("decompressed file differs")
	}
	// Compress without -k removes the input.
	if r := run(t, dir, nil, fastio, "gzip", "ascii.txt"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "ascii.txt")); err == nil {
		t.Error("ascii.txt kept without -k")
	}
	// Unknown suffix, and -S.
	ours = run(t, dir, nil, fastio, "gzip", "-d", "mixed.txt")
	peer = run(t, dir, nil, "gzip", "-d", "mixed.txt")
	same(t, ours, peer, "fastio gzip", "gzip")
	if r := run(t, dir, nil, fastio, "gzip", "-k", "-S", ".gzip", "mixed.txt"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := run(t, dir, nil, fastio, "gzip", "-d", "-S", ".gzip", "-c", "mixed.txt.gzip"); !bytes.Equal(r.stdout, orig) {
		t.Errorf("-S .gzip round trip: %s", r.stderr)
	}
	// .tgz becomes .tar.
	os.WriteFile(filepath.Join(dir, "a.tgz"), run(t, dir, nil, "gzip", "-c", "mixed.txt").stdout, 0o644)
	if r := run(t, dir, nil, fastio, "gzip", "-d", "a.tgz"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "a.tar")); err != nil {
		t.Error(".tgz did not become .tar")
	}
}

func TestGzipNoPartialOutput(t *testing.T) {
	dir := t.TempDir()
	gzipBad(t, dir)
	for _, name := range []string{"truncated.gz", "crc.gz", "corrupt.gz"} {
		r := run(t, dir, nil, fastio, "gzip", "-d", name)
		if r.code != 1 {
			t.Errorf("%s: exit %d", name, r.code)
		}
		noLeftovers(t, dir, strings.TrimSuffix(name, ".gz"))
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s removed after a failure", name)
		}
	}
}

func TestGzipMax(t *testing.T) {
	z := run(t, dataDir, nil, fastio, "gzip", "-c", "random.bin")
	r := run(t, dataDir, z.stdout, fastio, "gzip", "-d", "--max", "1M")
	if r.code != 1 || len(r.stdout) != 1<<20 || !strings.Contains(string(r.stderr), "--max") {
		t.Errorf("--max 1M: exit %d, %d bytes, %q", r.code, len(r.stdout), r.stderr)
	}
	r = run(t, dataDir, z.stdout, fastio, "gzip", "-d", "--max", "2M")
	if r.code != 0 || len(r.stdout) != 1<<20+3 {
		t.Errorf("--max 2M: exit %d, %d bytes, %q", r.code, len(r.stdout), r.stderr)
	}
	for _, bad := range []string{"lots", "0", "-5"} {
		if r := run(t, dataDir, nil, fastio, "gzip", "-d", "--max", bad); r.code != 1 || len(r.stderr) == 0 {
			t.Errorf("--max %s: exit %d", bad, r.code)
		}
	}
}

func TestGzipFullDisk(t *testing.T) {
	needPeers(t, "gzip", "sh")
	for _, args := range []string{"-c ascii.txt", "-c random.bin"} {
		ours := run(t, dataDir, nil, "sh", "-c", fastio+" gzip "+args+" > /dev/full")
		peer := run(t, dataDir, nil, "sh", "-c", "gzip "+args+" > /dev/full")
		same(t, ours, peer, "fastio gzip", "gzip")
	}
	z := run(t, dataDir, nil, "gzip", "-c", "random.bin")
	ours := run(t, dataDir, z.stdout, "sh", "-c", fastio+" gzip -d > /dev/full")
	peer := run(t, dataDir, z.stdout, "sh", "-c", "gzip -d > /dev/full")
	same(t, ours, peer, "fastio gzip", "gzip")
}

func TestGzipAliases(t *testing.T) {
	bin := t.TempDir()
	for _, n := range []string{"gunzip", "zcat"} {
		os.Symlink(fastio, filepath.Join(bin, n))
	}
	z := run(t, dataDir, nil, fastio, "gzip", "-c", "ascii.txt")
	want := readFile(t, filepath.Join(dataDir, "ascii.txt"))
	if r := run(t, dataDir, z.stdout, filepath.Join(bin, "zcat")); !bytes.Equal(r.stdout, want) {
		t.Errorf("zcat: %s", r.stderr)
	}
	if r := run(t, dataDir, z.stdout, filepath.Join(bin, "gunzip"), "-c"); !bytes.Equal(r.stdout, want) {
		t.Errorf("gunzip -c: %s", r.stderr)
	}
}

// TestGzipParallel: -p N compresses on N goroutines into one standard
// stream, which gzip reads, about the size of the single-core one.
func TestGzipParallel(t *testing.T) {
	needPeers(t, "gzip")
	data := readFile(t, filepath.Join(dataDir, "mixed.txt"))
	one := run(t, dataDir, nil, fastio, "gzip", "-6", "-c", "mixed.txt")
	for _, p := range []string{"2", "3"} {
		r := run(t, dataDir, nil, fastio, "gzip", "-6", "-p", p, "-c", "mixed.txt")
		if r.code != 0 {
			t.Fatalf("-p %s: %s", p, r.stderr)
		}
		back := run(t, dataDir, r.stdout, "gzip", "-d")
		if back.code != 0 || !bytes.Equal(back.stdout, data) {
			t.Errorf("-p %s: gzip -d: exit %d %s", p, back.code, back.stderr)
		}
		if d := float64(len(r.stdout)) / float64(len(one.stdout)); d > 1.02 {
			t.Errorf("-p %s output is %.1f%% larger than -p 1", p, (d-1)*100)
		}
	}
	z := run(t, dataDir, nil, fastio, "zlib", "-p", "2", "-c", "mixed.txt")
	zr, err := zlib.NewReader(bytes.NewReader(z.stdout))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, data) {
		t.Errorf("zlib -p 2: %v", err)
	}
	if r := run(t, dataDir, nil, fastio, "gzip", "-p", "0", "-c", "one"); r.code != 1 || !strings.Contains(string(r.stderr), "invalid number of processes") {
		t.Errorf("-p 0: exit %d %q", r.code, r.stderr)
	}
}

// TestGzipInterrupted interrupts the compression of a file into its .gz the
// moment the temporary output file appears, a few times: neither the .gz
// nor a temporary file may remain, and the input stays. (A run that
// finished before the signal must have replaced the input by a whole .gz.)
func TestGzipInterrupted(t *testing.T) {
	big := mixedText(4<<20, 31)
	for range 5 {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "big.txt"), big, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(fastio, "gzip", "-9", "big.txt")
		cmd.Dir = dir
		code, sent := interruptAtTemp(t, dir, cmd)
		if !sent {
			t.Fatalf("no temporary file appeared (exit status %d)", code)
		}
		if code == 0 {
			if _, err := os.Stat(filepath.Join(dir, "big.txt.gz")); err != nil {
				t.Fatalf("a complete run left no .gz: %v", err)
			}
			continue
		}
		if code != 128+int(syscall.SIGINT) {
			t.Errorf("interrupted gzip: exit status %d, want 130", code)
		}
		noLeftovers(t, dir, "big.txt.gz")
		if _, err := os.Stat(filepath.Join(dir, "big.txt")); err != nil {
			t.Errorf("the input is gone after an interrupt: %v", err)
		}
	}
}
