//go:build linux

package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// sameExactly checks that two runs agree byte for byte: exit status,
// standard output and the whole of the messages (program names aside).
func sameExactly(t *testing.T, ours, peer result) {
	t.Helper()
	same(t, ours, peer, "fastio gzip", "gzip")
	if o, p := ours.normStderr("fastio gzip"), peer.normStderr("gzip"); o != p {
		t.Errorf("messages differ\nours: %q\npeer: %q", o, p)
	}
}

// listInputs writes the files of the -l tests into dir, compressed by gzip
// itself so that both tools list the same bytes.
func listInputs(t *testing.T, dir string) {
	t.Helper()
	write := func(name string, b []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gz := func(args ...string) []byte {
		t.Helper()
		r := run(t, dataDir, nil, "gzip", append(args, "-c")...)
		if r.code != 0 {
			t.Fatalf("gzip %v: %s", args, r.stderr)
		}
		return r.stdout
	}
	a, m, e := gz("ascii.txt"), gz("-9", "mixed.txt"), gz("empty")
	write("ascii.txt.gz", a)
	write("mixed.txt.gz", m)
	write("empty.gz", e)
	write("noname.gz", gz("-n", "small.bin"))
	write("members.gz", append(append(slices.Clone(a), m...), e...)) // the last member's sizes are listed
	write("data.tgz", a)
	write("noext", a)
	write("plain.gz", []byte("not compressed\n"))
	write("short.gz", []byte{0x1f, 0x8b, 8, 0})
	write("one.gz", []byte{0x1f})
	write("zero.gz", nil)
	// A size field that is not the size of the data is a length error,
	// for -l too, which inflates the members.
	big := slices.Clone(a)
	binary.LittleEndian.PutUint32(big[len(big)-4:], 0xfffffff0)
	write("big.gz", big)
	wrapped := slices.Clone(a)
	binary.LittleEndian.PutUint32(wrapped[len(wrapped)-4:], 5)
	write("wrapped.gz", wrapped)
	method := slices.Clone(a)
	method[2] = 7
	write("method.gz", method)
	encrypted := slices.Clone(a)
	encrypted[3] |= 0x20
	write("encrypted.gz", encrypted)
	reserved := slices.Clone(a)
	reserved[3] |= 0xc0
	write("reserved.gz", reserved)
	// A header with a name and a comment before the data.
	fields := append([]byte{0x1f, 0x8b, 8, 0x08 | 0x10, 1, 2, 3, 4, 0, 3}, "stored.txt\x00a comment\x00"...)
	write("fields.gz", append(fields, a[10+len("ascii.txt")+1:]...))
	write("cutname.gz", fields[:14])
	write("cutcomment.gz", fields[:25])
	extra := append([]byte{0x1f, 0x8b, 8, 0x04, 0, 0, 0, 0, 0, 3, 9, 0}, "abc"...)
	write("cutextra.gz", extra)
	mt := time.Date(2021, 7, 8, 9, 10, 11, 0, time.UTC)
	for _, n := range []string{"ascii.txt.gz", "mixed.txt.gz", "members.gz"} {
		os.Chtimes(filepath.Join(dir, n), mt, mt)
	}
}

// TestGzipListLikeGzip: -l prints gzip's table byte for byte.
func TestGzipListLikeGzip(t *testing.T) {
	needPeers(t, "gzip")
	dir := t.TempDir()
	listInputs(t, dir)
	tests := [][]string{
		{"-l", "ascii.txt.gz"},
		{"-l", "ascii.txt.gz", "mixed.txt.gz", "empty.gz"},
		{"-l", "members.gz"},
		{"-lN", "members.gz"},
		{"-lv", "ascii.txt.gz", "mixed.txt.gz"},
		{"-lvN", "ascii.txt.gz", "noname.gz"},
		{"-lN", "noname.gz", "fields.gz"},
		{"-lv", "fields.gz"},
		{"-lq", "ascii.txt.gz", "mixed.txt.gz"},
		{"-lvq", "ascii.txt.gz"},
		{"-l", "data.tgz", "noext"},
		{"-l", "big.gz", "wrapped.gz"},
		{"--list", "--verbose", "big.gz"},
		{"-l", "empty.gz"},
		// Errors: the exit status is 1 and the other files are listed.
		{"-l", "plain.gz", "ascii.txt.gz"},
		{"-l", "short.gz"},
		{"-l", "one.gz"},
		{"-l", "zero.gz"},
		{"-l", "method.gz"},
		{"-l", "encrypted.gz"},
		{"-l", "reserved.gz"},
		{"-l", "cutextra.gz"},
		{"-l", "cutname.gz"},
		{"-l", "cutcomment.gz"},
		{"-l", "nofile.gz", "ascii.txt.gz"},
		{"-l", "/proc/self/mem"},
	}
	for _, args := range tests {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			ours := run(t, dir, nil, fastio, append([]string{"gzip"}, args...)...)
			peer := run(t, dir, nil, "gzip", args...)
			sameExactly(t, ours, peer)
		})
	}
	// From standard input: a file (its size and time are known) and a
	// pipe (read to its end; no time).
	for _, name := range []string{"ascii.txt.gz", "members.gz", "plain.gz"} {
		for _, args := range [][]string{{"-l"}, {"-lv"}, {"-lN"}} {
			t.Run("stdin "+strings.Join(args, " ")+" "+name, func(t *testing.T) {
				in := readFile(t, filepath.Join(dir, name))
				ours := run(t, dir, in, fastio, append([]string{"gzip"}, args...)...)
				peer := run(t, dir, in, "gzip", args...)
				sameExactly(t, ours, peer)
				f, err := os.Open(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				ours = runStdin(t, dir, f, fastio, append([]string{"gzip"}, args...)...)
				f.Seek(0, 0)
				peer = runStdin(t, dir, f, "gzip", args...)
				sameExactly(t, ours, peer)
			})
		}
	}
	// --list is for gzip streams.
	if r := run(t, dir, nil, fastio, "zlib", "-l", "ascii.txt.gz"); r.code != 1 || !strings.Contains(string(r.stderr), "--list") {
		t.Errorf("zlib -l: exit %d %q", r.code, r.stderr)
	}
}

