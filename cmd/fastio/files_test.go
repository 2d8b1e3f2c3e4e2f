//go:build linux

package main

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

// The tests of this file check that no subcommand harms a file: its own
// input, a device node or FIFO, an owner, a mode or a link.

// selfInputs are the subcommands that read named files and write standard
// output, with an input of the kind each reads.
func selfInputs(t *testing.T) []struct {
	name  string
	args  []string
	input []byte
	msg   string // the message for an input u that is the output, PROG for the program
} {
	return []struct {
		name  string
		args  []string
		input []byte
		msg   string
	}{
		{"conv", []string{"conv", "-f", "UTF-8", "-t", "UTF-16LE"}, []byte(strings.Repeat("some text\n", 100)), "PROG: input file `FILE' is output file"},
		{"rec dump", []string{"rec", "dump"}, recStream(t), "PROG: FILE: input file is output file"},
		{"rec encode", []string{"rec", "encode"}, []byte(strings.Repeat(`[{"id":1,"kind":"int","value":7}]`+"\n", 100)), "PROG: FILE: input file is output file"},
	}
}

// TestSelfInputRefused gives each subcommand a file that is also its
// standard output, appended to (u >> u) or at offset 0 (u 1<>u): it must
// refuse the file as cat does, with exit status 1, and leave it unchanged,
// rather than reading back its own output until the disk is full. (The
// file size limit of the shell stops a runaway early.) An empty input is
// not refused, as by cat.
func TestSelfInputRefused(t *testing.T) {
	cat := coretest.Peer(t, "cat", "coreutils")
	sh := coretest.Peer(t, "sh", "dash")
	for _, tc := range selfInputs(t) {
		prog := "fastio " + tc.name
		for _, redir := range []struct{ how, file string }{
			{"u >> u", "u"},
			{"< u >> u", "-"},
			{"u 1<> u", "u"},
		} {
			t.Run(tc.name+" "+redir.how, func(t *testing.T) {
				dir := t.TempDir()
				u := filepath.Join(dir, "u")
				if err := os.WriteFile(u, tc.input, 0o644); err != nil {
					t.Fatal(err)
				}
				peer := run(t, dir, nil, sh, "-c", "ulimit -f 4096; "+cat+" "+redir.how)
				if !bytes.Equal(readFile(t, u), tc.input) {
					t.Fatal("cat changed the file: the case does not test what it should")
				}
				ours := run(t, dir, nil, sh, "-c", "ulimit -f 4096; "+fastio+" "+strings.Join(tc.args, " ")+" "+redir.how)
				if ours.code != peer.code {
					t.Errorf("exit status %d, cat exits %d (%s)", ours.code, peer.code, ours.stderr)
				}
				want := strings.NewReplacer("PROG", prog, "FILE", redir.file).Replace(tc.msg) + "\n"
				if string(ours.stderr) != want {
					t.Errorf("message %q, want %q (cat: %q)", ours.stderr, want, peer.stderr)
				}
				if got := readFile(t, u); !bytes.Equal(got, tc.input) {
					t.Errorf("the input is harmed: %d bytes, was %d", len(got), len(tc.input))
				}
			})
		}
		t.Run(tc.name+" empty >> empty", func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "e"), nil, 0o644)
			ours := run(t, dir, nil, sh, "-c", fastio+" "+strings.Join(tc.args, " ")+" e >> e")
			peer := run(t, dir, nil, sh, "-c", cat+" e >> e")
			if ours.code != peer.code || peer.code != 0 {
				t.Errorf("exit status %d, cat %d: %s", ours.code, peer.code, ours.stderr)
			}
		})
	}
	// The other inputs are converted: the refused one sets the status.
	t.Run("conv a u b >> u", func(t *testing.T) {
		dir := t.TempDir()
		for _, n := range []string{"a", "u", "b"} {
			os.WriteFile(filepath.Join(dir, n), []byte(n+" text\n"), 0o644)
		}
		ours := run(t, dir, nil, sh, "-c", "ulimit -f 4096; "+fastio+" conv -f UTF-8 -t UTF-16LE a u b >> u")
		if ours.code != 1 {
			t.Errorf("exit status %d, want 1", ours.code)
		}
		want := "u text\na\x00 \x00t\x00e\x00x\x00t\x00\n\x00b\x00 \x00t\x00e\x00x\x00t\x00\n\x00"
		if got := string(readFile(t, filepath.Join(dir, "u"))); got != want {
			t.Errorf("u holds %q, want %q", got, want)
		}
	})
}

