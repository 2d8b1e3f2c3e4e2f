//go:build linux

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core/coretest"
)

// The tests of this file run fastio through links named gzip, gunzip and
// zcat, beside the real gzip, and compare exit status, output and the
// whole of the messages, which then begin with the same program name.

// gzipLinks returns a directory holding links named gzip, gunzip, zcat,
// iconv and sha256sum to the fastio binary.
func gzipLinks(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	for _, n := range []string{"gzip", "gunzip", "zcat", "iconv", "sha256sum"} {
		if err := os.Symlink(fastio, filepath.Join(bin, n)); err != nil {
			t.Fatal(err)
		}
	}
	return bin
}

// runWithEnv is run with extra environment variables.
func runWithEnv(t *testing.T, dir string, env []string, stdin []byte, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("%s %v did not run", name, args)
	}
	return result{stdout: out.Bytes(), stderr: errb.Bytes(), code: cmd.ProcessState.ExitCode()}
}

// sameAsGzip checks that two runs agree exactly: exit status, output and
// messages.
func sameAsGzip(t *testing.T, what string, ours, peer result) {
	t.Helper()
	if ours.code != peer.code || !bytes.Equal(ours.stdout, peer.stdout) || !bytes.Equal(ours.stderr, peer.stderr) {
		t.Errorf("%s:\nours: exit %d, stdout %.120q, stderr %q\ngzip: exit %d, stdout %.120q, stderr %q",
			what, ours.code, ours.stdout, ours.stderr, peer.code, peer.stdout, peer.stderr)
	}
}

// twin runs a shell command line in two fresh directories made by setup:
// once with fastio's links first on PATH, once with the real gzip.
func twin(t *testing.T, setup func(dir string), env []string, stdin []byte, line string) (ours, peer result, oursDir, peerDir string) {
	t.Helper()
	bin := gzipLinks(t)
	oursDir, peerDir = t.TempDir(), t.TempDir()
	setup(oursDir)
	setup(peerDir)
	ours = runWithEnv(t, oursDir, append([]string{"PATH=" + bin + ":" + os.Getenv("PATH")}, env...), stdin, "sh", "-c", line)
	peer = runWithEnv(t, peerDir, env, stdin, "sh", "-c", line)
	return ours, peer, oursDir, peerDir
}

func writeFile(t *testing.T, name string, b []byte, perm os.FileMode) {
	t.Helper()
	if err := os.WriteFile(name, b, perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, perm); err != nil { // past the umask
		t.Fatal(err)
	}
}