// TestGzipVerboseLikeGzip: -v's lines on standard error.
func TestGzipVerboseLikeGzip(t *testing.T) {
	needPeers(t, "gzip")
	dir := t.TempDir()
	listInputs(t, dir)
	gzipBad(t, dir)
	// Decompressing and testing read the same bytes: every byte agrees.
	tests := [][]string{
		{"-dcv", "ascii.txt.gz"},
		{"-dcv", "members.gz", "mixed.txt.gz"},
		{"-tv", "ascii.txt.gz", "members.gz"},
		{"-tv", "truncated.gz"},
		{"-tv", "crc.gz"},
		{"-tv", "plain.gz"},
		{"-dcvk", "ascii.txt.gz"},
		{"-tvq", "ascii.txt.gz"},
		{"-dcv", "fields.gz"},
	}
	for _, args := range tests {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			ours := run(t, dir, nil, fastio, append([]string{"gzip"}, args...)...)
			peer := run(t, dir, nil, "gzip", args...)
			sameExactly(t, ours, peer)
		})
	}
	for _, args := range [][]string{{"-dv"}, {"-tv"}} {
		in := readFile(t, filepath.Join(dir, "ascii.txt.gz"))
		ours := run(t, dir, in, fastio, append([]string{"gzip"}, args...)...)
		peer := run(t, dir, in, "gzip", args...)
		sameExactly(t, ours, peer)
	}
	// Decompressing files in place, with and without -k.
	for _, k := range []string{"-dv", "-dvk"} {
		a, b := t.TempDir(), t.TempDir()
		for _, d := range []string{a, b} {
			os.WriteFile(filepath.Join(d, "x.gz"), readFile(t, filepath.Join(dir, "mixed.txt.gz")), 0o644)
		}
		ours := run(t, a, nil, fastio, "gzip", k, "x.gz")
		peer := run(t, b, nil, "gzip", k, "x.gz")
		sameExactly(t, ours, peer)
	}
	// Compressing: the sizes are ours, so the ratio is checked against the
	// output's actual size and the rest of the line against gzip's.
	line := regexp.MustCompile(`^(.*):\t( *-?[0-9]+\.[0-9])% -- (replaced with|created) (.*)\n$`)
	for _, args := range [][]string{{"-v", "in.txt"}, {"-kv", "in.txt"}, {"-cv", "in.txt"}, {"-v"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			a, b := t.TempDir(), t.TempDir()
			text := readFile(t, filepath.Join(dataDir, "ascii.txt"))
			for _, d := range []string{a, b} {
				os.WriteFile(filepath.Join(d, "in.txt"), text, 0o644)
			}
			var stdin []byte
			if len(args) == 1 {
				stdin = text
			}
			ours := run(t, a, stdin, fastio, append([]string{"gzip"}, args...)...)
			peer := run(t, b, stdin, "gzip", args...)
			if ours.code != 0 || peer.code != 0 {
				t.Fatalf("exit %d and gzip %d: %s %s", ours.code, peer.code, ours.stderr, peer.stderr)
			}
			out := ours.stdout
			if len(out) == 0 {
				out = readFile(t, filepath.Join(a, "in.txt.gz"))
			}
			want := 100 * (float64(len(text)) - float64(len(out)-(10+8+len("in.txt")+1))) / float64(len(text))
			if stdin != nil {
				// No name in the header, and gzip writes only the ratio.
				want = 100 * (float64(len(text)) - float64(len(out)-18)) / float64(len(text))
				if got, w := string(ours.stderr), ratioString(want)+"%\n"; got != w || !regexp.MustCompile(`^ *-?[0-9.]+%\n$`).Match(peer.stderr) {
					t.Errorf("stdin -v: %q, want %q (gzip: %q)", got, w, peer.stderr)
				}
				return
			}
			om, pm := line.FindStringSubmatch(string(ours.stderr)), line.FindStringSubmatch(string(peer.stderr))
			if om == nil || pm == nil {
				t.Fatalf("-v lines %q and gzip's %q", ours.stderr, peer.stderr)
			}
			if om[1] != pm[1] || om[3] != pm[3] || om[4] != pm[4] || om[2] != ratioString(want) {
				t.Errorf("-v line %q, gzip's %q; ratio want %q", ours.stderr, peer.stderr, ratioString(want))
			}
		})
	}
}

