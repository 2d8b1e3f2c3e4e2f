//go:build linux

package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/fastio-go/fastio/core/coretest"
)

// The end-to-end tests build the fastio binary once and run it beside the
// tools it replaces, on generated files, comparing output bytes, exit status
// and the first line of the messages.

var (
	fastio  string // the binary under test
	dataDir string // generated inputs, shared by the tests (read-only)
)

// peers are the command-line tools the tests compare against, with the
// Debian package that installs each.
var peers = map[string]string{
	"iconv": "libc-bin", "sha1sum": "coreutils", "sha224sum": "coreutils", "sha256sum": "coreutils",
	"sha384sum": "coreutils", "sha512sum": "coreutils", "gzip": "gzip", "head": "coreutils", "sh": "dash",
}

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "fastio-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	fastio = filepath.Join(tmp, "fastio")
	build := exec.Command("go", "build", "-o", fastio, ".")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building fastio:", err)
		return 1
	}
	dataDir = filepath.Join(tmp, "data")
	if err := os.Mkdir(dataDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := generate(dataDir); err != nil {
		fmt.Fprintln(os.Stderr, "generating inputs:", err)
		return 1
	}
	return m.Run()
}

// needPeers skips the test when a peer tool is missing, naming the
// package to install (fails it under FASTIO_REQUIRE_PEERS=1).
func needPeers(t testing.TB, names ...string) {
	t.Helper()
	for _, n := range names {
		coretest.Peer(t, n, peers[n])
	}
}

// mixedText is UTF-8 text of every length of character: ASCII, Latin,
// Greek, Cyrillic, CJK (characters GB18030-2005 and -2022 map alike), and
// supplementary-plane emoji.
func mixedText(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 7))
	alphabet := []rune("abcdefghijklmnopqrstuvwxyz ABC,.;\n0123456789éèçàüößñÅØœ αβγδλΩ привет мир 中文字符测试汉字日本語 한국어 😀🚀🎉𝄞")
	var b bytes.Buffer
	for b.Len() < n {
		b.WriteRune(alphabet[r.IntN(len(alphabet))])
	}
	return b.Bytes()
}