// TestGzipRefusesLikeGzip: a set-user-ID or set-group-ID file is not
// compressed or decompressed in place, even with -f; a sticky one or one
// with other hard links only with -f, as gzip refuses them (exit 2), and
// the file is left as it was.
func TestGzipRefusesLikeGzip(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	text := readFile(t, filepath.Join(dataDir, "ascii.txt"))
	gz := run(t, dataDir, nil, "gzip", "-c", "ascii.txt").stdout
	tests := []struct {
		name, line string
		setup      func(dir string)
		kept       string // the file that must be left as it was
	}{
		{"setuid", "gzip f", func(d string) { writeFile(t, filepath.Join(d, "f"), text, 0o755|os.ModeSetuid) }, "f"},
		{"setuid -f", "gzip -f f", func(d string) { writeFile(t, filepath.Join(d, "f"), text, 0o755|os.ModeSetuid) }, "f"},
		{"setgid", "gzip f", func(d string) { writeFile(t, filepath.Join(d, "f"), text, 0o755|os.ModeSetgid) }, "f"},
		{"setgid -d", "gzip -d f.gz", func(d string) { writeFile(t, filepath.Join(d, "f.gz"), gz, 0o644|os.ModeSetgid) }, "f.gz"},
		{"sticky", "gzip f", func(d string) { writeFile(t, filepath.Join(d, "f"), text, 0o644|os.ModeSticky) }, "f"},
		{"one link", "gzip f", func(d string) {
			writeFile(t, filepath.Join(d, "f"), text, 0o644)
			os.Link(filepath.Join(d, "f"), filepath.Join(d, "g"))
		}, "f"},
		{"two links", "gzip -d f.gz", func(d string) {
			writeFile(t, filepath.Join(d, "f.gz"), gz, 0o644)
			os.Link(filepath.Join(d, "f.gz"), filepath.Join(d, "g"))
			os.Link(filepath.Join(d, "f.gz"), filepath.Join(d, "h"))
		}, "f.gz"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ours, peer, od, _ := twin(t, tc.setup, nil, nil, tc.line)
			sameAsGzip(t, tc.line, ours, peer)
			if ours.code != 2 {
				t.Errorf("exit %d, want 2", ours.code)
			}
			ref := t.TempDir()
			tc.setup(ref)
			want, _ := os.Lstat(filepath.Join(ref, tc.kept))
			got, err := os.Lstat(filepath.Join(od, tc.kept))
			if err != nil || got.Mode() != want.Mode() || !bytes.Equal(readFile(t, filepath.Join(od, tc.kept)), readFile(t, filepath.Join(ref, tc.kept))) {
				t.Errorf("%s was changed: %v %v, want %v", tc.kept, err, got, want)
			}
		})
	}
	// With -f, sticky files and linked files are compressed, the other
	// links keeping the old contents, as gzip does.
	for _, line := range []string{"gzip -f f && ls", "gzip -f f && cat g | wc -c && ls"} {
		ours, peer, _, _ := twin(t, func(d string) {
			writeFile(t, filepath.Join(d, "f"), text, 0o644|os.ModeSticky)
			os.Link(filepath.Join(d, "f"), filepath.Join(d, "g"))
		}, nil, nil, line)
		sameAsGzip(t, line, ours, peer)
	}
}