// ratioString is gzip's "%5.1f" of a ratio.
func ratioString(v float64) string { return fmt.Sprintf("%5.1f", v) }

// runStdin runs a command with an open file as its standard input (a
// regular file, which gzip can seek and stat, where run gives a pipe).
func runStdin(t *testing.T, dir string, stdin *os.File, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdin = stdin
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("%s %v did not run", name, args)
	}
	return result{stdout: out.Bytes(), stderr: errb.Bytes(), code: cmd.ProcessState.ExitCode()}
}

// twoDirs returns two fresh directories holding the same files, for runs
// of fastio and gzip that change them.
func twoDirs(t *testing.T, files map[string][]byte, mtime time.Time) (string, string) {
	t.Helper()
	a, b := t.TempDir(), t.TempDir()
	for _, d := range []string{a, b} {
		for name, body := range files {
			p := filepath.Join(d, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, body, 0o644); err != nil {
				t.Fatal(err)
			}
			os.Chtimes(p, mtime, mtime)
		}
	}
	return a, b
}

// tree describes a directory: each file's name, size when the file is
// not compressed (compressed sizes are the compressors' own) and time.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		info, _ := d.Info()
		line := rel + " " + info.Mode().String()
		if !strings.HasSuffix(rel, ".gz") && info.Mode().IsRegular() {
			line += fmt.Sprintf(" %d", info.Size())
		}
		if info.Mode().IsRegular() {
			line += " " + info.ModTime().UTC().Format(time.RFC3339)
		}
		out = append(out, line)
		return nil
	})
	return out
}