func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 11))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// generate writes the shared inputs.
func generate(dir string) error {
	files := map[string][]byte{
		"empty":       nil,
		"ascii.txt":   []byte(strings.Repeat("The quick brown fox jumps over the lazy dog.\n", 300)),
		"latin.txt":   []byte(strings.Repeat("Grüße aus Köln, façade, naïve, Ærøskøbing ½ ©\n", 200)),
		"mixed.txt":   mixedText(700<<10+5, 1), // over two 256 KiB chunks: characters straddle reads
		"small.txt":   mixedText(999, 2),
		"bad.txt":     append(append([]byte("valid start "), 0xff), []byte(" then more\n")...),
		"badlate.txt": append(append(mixedText(300<<10, 3), 0xc0, 0xaf), mixedText(1000, 4)...),
		"trunc.txt":   append([]byte("ends inside a character "), 0xe2, 0x82),
		"random.bin":  randomBytes(1<<20+3, 5),
		"small.bin":   randomBytes(4097, 6),
		"one":         []byte("x"),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// result is one run of a command.
type result struct {
	stdout, stderr []byte
	code           int
	rusage         *syscall.Rusage
}

// firstLine is the first non-empty line of the messages, with the program
// name that starts it replaced by PROG.
func (r result) firstLine(prog string) string {
	for _, l := range strings.Split(string(r.stderr), "\n") {
		if l == "" {
			continue
		}
		return strings.Replace(l, prog+":", "PROG:", 1)
	}
	return ""
}

// normStderr is the whole of the messages with the program name replaced.
func (r result) normStderr(prog string) string {
	return strings.ReplaceAll(strings.TrimLeft(string(r.stderr), "\n"), prog+":", "PROG:")
}

// run runs a command in dir with stdin, and returns what it did.
func run(t *testing.T, dir string, stdin []byte, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	res := result{stdout: out.Bytes(), stderr: errb.Bytes()}
	if cmd.ProcessState == nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	res.code = cmd.ProcessState.ExitCode()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		res.code = 128 + int(ws.Signal())
	}
	res.rusage, _ = cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return res
}

// same checks that two runs agree: exit status, standard output bytes and the
// first line of the messages (program names aside).
func same(t *testing.T, ours, peer result, ourProg, peerProg string) {
	t.Helper()
	if ours.code != peer.code {
		t.Errorf("exit status %d, %s exits %d\nours: %s\npeer: %s", ours.code, peerProg, peer.code, ours.stderr, peer.stderr)
	}
	if !bytes.Equal(ours.stdout, peer.stdout) {
		t.Errorf("output differs from %s: %d bytes, want %d\nours: %.200q\npeer: %.200q", peerProg, len(ours.stdout), len(peer.stdout), ours.stdout, peer.stdout)
	}
	if o, p := ours.firstLine(ourProg), peer.firstLine(peerProg); o != p {
		t.Errorf("first message line\nours: %q\npeer: %q", o, p)
	}
}

// tempCopy copies shared inputs into a fresh directory the test may change.
func tempCopy(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dataDir, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// unreadable returns a path whose reads fail even for root: a directory
// entry is not, but /proc/self/mem at offset 0 fails with EIO.
func unreadable(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat("/proc/self/mem"); err != nil {
		t.Fatal("/proc/self/mem is needed for the unreadable-file cases (Linux procfs)")
	}
	return "/proc/self/mem"
}

var _ = utf8.RuneError

// interruptAtTemp starts cmd and sends it SIGINT as soon as a temporary
// output file (a name ending in ".tmp") appears in dir, as inotify reports
// it: the moment the temporary file exists and its removal on an interrupt
// must already be arranged. It returns the command's exit status and
// whether the signal was sent (false when the command ended first).
func interruptAtTemp(t *testing.T, dir string, cmd *exec.Cmd) (code int, sent bool) {
	t.Helper()
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC | syscall.IN_NONBLOCK)
	if err != nil {
		t.Fatal(err)
	}
	events := os.NewFile(uintptr(fd), "inotify")
	if _, err := syscall.InotifyAddWatch(fd, dir, syscall.IN_CREATE); err != nil {
		events.Close()
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		events.Close()
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
		events.Close() // ends the read below if no temporary file came
	}()
	buf := make([]byte, 4096)
read:
	for {
		n, err := events.Read(buf)
		if err != nil {
			break
		}
		for p := buf[:n]; len(p) >= syscall.SizeofInotifyEvent; {
			ev := (*syscall.InotifyEvent)(unsafe.Pointer(&p[0]))
			end := syscall.SizeofInotifyEvent + int(ev.Len)
			name := strings.TrimRight(string(p[syscall.SizeofInotifyEvent:end]), "\x00")
			p = p[end:]
			if strings.HasSuffix(name, ".tmp") {
				sent = cmd.Process.Signal(syscall.SIGINT) == nil
				break read
			}
		}
	}
	<-exited
	code = cmd.ProcessState.ExitCode()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		code = 128 + int(ws.Signal())
	}
	return code, sent
}

// TestInterruptRemovesTemp interrupts conv -o and rec encode -o the moment
// their temporary output file appears, many times: the process must exit
// with 130 and leave neither the output nor the temporary file. They read
// a FIFO that never gets a writer, so they are still running when the
// signal comes. (TestGzipInterrupted does the same for gzip.)
func TestInterruptRemovesTemp(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"conv", []string{"conv", "-f", "UTF-8", "-t", "UTF-16LE", "-o", "out", "in"}},
		{"rec encode", []string{"rec", "encode", "-o", "out", "in"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for range 30 {
				dir := t.TempDir()
				if err := syscall.Mkfifo(filepath.Join(dir, "in"), 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(fastio, tc.args...)
				cmd.Dir = dir
				code, sent := interruptAtTemp(t, dir, cmd)
				if !sent {
					t.Fatalf("no temporary file appeared (exit status %d)", code)
				}
				ents, _ := os.ReadDir(dir)
				var names []string
				for _, e := range ents {
					names = append(names, e.Name())
				}
				if code != 130 {
					t.Errorf("exit status %d, want 130", code)
				}
				if len(names) != 1 || names[0] != "in" {
					t.Fatalf("after the interrupt the directory holds %v, want only the input", names)
				}
			}
		})
	}
}