// TestGzipKeepsOwner: as root, the compressed and the decompressed file
// keep the owner and group of the input, as gzip's do.
func TestGzipKeepsOwner(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	if os.Geteuid() != 0 {
		t.Skip("giving a file to another owner needs root")
	}
	const uid, gid = 12345, 23456
	text := readFile(t, filepath.Join(dataDir, "ascii.txt"))
	setup := func(d string) {
		writeFile(t, filepath.Join(d, "f"), text, 0o640)
		if err := os.Chown(filepath.Join(d, "f"), uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	for _, line := range []string{"gzip f", "gzip f && gzip -d f.gz", "gzip -k f && gunzip -f f.gz"} {
		ours, peer, od, pd := twin(t, setup, nil, nil, line)
		sameAsGzip(t, line, ours, peer)
		for _, d := range []string{od, pd} {
			name := "f"
			if line == "gzip f" {
				name = "f.gz"
			}
			st, err := os.Stat(filepath.Join(d, name))
			if err != nil {
				t.Fatal(err)
			}
			s := st.Sys().(*syscall.Stat_t)
			if s.Uid != uid || s.Gid != gid || st.Mode().Perm() != 0o640 {
				t.Errorf("%s: %s is owned by %d:%d, mode %v; want %d:%d, 0640", line, d, s.Uid, s.Gid, st.Mode(), uid, gid)
			}
		}
	}
}

// TestGzipKeepsTimes: the output has the input's access and modification
// times, compressing and decompressing, as gzip copies both.
func TestGzipKeepsTimes(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	atime := time.Date(2019, 5, 6, 7, 8, 9, 0, time.UTC)
	mtime := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	text := readFile(t, filepath.Join(dataDir, "ascii.txt"))
	setup := func(d string) {
		writeFile(t, filepath.Join(d, "f"), text, 0o644)
		os.Chtimes(filepath.Join(d, "f"), atime, mtime)
	}
	for _, tc := range []struct{ line, out string }{{"gzip f", "f.gz"}, {"gzip -k f && rm f && touch -a -d 2018-03-04T05:06:07Z f.gz && gzip -d f.gz", "f"}} {
		ours, peer, od, pd := twin(t, setup, nil, nil, tc.line)
		sameAsGzip(t, tc.line, ours, peer)
		want, err := os.Stat(filepath.Join(pd, tc.out))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.Stat(filepath.Join(od, tc.out))
		if err != nil {
			t.Fatal(err)
		}
		ga, wa := got.Sys().(*syscall.Stat_t).Atim, want.Sys().(*syscall.Stat_t).Atim
		if ga != wa || !got.ModTime().Equal(want.ModTime()) {
			t.Errorf("%s: atime %v mtime %v; gzip gives %v and %v", tc.line, time.Unix(ga.Unix()), got.ModTime(), time.Unix(wa.Unix()), want.ModTime())
		}
	}
}

// TestGzipOwnInput: output appended to the input itself is refused, as
// cat refuses it (gzip 1.12 reads its own output back), and the file is
// left as it was.
func TestGzipOwnInput(t *testing.T) {
	coretest.Peer(t, "sh", "dash")
	text := readFile(t, filepath.Join(dataDir, "mixed.txt"))
	bin := gzipLinks(t)
	for _, line := range []string{"gzip -c f >> f", "gzip -c < f >> f", "gzip -c f 1<> f", "zcat f.gz >> f.gz", "gzip -cdf f >> f"} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "f"), text, 0o644)
		gz := run(t, dir, nil, fastio, "gzip", "-kc", "f").stdout
		writeFile(t, filepath.Join(dir, "f.gz"), gz, 0o644)
		r := runWithEnv(t, dir, []string{"PATH=" + bin + ":" + os.Getenv("PATH")}, nil, "sh", "-c", line)
		name := "f"
		if strings.HasPrefix(line, "zcat") {
			name = "f.gz"
		}
		prefix := "gzip: " + name
		if strings.Contains(line, "<") && !strings.Contains(line, "<>") {
			prefix = "gzip: stdin"
		}
		if r.code != 1 || string(r.stderr) != prefix+": input file is output file\n" {
			t.Errorf("%s: exit %d, %q", line, r.code, r.stderr)
		}
		want := text
		if name == "f.gz" {
			want = gz
		}
		if !bytes.Equal(readFile(t, filepath.Join(dir, name)), want) {
			t.Errorf("%s: %s was changed", line, name)
		}
	}
	// Another file, or the same file truncated first, is fine.
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "f"), text, 0o644)
	if r := runWithEnv(t, dir, []string{"PATH=" + bin + ":" + os.Getenv("PATH")}, nil, "sh", "-c", "gzip -c f > g && gzip -c f > f"); r.code != 0 {
		t.Errorf("gzip -c f > f: exit %d, %s", r.code, r.stderr)
	}
}