// outputCommands are the subcommands with -o, each with an input and the
// output that input gives.
var outputCommands = []struct {
	name      string
	args      []string
	in, out   string
	iconvArgs []string // the same job for iconv, or none
}{
	{"conv", []string{"conv", "-f", "UTF-8", "-t", "UTF-16LE"}, "héllo\n", "h\x00\xe9\x00l\x00l\x00o\x00\n\x00", []string{"-f", "UTF-8", "-t", "UTF-16LE"}},
	{"rec encode", []string{"rec", "encode"}, `[{"id":1,"kind":"int","value":42}]` + "\n", "\x03\x00\x01\x2a", nil},
}

// TestOutputIntoNode writes -o into a FIFO (and, as root, a character
// device made for the test): the output goes into it and the node stays,
// never replaced by a regular file.
func TestOutputIntoNode(t *testing.T) {
	for _, tc := range outputCommands {
		t.Run(tc.name+" fifo", func(t *testing.T) {
			dir := t.TempDir()
			node := filepath.Join(dir, "node")
			if err := syscall.Mkfifo(node, 0o644); err != nil {
				t.Fatal(err)
			}
			// Held open for reading and writing, the FIFO takes the
			// output without blocking the command's open.
			f, err := os.OpenFile(node, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r := run(t, dir, []byte(tc.in), fastio, append(tc.args, "-o", "node")...)
			if r.code != 0 {
				t.Fatalf("exit status %d: %s", r.code, r.stderr)
			}
			if st, err := os.Lstat(node); err != nil || st.Mode()&fs.ModeNamedPipe == 0 {
				t.Fatalf("the FIFO is gone: %v %v", st.Mode(), err)
			}
			if got := readPipeNow(t, f); got != tc.out {
				t.Errorf("the FIFO got %q, want %q", got, tc.out)
			}
		})
		t.Run(tc.name+" chardev", func(t *testing.T) {
			if os.Geteuid() != 0 {
				t.Skip("making a device node needs root")
			}
			dir := t.TempDir()
			node := filepath.Join(dir, "null")
			if err := syscall.Mknod(node, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
				t.Skipf("mknod: %v", err)
			}
			r := run(t, dir, []byte(tc.in), fastio, append(tc.args, "-o", "null")...)
			if r.code != 0 {
				t.Fatalf("exit status %d: %s", r.code, r.stderr)
			}
			if st, err := os.Lstat(node); err != nil || st.Mode()&fs.ModeCharDevice == 0 {
				t.Fatalf("the device node is replaced: %v %v", st.Mode(), err)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 1 {
				t.Errorf("left behind: %v", ents)
			}
		})
	}
}

// readPipeNow returns what a FIFO holds now, without waiting for more.
func readPipeNow(t *testing.T, f *os.File) string {
	t.Helper()
	rc, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var got []byte
	rc.Read(func(fd uintptr) bool {
		buf := make([]byte, 64<<10)
		for {
			n, err := syscall.Read(int(fd), buf)
			if n <= 0 || err != nil {
				return true
			}
			got = append(got, buf[:n]...)
		}
	})
	return string(got)
}

// fileState is what a test sees of an output file after a run.
type fileState struct {
	Content  string
	Mode     fs.FileMode
	UID, GID uint32
	Symlink  bool   // the name is still a symbolic link
	Nlink    uint64 // links of the file written
	Twin     string // the content of the file's other name (a hard link), if any
	Xattrs   string // the names of its extended attributes
}

func stateOf(t *testing.T, dir, name, twin string) fileState {
	t.Helper()
	path := filepath.Join(dir, name)
	var s fileState
	if lst, err := os.Lstat(path); err == nil {
		s.Symlink = lst.Mode()&fs.ModeSymlink != 0
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	sys := st.Sys().(*syscall.Stat_t)
	s.Content, s.Mode, s.UID, s.GID, s.Nlink = string(readFile(t, path)), st.Mode(), sys.Uid, sys.Gid, uint64(sys.Nlink)
	if twin != "" {
		s.Twin = string(readFile(t, filepath.Join(dir, twin)))
	}
	buf := make([]byte, 4096)
	if n, err := syscall.Listxattr(path, buf); err == nil {
		s.Xattrs = strings.ReplaceAll(strings.TrimRight(string(buf[:n]), "\x00"), "\x00", ",")
	}
	return s
}

// outputCase prepares a directory in which the output name is of some kind.
type outputCase struct {
	name   string
	root   bool   // needs root (to chown, or to run the command as another user)
	out    string // the name given to -o
	inName string // the input's name: "in", or the output itself
	twin   string
	asUser bool // run as uid/gid 1234
	setup  func(t *testing.T, dir string)
	// want: the state after the run, given the new content.
	want func(content string) fileState
}

const (
	otherUID = 4321
	userID   = 1234
)

func outputCases() []outputCase {
	return []outputCase{
		{name: "mode 0600", out: "out", inName: "in",
			setup: func(t *testing.T, dir string) { writeMode(t, dir, "out", "old\n", 0o600) },
			want: func(c string) fileState {
				return fileState{Content: c, Mode: 0o600, UID: uint32(os.Geteuid()), GID: uint32(os.Getegid()), Nlink: 1}
			}},
		{name: "owner and group", root: true, out: "out", inName: "in",
			setup: func(t *testing.T, dir string) {
				writeMode(t, dir, "out", "old\n", 0o640)
				chown(t, dir, "out", otherUID, otherUID+1)
			},
			want: func(c string) fileState {
				return fileState{Content: c, Mode: 0o640, UID: otherUID, GID: otherUID + 1, Nlink: 1}
			}},
		{name: "in place", root: true, out: "out", inName: "out",
			setup: func(t *testing.T, dir string) {
				chown(t, dir, "out", otherUID, otherUID+1)
				os.Chmod(filepath.Join(dir, "out"), 0o604)
			},
			want: func(c string) fileState {
				return fileState{Content: c, Mode: 0o604, UID: otherUID, GID: otherUID + 1, Nlink: 1}
			}},
		{name: "symbolic link", out: "link", inName: "in",
			setup: func(t *testing.T, dir string) {
				writeMode(t, dir, "target", "old\n", 0o600)
				if err := os.Symlink("target", filepath.Join(dir, "link")); err != nil {
					t.Fatal(err)
				}
			},
			want: func(c string) fileState {
				return fileState{Content: c, Mode: 0o600, UID: uint32(os.Geteuid()), GID: uint32(os.Getegid()), Symlink: true, Nlink: 1}
			}},
		{name: "dangling symbolic link", out: "link", inName: "in",
			setup: func(t *testing.T, dir string) {
				if err := os.Symlink("target", filepath.Join(dir, "link")); err != nil {
					t.Fatal(err)
				}
			},
			want: func(c string) fileState {
				return fileState{Content: c, Mode: 0o666 &^ 0o022, UID: uint32(os.Geteuid()), GID: uint32(os.Getegid()), Symlink: true, Nlink: 1}
			}},
		{name: "hard link", out: "out", inName: "in", twin: "twin",
			setup: func(t *testing.T, dir string) {
				writeMode(t, dir, "out", "old\n", 0o640)
				if err := os.Link(filepath.Join(dir, "out"), filepath.Join(dir, "twin")); err != nil {
					t.Fatal(err)
				}
			},
			want: func(c string) fileState {
				return fileState{Content: c, Mode: 0o640, UID: uint32(os.Geteuid()), GID: uint32(os.Getegid()), Nlink: 2, Twin: c}
			}},
		{name: "extended attributes", out: "out", inName: "in",
			setup: func(t *testing.T, dir string) {
				writeMode(t, dir, "out", "old\n", 0o644)
				if err := syscall.Setxattr(filepath.Join(dir, "out"), "user.origin", []byte("kept"), 0); err != nil {
					t.Skipf("this file system keeps no user attributes: %v", err)
				}
			},
			want: func(c string) fileState {
				return fileState{Content: c, Mode: 0o644, UID: uint32(os.Geteuid()), GID: uint32(os.Getegid()), Nlink: 1, Xattrs: "user.origin"}
			}},
		{name: "directory the user may not write", root: true, asUser: true, out: "out", inName: "in",
			setup: func(t *testing.T, dir string) {
				writeMode(t, dir, "out", "old\n", 0o640)
				chown(t, dir, "out", userID, userID)
				if err := os.Chmod(dir, 0o755); err != nil {
					t.Fatal(err)
				}
			},
			want: func(c string) fileState {
				return fileState{Content: c, Mode: 0o640, UID: userID, GID: userID, Nlink: 1}
			}},
		{name: "another user's file", root: true, asUser: true, out: "out", inName: "in",
			setup: func(t *testing.T, dir string) {
				writeMode(t, dir, "out", "old\n", 0o664)
				chown(t, dir, "out", otherUID, userID)
			},
			want: func(c string) fileState {
				return fileState{Content: c, Mode: 0o664, UID: otherUID, GID: userID, Nlink: 1}
			}},
	}
}

func writeMode(t *testing.T, dir, name, content string, mode fs.FileMode) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
}

func chown(t *testing.T, dir, name string, uid, gid int) {
	t.Helper()
	if err := os.Chown(filepath.Join(dir, name), uid, gid); err != nil {
		t.Fatal(err)
	}
}

// openDir returns a directory every user may enter and write, holding a
// copy of the fastio binary every user may run (the test binary's own
// directories are private).
func openDir(t *testing.T) (dir, bin string) {
	t.Helper()
	dir, err := os.MkdirTemp("", "fastio-files-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	bin = filepath.Join(dir, "fastio")
	// Copied without holding it in memory: the memory tests measure the
	// peak RSS of children, which starts from this process's.
	src, err := os.Open(fastio)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(bin, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	return dir, bin
}

// runCase runs argv in a fresh directory set up by c and returns the state
// of the output.
func runCase(t *testing.T, c outputCase, in string, argv []string) fileState {
	t.Helper()
	base, bin := openDir(t)
	dir := filepath.Join(base, "d")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o777)
	writeMode(t, dir, c.inName, in, 0o644)
	c.setup(t, dir)
	if argv[0] == "fastio" {
		argv = append([]string{bin}, argv[1:]...)
	}
	argv = append(argv, "-o", c.out, c.inName)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	if c.asUser {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: userID, Gid: userID}}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %v %s", argv, err, out)
	}
	if ents, _ := os.ReadDir(dir); true {
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".tmp") {
				t.Errorf("temporary file %s left behind", e.Name())
			}
		}
	}
	return stateOf(t, dir, c.out, c.twin)
}