// TestGzipNameLikeGzip: -N and -n, and what gzip stores and restores by
// default (the name and time when compressing; neither when
// decompressing).
func TestGzipNameLikeGzip(t *testing.T) {
	needPeers(t, "gzip")
	old := time.Date(2019, 4, 5, 6, 7, 8, 0, time.UTC)
	text := readFile(t, filepath.Join(dataDir, "ascii.txt"))
	// The header fields: flags, time, and the name.
	for _, args := range [][]string{{"-c"}, {"-cn"}, {"-cN"}, {"-cnN"}} {
		a, _ := twoDirs(t, map[string][]byte{"orig.txt": text}, old)
		ours := run(t, a, nil, fastio, append([]string{"gzip"}, append(args, "orig.txt")...)...)
		peer := run(t, a, nil, "gzip", append(args, "orig.txt")...)
		if ours.code != 0 || peer.code != 0 {
			t.Fatalf("%v: %s %s", args, ours.stderr, peer.stderr)
		}
		oh, ph := gzipHeaderOf(t, ours.stdout), gzipHeaderOf(t, peer.stdout)
		if oh != ph {
			t.Errorf("gzip %v: header %s, gzip's %s", args, oh, ph)
		}
	}
	// From standard input: a regular file gives its time, a pipe none.
	f, err := os.Open(filepath.Join(dataDir, "ascii.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	os.Chtimes(filepath.Join(dataDir, "ascii.txt"), old, old)
	for _, args := range [][]string{{}, {"-n"}} {
		f.Seek(0, 0)
		ours := runStdin(t, dataDir, f, fastio, append([]string{"gzip"}, args...)...)
		f.Seek(0, 0)
		peer := runStdin(t, dataDir, f, "gzip", args...)
		if oh, ph := gzipHeaderOf(t, ours.stdout), gzipHeaderOf(t, peer.stdout); oh != ph {
			t.Errorf("gzip %v < file: header %s, gzip's %s", args, oh, ph)
		}
		ours, peer = run(t, dataDir, text, fastio, append([]string{"gzip"}, args...)...), run(t, dataDir, text, "gzip", args...)
		if oh, ph := gzipHeaderOf(t, ours.stdout), gzipHeaderOf(t, peer.stdout); oh != ph {
			t.Errorf("gzip %v < pipe: header %s, gzip's %s", args, oh, ph)
		}
	}

	// Decompressing a renamed file: by default the output is named after
	// the input and has its time; -N takes both from the header.
	named := run(t, dataDir, nil, "gzip", "-c", "ascii.txt").stdout // name ascii.txt, time old
	unnamed := run(t, dataDir, nil, "gzip", "-cn", "ascii.txt").stdout
	newer := time.Date(2022, 2, 3, 4, 5, 6, 0, time.UTC)
	withDir := append(slices.Clone(named[:10]), "some/dir/inner.txt\x00"...) // a stored name with folders: its base is used
	withDir = append(withDir, named[10+len("ascii.txt")+1:]...)
	for _, args := range [][]string{{"-d"}, {"-dN"}, {"-dn"}, {"-dNv"}, {"-dNk"}} {
		for _, tc := range []struct {
			name string
			gz   []byte
		}{{"renamed.gz", named}, {"bare.gz", unnamed}, {"withdir.gz", withDir}} {
			t.Run(strings.Join(args, " ")+" "+tc.name, func(t *testing.T) {
				a, b := twoDirs(t, map[string][]byte{"sub/" + tc.name: tc.gz}, newer)
				ours := run(t, a, nil, fastio, append([]string{"gzip"}, append(args, "sub/"+tc.name)...)...)
				peer := run(t, b, nil, "gzip", append(args, "sub/"+tc.name)...)
				sameExactly(t, ours, peer)
				if o, p := tree(t, a), tree(t, b); !slices.Equal(o, p) {
					t.Errorf("files\n%q\ngzip's\n%q", o, p)
				}
			})
		}
	}
	// -N does not overwrite: the header's name exists already.
	a, b := twoDirs(t, map[string][]byte{"renamed.gz": named, "ascii.txt": []byte("keep me\n")}, newer)
	ours := run(t, a, nil, fastio, "gzip", "-dN", "renamed.gz")
	peer := run(t, b, nil, "gzip", "-dN", "renamed.gz")
	same(t, ours, peer, "fastio gzip", "gzip")
	if o, p := tree(t, a), tree(t, b); !slices.Equal(o, p) {
		t.Errorf("files\n%q\ngzip's\n%q", o, p)
	}
}

// gzipHeaderOf describes the fields of a gzip header that the flags set:
// flags, time and name (the other bytes, XFL and OS, are the compressor's).
func gzipHeaderOf(t *testing.T, gz []byte) string {
	t.Helper()
	if len(gz) < 10 || gz[0] != 0x1f || gz[1] != 0x8b {
		t.Fatalf("not a gzip stream: %q", gz)
	}
	s := fmt.Sprintf("flags %#x mtime %d", gz[3], binary.LittleEndian.Uint32(gz[4:8]))
	if gz[3]&0x08 != 0 {
		end := bytes.IndexByte(gz[10:], 0)
		s += fmt.Sprintf(" name %q", gz[10:10+end])
	}
	return s
}

// TestGzipRecursiveLikeGzip: -r over a tree, in each mode, against gzip on
// a copy of the same tree (both list the directories in the same order).
func TestGzipRecursiveLikeGzip(t *testing.T) {
	needPeers(t, "gzip")
	when := time.Date(2018, 8, 9, 10, 11, 12, 0, time.UTC)
	text := readFile(t, filepath.Join(dataDir, "small.txt"))
	gz := run(t, dataDir, nil, "gzip", "-c", "small.txt").stdout
	files := map[string][]byte{
		"d/a.txt":         text,
		"d/b.gz":          gz,
		"d/c.tgz":         gz,
		"d/sub/e.txt":     text,
		"d/sub/f.txt.gz":  gz,
		"d/sub/deep/g":    text,
		"d/sub/deep/h.gz": gz,
	}
	for _, args := range [][]string{
		{"-r", "d"}, {"-rv", "d"}, {"-rk", "d"}, {"-rq", "d"}, {"-rf", "d"},
		{"-dr", "d"}, {"-drv", "d"}, {"-drk", "d/sub"},
		{"-tr", "d"}, {"-trv", "d"}, {"-lr", "d"}, {"-lrv", "d/sub", "d/b.gz"},
		{"-rc", "d/sub"}, {"-drc", "d/sub"}, {"-rcv", "d/sub"},
		{"-r", "d/"}, {"-r", "./d/sub"},
		{"d"}, {"-d", "d"}, {"-t", "d/a.txt"},
		{"-r", "nofile"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			a, b := twoDirs(t, files, when)
			ours := run(t, a, nil, fastio, append([]string{"gzip"}, args...)...)
			peer := run(t, b, nil, "gzip", args...)
			if ours.code != peer.code {
				t.Errorf("exit %d, gzip %d\n%s\n%s", ours.code, peer.code, ours.stderr, peer.stderr)
			}
			if o, p := tree(t, a), tree(t, b); !slices.Equal(o, p) {
				t.Errorf("files\n%q\ngzip's\n%q", o, p)
			}
			// Compressing writes our sizes and ratios; everything else
			// agrees byte for byte.
			compressing := !slices.ContainsFunc(args, func(s string) bool { return strings.HasPrefix(s, "-") && strings.ContainsAny(s, "dtl") })
			ratioRE := regexp.MustCompile(`\t *-?[0-9]+\.[0-9]%`)
			o, p := ours.normStderr("fastio gzip"), peer.normStderr("gzip")
			if compressing {
				o, p = ratioRE.ReplaceAllString(o, "\tRATIO"), ratioRE.ReplaceAllString(p, "\tRATIO")
			} else if !bytes.Equal(ours.stdout, peer.stdout) {
				t.Errorf("output differs\nours: %.300q\npeer: %.300q", ours.stdout, peer.stdout)
			}
			if o != p {
				t.Errorf("messages\nours: %q\npeer: %q", o, p)
			}
		})
	}
}

// TestGzipSymlinks: a symbolic link is refused unless -f, -c, -t or -l, as
// in gzip.
func TestGzipSymlinks(t *testing.T) {
	needPeers(t, "gzip")
	text := readFile(t, filepath.Join(dataDir, "small.txt"))
	gz := run(t, dataDir, nil, "gzip", "-c", "small.txt").stdout
	for _, args := range [][]string{{"link"}, {"-f", "link"}, {"-c", "link"}, {"-d", "link.gz"}, {"-dc", "link.gz"}, {"-t", "link.gz"}, {"-l", "link.gz"}, {"-df", "link.gz"}, {"-r", "dir"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			a, b := twoDirs(t, map[string][]byte{"target.txt": text, "target.gz": gz, "dir/x": text}, time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC))
			for _, d := range []string{a, b} {
				os.Symlink("target.txt", filepath.Join(d, "link"))
				os.Symlink("target.gz", filepath.Join(d, "link.gz"))
				os.Symlink("../target.txt", filepath.Join(d, "dir", "l"))
			}
			ours := run(t, a, nil, fastio, append([]string{"gzip"}, args...)...)
			peer := run(t, b, nil, "gzip", args...)
			if args[0] == "-c" {
				// Our compressed bytes: the same header, the same text.
				if gzipHeaderOf(t, ours.stdout) != gzipHeaderOf(t, peer.stdout) {
					t.Errorf("header %s, gzip's %s", gzipHeaderOf(t, ours.stdout), gzipHeaderOf(t, peer.stdout))
				}
				ours.stdout = run(t, a, ours.stdout, "gzip", "-dc").stdout
				peer.stdout = run(t, b, peer.stdout, "gzip", "-dc").stdout
			}
			same(t, ours, peer, "fastio gzip", "gzip")
			if o, p := tree(t, a), tree(t, b); !slices.Equal(o, p) {
				t.Errorf("files\n%q\ngzip's\n%q", o, p)
			}
		})
	}
}