// TestGzipStreamsLikeGzip: what follows a member, -cdf on data that is
// not compressed, and other stream edges, against gzip.
func TestGzipStreamsLikeGzip(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	m := run(t, dataDir, nil, "gzip", "-c", "ascii.txt").stdout
	cat := func(parts ...string) []byte {
		var b []byte
		for _, p := range parts {
			if p == "M" {
				b = append(b, m...)
			} else {
				b = append(b, p...)
			}
		}
		return b
	}
	tests := []struct {
		name  string
		input []byte
		args  string
	}{
		{"lone byte", cat("M", "\x01"), "-d"},
		{"lone 037", cat("M", "\x1f"), "-d"},
		{"lone nul", cat("M", "\x00"), "-d"},
		{"nuls then byte", cat("M", "\x00\x00\x01"), "-d"},
		{"garbage", cat("M", "garbage\n"), "-d"},
		{"nuls -v", cat("M", "\x00\x00\x00"), "-dv"},
		{"two members", cat("M", "M"), "-d"},
		{"pack member after", cat("M", "\x1f\x1e\x00\x00"), "-d"},
		{"empty", nil, "-d"},
		{"one byte", []byte("a"), "-d"},
		{"magic only", []byte("\x1f\x8b"), "-d"},
		{"plain", []byte("plain text\n"), "-d"},
		{"plain -cdf", []byte("plain text\n"), "-cdf"},
		{"member then plain -cdf", cat("M", "yyy\n"), "-cdf"},
		{"member then lone byte -cdf", cat("M", "y"), "-cdf"},
		{"members -cdf", cat("M", "M"), "-cdf"},
		{"one byte -cdf", []byte("y"), "-cdf"},
		{"empty -cdf", nil, "-cdf"},
		{"lone byte -t", cat("M", "\x01"), "-t"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ours, peer, _, _ := twin(t, func(string) {}, nil, tc.input, "gzip "+tc.args)
			if strings.HasPrefix(tc.name, "pack") {
				// gzip tries to unpack it and says how that failed;
				// fastio says it does not decompress pack data.
				ours.stderr, peer.stderr = nil, nil
			}
			sameAsGzip(t, "gzip "+tc.args, ours, peer)
		})
	}
	// zcat -f is cat for a file that is not compressed.
	ours, peer, _, _ := twin(t, func(d string) {
		writeFile(t, filepath.Join(d, "p"), []byte("plain\n"), 0o644)
		writeFile(t, filepath.Join(d, "z.gz"), m, 0o644)
	}, nil, nil, "zcat -f p z.gz p")
	sameAsGzip(t, "zcat -f", ours, peer)
}

// TestGzipSuffixesLikeGzip: gzip -d F reads F.gz (or F.z, F-z ...) when F
// does not exist.
func TestGzipSuffixesLikeGzip(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	m := run(t, dataDir, nil, "gzip", "-c", "ascii.txt").stdout
	for _, tc := range []struct{ files, line string }{
		{"f.gz", "gzip -d f && ls"},
		{"f.z", "gunzip f && ls"},
		{"f-z", "gzip -d f && ls"},
		{"f.gzip", "gzip -d -S .gzip f && ls"},
		{"", "gzip -d f"},
		{"", "gzip -d -S .zz f"},
		{"", "gzip -d f.gz"},
		{"f.gz", "gzip -dc f | wc -c"},
		{"f.gz", "gzip -t f"},
		{"", "gzip f"},
	} {
		ours, peer, _, _ := twin(t, func(d string) {
			if tc.files != "" {
				writeFile(t, filepath.Join(d, tc.files), m, 0o644)
			}
		}, nil, nil, tc.line)
		sameAsGzip(t, tc.line, ours, peer)
	}
}

// TestGzipEnvLikeGzip: the GZIP environment variable's options are taken
// or refused as gzip 1.12 takes and refuses them.
func TestGzipEnvLikeGzip(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	m := run(t, dataDir, nil, "gzip", "-c", "ascii.txt").stdout
	for _, env := range []string{"-q", "-v", "-qv", "-9", "--best", "--fast -n", "--rsyncable", "-N", "--no-name",
		"--", "-c", "--stdout", "-d", "-f", "--force", "-h", "-k", "-l", "-L", "-r", "-Sxxx", "--suffix=xxx",
		"--suffix xxx", "-t", "-V", "--version", "-x", "--bogus", "file", "-q file", "--verb", "--dec"} {
		ours, peer, _, _ := twin(t, func(string) {}, []string{"GZIP=" + env}, m, "gzip -d")
		sameAsGzip(t, "GZIP="+env, ours, peer)
	}
}