// TestOutputKeepsFile writes -o over an existing file of each kind: its
// mode, owner and group stay, a symbolic link is written through, a hard
// link stays, converting a file in place keeps all of it, and a file of
// another user that the process may write (not root) keeps its owner. conv
// does what iconv does to the same file.
func TestOutputKeepsFile(t *testing.T) {
	iconv := coretest.Peer(t, "iconv", "libc-bin")
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	for _, tc := range outputCommands {
		for _, c := range outputCases() {
			t.Run(tc.name+" "+c.name, func(t *testing.T) {
				if c.root && os.Geteuid() != 0 {
					t.Skip("needs root to give the file another owner")
				}
				in := tc.in
				ours := runCase(t, c, in, append([]string{"fastio"}, tc.args...))
				if want := c.want(tc.out); ours != want {
					t.Errorf("after the run\n got %+v\nwant %+v", ours, want)
				}
				if tc.iconvArgs != nil {
					peer := runCase(t, c, in, append([]string{iconv}, tc.iconvArgs...))
					if ours != peer {
						t.Errorf("iconv leaves\n%+v\nfastio\n%+v", peer, ours)
					}
				}
			})
		}
	}
}

// TestOutputUnchangedOnError fails a conversion into each kind of existing
// output: the file keeps its old content (the output is staged until the
// end, also where it is then written in place).
func TestOutputUnchangedOnError(t *testing.T) {
	for _, c := range outputCases() {
		if c.root || c.inName == c.out || strings.HasPrefix(c.name, "dangling") {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.setup(t, dir)
			os.WriteFile(filepath.Join(dir, "in"), []byte("valid \xff invalid\n"), 0o644)
			before := stateOf(t, dir, c.out, c.twin)
			r := run(t, dir, nil, fastio, "conv", "-f", "UTF-8", "-t", "UTF-16LE", "-o", c.out, "in")
			if r.code != 1 {
				t.Errorf("exit status %d, want 1: %s", r.code, r.stderr)
			}
			if after := stateOf(t, dir, c.out, c.twin); after != before {
				t.Errorf("a failed run changed the output\nbefore %+v\nafter  %+v", before, after)
			}
		})
	}
}
