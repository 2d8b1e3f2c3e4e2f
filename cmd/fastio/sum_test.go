//go:build linux

package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

// sumDir is a directory of files whose names need escaping or quoting.
func sumDir(t *testing.T) string {
	dir := tempCopy(t, "empty", "ascii.txt", "random.bin", "small.bin", "one")
	for name, data := range map[string]string{"back\\slash": "b", "new\nline": "n", "car\rret": "r", "sp ace": "s", "quo'te": "q"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSumLikeCoreutils(t *testing.T) {
	needPeers(t, "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum")
	dir := sumDir(t)
	files := []string{"empty", "ascii.txt", "random.bin", "small.bin", "back\\slash", "new\nline", "car\rret", "sp ace"}
	tests := []struct {
		name string
		args []string
	}{
		{"plain", files},
		{"tag", append([]string{"--tag"}, files...)},
		{"zero", append([]string{"-z"}, files...)},
		{"zero-tag", append([]string{"-z", "--tag"}, files...)},
		{"binary", append([]string{"-b"}, files...)},
		{"stdin", nil},
		{"dash", []string{"-", "one"}},
		{"missing", []string{"one", "nofile", "ascii.txt"}},
		{"directory", []string{"adir", "one"}},
		{"quoted-missing", []string{"no such", "it's"}},
		{"unreadable", []string{unreadable(t)}},
	}
	for _, algo := range []string{"sha1", "sha224", "sha256", "sha384", "sha512"} {
		for _, tc := range tests {
			t.Run(algo+"/"+tc.name, func(t *testing.T) {
				stdin := []byte("standard input\n")
				ours := run(t, dir, stdin, fastio, append([]string{"sum", "-a", algo}, tc.args...)...)
				peer := run(t, dir, stdin, algo+"sum", tc.args...)
				same(t, ours, peer, "fastio sum", algo+"sum")
				if got, want := ours.normStderr("fastio sum"), peer.normStderr(algo+"sum"); got != want {
					t.Errorf("messages\nours: %q\npeer: %q", got, want)
				}
			})
		}
	}
}

func TestSumSHA512_256(t *testing.T) {
	dir := sumDir(t)
	r := run(t, dir, nil, fastio, "sum", "-a", "sha512-256", "random.bin", "--tag")
	s := sha512.Sum512_256(readFile(t, filepath.Join(dir, "random.bin")))
	want := "SHA512-256 (random.bin) = " + hex.EncodeToString(s[:]) + "\n"
	if string(r.stdout) != want || r.code != 0 {
		t.Errorf("got %q (exit %d), want %q", r.stdout, r.code, want)
	}
	chk := run(t, dir, r.stdout, fastio, "sum", "-a", "sha512-256", "-c")
	if string(chk.stdout) != "random.bin: OK\n" || chk.code != 0 {
		t.Errorf("check: %q %q exit %d", chk.stdout, chk.stderr, chk.code)
	}
}

func TestSumCheckLikeCoreutils(t *testing.T) {
	needPeers(t, "sha256sum")
	dir := sumDir(t)
	// A checksum file with every kind of line: good, escaped, tagged, BSD
	// tag without space, upper-case hex, a mismatch, missing files, comments,
	// blank and CRLF lines, garbage, a wrong algorithm's tag.
	good := run(t, dir, nil, "sha256sum", "ascii.txt", "new\nline", "back\\slash", "empty")
	tagged := run(t, dir, nil, "sha256sum", "--tag", "small.bin", "sp ace")
	sums := string(good.stdout) + string(tagged.stdout) +
		"SHA256(one)= 2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881\n" +
		strings.ToUpper("2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881") + "  one\r\n" +
		"0000000000000000000000000000000000000000000000000000000000000000  random.bin\n" +
		"# a comment\n\n" +
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  missing-file\n" +
		"not a checksum line\n" +
		"SHA512 (one) = 2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881\n" +
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  adir\n"
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("SUMS", sums)
	write("GOOD", string(good.stdout))
	write("GARBAGE", "junk\nmore junk\n")
	write("MISSING", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  gone\n")
	write("BSD", "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881 one\n"+
		"2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881 *one\n")
	write("NOEOL", strings.TrimSuffix(string(good.stdout), "\n"))
	tests := []struct {
		name  string
		args  []string
		stdin string
	}{
		{"all", []string{"SUMS"}, ""},
		{"quiet", []string{"--quiet", "SUMS"}, ""},
		{"status", []string{"--status", "SUMS"}, ""},
		{"warn", []string{"-w", "SUMS"}, ""},
		{"strict", []string{"--strict", "GOOD"}, ""},
		{"strict-bad", []string{"--strict", "SUMS"}, ""},
		{"ignore-missing", []string{"--ignore-missing", "SUMS"}, ""},
		{"ignore-missing-none", []string{"--ignore-missing", "MISSING"}, ""},
		{"good", []string{"GOOD"}, ""},
		{"good-quiet", []string{"--quiet", "GOOD"}, ""},
		{"garbage", []string{"GARBAGE"}, ""},
		{"garbage-warn", []string{"-w", "GARBAGE"}, ""},
		{"bsd-reversed", []string{"BSD"}, ""},
		{"no-final-newline", []string{"NOEOL"}, ""},
		{"two-files", []string{"GOOD", "MISSING"}, ""},
		{"stdin", nil, string(good.stdout)},
		{"stdin-dash", []string{"-"}, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  -\n"},
		{"missing-sumfile", []string{"NOSUMS"}, ""},
		{"directory-sumfile", []string{"adir"}, ""},
		{"all-flags", []string{"-w", "--strict", "--quiet", "--ignore-missing", "SUMS"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdin []byte
			if tc.stdin != "" {
				stdin = []byte(tc.stdin)
			}
			ours := run(t, dir, stdin, fastio, append([]string{"sum", "-c"}, tc.args...)...)
			peer := run(t, dir, stdin, "sha256sum", append([]string{"-c"}, tc.args...)...)
			same(t, ours, peer, "fastio sum", "sha256sum")
			if got, want := ours.normStderr("fastio sum"), peer.normStderr("sha256sum"); got != want {
				t.Errorf("messages\nours: %q\npeer: %q", got, want)
			}
		})
	}
}

// TestSumAsSymlink runs the binary through a link named sha256sum: it must
// then be sha256sum, messages included.
func TestSumAsSymlink(t *testing.T) {
	needPeers(t, "sha256sum", "sha512sum")
	dir := sumDir(t)
	bin := t.TempDir()
	for _, name := range []string{"sha256sum", "sha512sum"} {
		link := filepath.Join(bin, name)
		if err := os.Symlink(fastio, link); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"ascii.txt", "one"}, {"nofile"}, {"--tag", "random.bin"}} {
			ours := run(t, dir, nil, link, args...)
			peer := run(t, dir, nil, name, args...)
			same(t, ours, peer, name, name)
			if string(ours.stderr) != string(peer.stderr) {
				t.Errorf("%s %q messages\nours: %q\npeer: %q", name, args, ours.stderr, peer.stderr)
			}
		}
	}
}

func TestSumHMAC(t *testing.T) {
	dir := sumDir(t)
	key := []byte("a key\x00with a NUL and more than nothing")
	if err := os.WriteFile(filepath.Join(dir, "key"), key, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		algo string
		want func(data []byte) string
	}{
		{"sha256", func(d []byte) string {
			m := hmac.New(sha256.New, key)
			m.Write(d)
			return hex.EncodeToString(m.Sum(nil))
		}},
		{"sha512", func(d []byte) string {
			m := hmac.New(sha512.New, key)
			m.Write(d)
			return hex.EncodeToString(m.Sum(nil))
		}},
	} {
		r := run(t, dir, nil, fastio, "sum", "-a", tc.algo, "--hmac", "key", "random.bin", "empty")
		want := tc.want(readFile(t, filepath.Join(dir, "random.bin"))) + "  random.bin\n" + tc.want(nil) + "  empty\n"
		if string(r.stdout) != want || r.code != 0 {
			t.Errorf("%s: got %q (exit %d, %s), want %q", tc.algo, r.stdout, r.code, r.stderr, want)
		}
		chk := run(t, dir, r.stdout, fastio, "sum", "-a", tc.algo, "--hmac", "key", "-c", "--quiet")
		if chk.code != 0 || len(chk.stdout) != 0 {
			t.Errorf("%s check: %q %q exit %d", tc.algo, chk.stdout, chk.stderr, chk.code)
		}
	}
	r := run(t, dir, nil, fastio, "sum", "--hmac", "nokey", "one")
	if r.code != 1 || !strings.Contains(string(r.stderr), "nokey: No such file or directory") {
		t.Errorf("missing key file: exit %d, %q", r.code, r.stderr)
	}
}

func TestSumBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{"sum", "-a", "md5", "x"},
		{"sum", "--status", "x"},
		{"sum", "-c", "--tag", "x"},
		{"sum", "--no-such-flag"},
	} {
		r := run(t, dataDir, nil, fastio, args...)
		if r.code != 1 || len(r.stderr) == 0 || len(r.stdout) != 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
}

func TestSumFullDisk(t *testing.T) {
	needPeers(t, "sh", "sha256sum")
	ours := run(t, dataDir, nil, "sh", "-c", fastio+" sum one ascii.txt > /dev/full")
	peer := run(t, dataDir, nil, "sh", "-c", "sha256sum one ascii.txt > /dev/full")
	same(t, ours, peer, "fastio sum", "sha256sum")
}

// TestSumCheckHugeLine: a checksum file line without end is read through
// without keeping it, and counted as improperly formatted.
func TestSumCheckHugeLine(t *testing.T) {
	dir := sumDir(t)
	good := run(t, dir, nil, fastio, "sum", "one").stdout
	huge := append(append([]byte(nil), good...), strings.Repeat("x", 8<<20)...)
	huge = append(huge, "\n"...)
	huge = append(huge, good...)
	r := run(t, dir, huge, fastio, "sum", "-c", "-w")
	if r.code != 0 || strings.Count(string(r.stdout), "one: OK") != 2 || !strings.Contains(string(r.stderr), "-: 2: improperly formatted") && !strings.Contains(string(r.stderr), "'standard input': 2: improperly formatted") {
		t.Errorf("exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	if rss := r.rusage.Maxrss << 10; rss > 48<<20 {
		t.Errorf("peak RSS %d MiB for an 8 MiB line", rss>>20)
	}
}

// TestSumUsageLikeCoreutils gives the options that do not go together, in
// several orders, and unknown options to the binary linked as sha256sum
// and to sha256sum: the same message (coreutils checks them in a fixed
// order, and --tag, -b and -t in the order given), the same exit status and
// output. Through "fastio sum" the messages start with "fastio sum:".
func TestSumUsageLikeCoreutils(t *testing.T) {
	coretest.Peer(t, "sha256sum", "coreutils")
	peer := "sha256sum" // run by name: its messages start with argv[0]
	dir := sumDir(t)
	os.WriteFile(filepath.Join(dir, "SUMS"), run(t, dir, nil, peer, "one").stdout, 0o644)
	link := filepath.Join(t.TempDir(), "sha256sum")
	if err := os.Symlink(fastio, link); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--tag", "--text", "one"},
		{"--tag", "-t", "one"},
		{"--text", "--tag", "one"},
		{"--tag", "-b", "one"},
		{"-b", "-t", "one"},
		{"-t", "-b", "one"},
		{"--quiet", "one"},
		{"--status", "one"},
		{"--strict", "one"},
		{"-w", "one"},
		{"--ignore-missing", "one"},
		{"--status", "--quiet", "one"},
		{"--quiet", "--status", "one"},
		{"--quiet", "--strict", "one"},
		{"--ignore-missing", "--status", "one"},
		{"--tag", "--text", "--quiet", "one"},
		{"-c", "-z", "SUMS"},
		{"-z", "-c", "SUMS"},
		{"-c", "--tag", "-z", "SUMS"},
		{"-c", "--tag", "SUMS"},
		{"-c", "-t", "--tag", "SUMS"},
		{"-c", "-b", "SUMS"},
		{"-c", "-t", "SUMS"},
		{"-c", "--quiet", "SUMS"},
		{"--no-such-option", "one"},
		{"-Q", "one"},
		{"-bQ", "one"},
		{"--tag=yes", "one"},
	} {
		ours := run(t, dir, nil, link, args...)
		want := run(t, dir, nil, peer, args...)
		if ours.code != want.code || string(ours.stdout) != string(want.stdout) || string(ours.stderr) != string(want.stderr) {
			t.Errorf("sha256sum %q\nours: exit %d %q %q\npeer: exit %d %q %q", args, ours.code, ours.stdout, ours.stderr, want.code, want.stdout, want.stderr)
		}
		sub := run(t, dir, nil, fastio, append([]string{"sum"}, args...)...)
		if wantMsg := strings.ReplaceAll(string(want.stderr), "sha256sum", "fastio sum"); sub.code != want.code || string(sub.stderr) != wantMsg {
			t.Errorf("fastio sum %q: exit %d %q, want exit %d %q", args, sub.code, sub.stderr, want.code, wantMsg)
		}
	}
	// --version: exit 0 and a first line "NAME (PACKAGE) VERSION".
	shape := regexp.MustCompile(`^sha256sum \(.+\) \S+$`)
	for _, bin := range []string{link, peer} {
		r := run(t, dir, nil, bin, "--version")
		first, _, _ := strings.Cut(string(r.stdout), "\n")
		if r.code != 0 || !shape.MatchString(first) {
			t.Errorf("%s --version: exit %d, first line %q", bin, r.code, first)
		}
	}
	// To a full device: exit 1 with "write error".
	ours := run(t, dir, nil, "sh", "-c", link+" --version > /dev/full")
	want := run(t, dir, nil, "sh", "-c", peer+" --version > /dev/full")
	if ours.code != want.code || string(ours.stderr) != string(want.stderr) {
		t.Errorf("--version > /dev/full: exit %d %q, sha256sum: exit %d %q", ours.code, ours.stderr, want.code, want.stderr)
	}
}