// TestGzipTimestampsLikeGzip: a time the gzip header cannot hold is a
// warning (exit 2) and stores no time; -n stores none without a warning.
func TestGzipTimestampsLikeGzip(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	for _, tc := range []struct {
		when time.Time
		args string
	}{
		{time.Date(1901, 1, 1, 0, 0, 0, 0, time.UTC), ""},
		{time.Unix(0, 0), ""},
		{time.Unix(1, 0), ""},
		{time.Unix(1<<32, 0), ""},
		{time.Unix(1<<32-1, 0), ""},
		{time.Date(1901, 1, 1, 0, 0, 0, 0, time.UTC), "-n"},
	} {
		// The exit status, the message and the header's time field.
		line := "gzip " + tc.args + " f; echo $?; od -An -tu4 -j4 -N4 f.gz"
		ours, peer, _, _ := twin(t, func(d string) {
			writeFile(t, filepath.Join(d, "f"), []byte("x\n"), 0o644)
			os.Chtimes(filepath.Join(d, "f"), tc.when, tc.when)
		}, nil, nil, line)
		sameAsGzip(t, line+" at "+tc.when.String(), ours, peer)
	}
}

// TestGzipInvokedAs: a link named gzip, gunzip, zcat, iconv or sha256sum
// runs that tool; messages and flag errors are gzip's, word for word.
func TestGzipInvokedAs(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	for _, line := range []string{"gzip -x", "gzip --bogus", "gzip -S", "gzip --suffix", "gunzip -x", "zcat --bogus",
		"gzip -c missing", "gzip -S '' -d f.gz", "gzip -dc f.gz", "echo hi | gzip -c | zcat", "gzip -Z",
		"gzip --li f.gz", "gzip --n f.gz", "gzip --dec --std f.gz", "gzip --to --decomp f.gz", "gzip --suf=.gz -d f", "gzip --std=x f.gz",
		"gzip -tqv f.gz", "gzip -tvq f.gz", "gzip -t -v --silent f.gz", "gzip -Nn -d f.gz && ls",
		"gzip -b 12 -c f.gz | gzip -dc | cmp - f.gz", "gzip -b x f.gz", "gzip --lzw f.gz", "gzip -H > /dev/null; echo $?", "gzip '-?'; echo $?"} {
		ours, peer, _, _ := twin(t, func(d string) {
			writeFile(t, filepath.Join(d, "f.gz"), run(t, dataDir, nil, "gzip", "-c", "ascii.txt").stdout, 0o644)
		}, nil, nil, line)
		sameAsGzip(t, line, ours, peer)
	}
	bin := gzipLinks(t)
	if r := run(t, dataDir, []byte("héllo\n"), filepath.Join(bin, "iconv"), "-f", "UTF-8", "-t", "UTF-16LE"); r.code != 0 || len(r.stdout) != 12 {
		t.Errorf("iconv link: exit %d, %q, %s", r.code, r.stdout, r.stderr)
	}
	if r := run(t, dataDir, []byte("abc"), filepath.Join(bin, "sha256sum")); r.code != 0 ||
		!strings.HasPrefix(string(r.stdout), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") {
		t.Errorf("sha256sum link: exit %d, %q, %s", r.code, r.stdout, r.stderr)
	}
}

// TestGzipVersionAndHelp: -V, --version, -L and --help print and exit 0,
// and exit 1 when standard output is a full device, as gzip does.
func TestGzipVersionAndHelp(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	bin := gzipLinks(t)
	for _, args := range []string{"-V", "--version", "-L", "--license", "--help", "-h"} {
		r := run(t, dataDir, nil, filepath.Join(bin, "gzip"), args)
		if r.code != 0 || len(r.stdout) == 0 || len(r.stderr) != 0 {
			t.Errorf("gzip %s: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
		if strings.HasPrefix(args, "-V") || args == "--version" {
			if first, _, _ := strings.Cut(string(r.stdout), "\n"); !strings.HasPrefix(first, "gzip (fastio) ") {
				t.Errorf("gzip %s: first line %q", args, first)
			}
		}
		ours := runWithEnv(t, dataDir, []string{"PATH=" + bin + ":" + os.Getenv("PATH")}, nil, "sh", "-c", "gzip "+args+" > /dev/full")
		peer := runWithEnv(t, dataDir, nil, nil, "sh", "-c", "gzip "+args+" > /dev/full")
		sameAsGzip(t, "gzip "+args+" > /dev/full", ours, peer)
	}
}

// TestGzipOptionsLikeGzip: --rsyncable, -a, --synchronous and --silent are
// taken as gzip takes them.
func TestGzipOptionsLikeGzip(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	for _, line := range []string{"gzip -a -c f | gzip -d", "gzip -aq -c f | gzip -d", "gzip --rsyncable -c f | gzip -d | wc -c",
		"gzip --synchronous f && gzip -d --silent f.gz && ls", "gzip --ascii -dc f.gz"} {
		ours, peer, _, _ := twin(t, func(d string) {
			writeFile(t, filepath.Join(d, "f"), readFile(t, filepath.Join(dataDir, "mixed.txt")), 0o644)
			writeFile(t, filepath.Join(d, "f.gz"), run(t, dataDir, nil, "gzip", "-c", "ascii.txt").stdout, 0o644)
		}, nil, nil, line)
		sameAsGzip(t, line, ours, peer)
	}
}

// TestGzipSizeChanged: a file that does not hold the size it said (a
// /proc file says 0) is compressed whole, with gzip's remark.
func TestGzipSizeChanged(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	bin := gzipLinks(t)
	ours := run(t, dataDir, nil, filepath.Join(bin, "gzip"), "-c", "/proc/self/status")
	peer := run(t, dataDir, nil, "gzip", "-c", "/proc/self/status")
	if ours.code != peer.code || string(ours.stderr) != string(peer.stderr) {
		t.Errorf("ours: exit %d, %q; gzip: exit %d, %q", ours.code, ours.stderr, peer.code, peer.stderr)
	}
	if back := run(t, dataDir, ours.stdout, "gzip", "-dc"); !strings.Contains(string(back.stdout), "Name:\tgzip") {
		t.Errorf("the compressed /proc/self/status: %q", back.stdout)
	}
}

// TestGzipFullDiskOnce: a full device is reported once, as gzip reports it.
func TestGzipFullDiskOnce(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	for _, line := range []string{"gzip -c ascii.txt > /dev/full", "gzip -c random.bin > /dev/full", "gzip -c random.bin | gzip -d > /dev/full"} {
		ours := runWithEnv(t, dataDir, []string{"PATH=" + gzipLinks(t) + ":" + os.Getenv("PATH")}, nil, "sh", "-c", line)
		peer := runWithEnv(t, dataDir, nil, nil, "sh", "-c", line)
		sameAsGzip(t, line, ours, peer)
		if n := strings.Count(string(ours.stderr), "No space left on device"); n != 1 {
			t.Errorf("%s: the error is printed %d times", line, n)
		}
	}
}

// zeros is an endless reader of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestGzipListBigLikeGzip: -l of a member of 4 GiB and more prints its
// whole size, as gzip 1.12 does (the trailer holds it modulo 4 GiB).
func TestGzipListBigLikeGzip(t *testing.T) {
	coretest.Peer(t, "gzip", "gzip")
	if testing.Short() {
		t.Skip("inflates 4 GiB twice")
	}
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, "big.gz"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(fastio, "gzip", "-1")
	cmd.Stdin = io.LimitReader(zeros{}, 1<<32+5)
	cmd.Stdout = out
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	out.Close()
	bin := gzipLinks(t)
	for _, args := range [][]string{{"-lv", "big.gz"}} { // -v: the CRC and time too
		ours := runWithEnv(t, dir, []string{"TZ=UTC0"}, nil, filepath.Join(bin, "gzip"), args...)
		peer := runWithEnv(t, dir, []string{"TZ=UTC0"}, nil, "gzip", args...)
		sameAsGzip(t, strings.Join(args, " "), ours, peer)
		if !strings.Contains(string(ours.stdout), " 4294967301 ") {
			t.Errorf("gzip %v: %q", args, ours.stdout)
		}
	}
}
