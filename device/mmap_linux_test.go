package device

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
)

// TestMapSpecialFiles maps files whose reported size is not their
// content: they are read, and an endless one is refused after
// maxReadSize bytes.
func TestMapSpecialFiles(t *testing.T) {
	tests := []struct {
		path string
		want string // a substring of the content
	}{
		{"/proc/self/status", "Name:"},
		{"/proc/cpuinfo", "processor"},
		{"/proc/self/cmdline", ""},
		{"/sys/kernel/mm/transparent_hugepage/enabled", "["},
		{"/dev/null", ""},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			if _, err := os.Stat(tc.path); err != nil {
				t.Skipf("%s: %v", tc.path, err)
			}
			m, err := Map(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			if !bytes.Contains(m.Bytes(), []byte(tc.want)) {
				t.Fatalf("Map(%s) gave %d bytes without %q", tc.path, len(m.Bytes()), tc.want)
			}
			if tc.path == "/proc/self/status" || tc.path == "/proc/cpuinfo" {
				if len(m.Bytes()) == 0 {
					t.Fatal("empty")
				}
			}
			if tc.path == "/sys/kernel/mm/transparent_hugepage/enabled" {
				want, _ := os.ReadFile(tc.path)
				if !bytes.Equal(m.Bytes(), want) {
					t.Fatalf("Map gave %q, reading gives %q", m.Bytes(), want)
				}
			}
		})
	}
	t.Run("/dev/zero", func(t *testing.T) {
		start := time.Now()
		m, err := Map("/dev/zero")
		if !errors.Is(err, core.ErrTooLarge) || m != nil {
			t.Fatalf("Map(/dev/zero) = %v, %v; want an error wrapping core.ErrTooLarge", m, err)
		}
		t.Logf("refusing /dev/zero after maxReadSize bytes took %v", time.Since(start))
	})
	t.Run("pipe", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		go func() { w.WriteString("through a pipe"); w.Close() }()
		f := FromOS(r)
		m, err := mapFile(f)
		r.Close()
		if err != nil || string(m.Bytes()) != "through a pipe" {
			t.Fatalf("mapFile(pipe) = %q, %v", m.Bytes(), err)
		}
	})
	t.Run("directory", func(t *testing.T) {
		if _, err := Map(t.TempDir()); !errors.Is(err, ErrIsDir) {
			t.Fatalf("Map(dir) = %v, want ErrIsDir", err)
		}
	})
}

// changingFileSize is the size of the files the changing-file tests map:
// small in make test, 256 MiB (or FASTIO_STRESS_MB) under make stress.
func changingFileSize() int {
	if s := os.Getenv("FASTIO_STRESS"); s != "" {
		if mb, err := strconv.Atoi(os.Getenv("FASTIO_STRESS_MB")); err == nil && mb > 0 {
			return mb << 20
		}
		return 256 << 20
	}
	return 1 << 20
}

func writeTemp(t *testing.T, n int) (string, []byte) {
	t.Helper()
	data := bytes.Repeat([]byte("0123456789abcdef"), n/16)
	path := filepath.Join(t.TempDir(), "mapped")
	if err := os.WriteFile(path, data, 0o666); err != nil {
		t.Fatal(err)
	}
	return path, data
}

var guardSink byte

// TestMapTruncated truncates a file while it is mapped: every read path
// gives an error wrapping core.ErrFileChanged, never a crash and never a
// wrong result.
func TestMapTruncated(t *testing.T) {
	size := changingFileSize()
	reads := []struct {
		name string
		read func(m *Mapped) error
	}{
		{"Read", func(m *Mapped) error {
			_, err := io.ReadAll(m)
			if err == nil {
				err = errors.New("no error")
			}
			return err
		}},
		{"ReadAt", func(m *Mapped) error {
			_, err := m.ReadAt(make([]byte, 4096), int64(size/2))
			return err
		}},
		{"WriteTo", func(m *Mapped) error {
			_, err := m.WriteTo(io.Discard)
			return err
		}},
		{"WriteTo file", func(m *Mapped) error {
			f, err := os.Create(filepath.Join(t.TempDir(), "copy"))
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = m.WriteTo(f)
			return err
		}},
		{"Guard", func(m *Mapped) error {
			return m.Guard(func(w []byte) error {
				for _, c := range w {
					guardSink += c
				}
				return nil
			})
		}},
		{"Fill", func(m *Mapped) error {
			_, err := m.Fill()
			return err
		}},
	}
	for _, cut := range []struct {
		name string
		to   func(int) int64
	}{
		{"to zero", func(int) int64 { return 0 }},
		{"to half", func(n int) int64 { return int64(n / 2) }},
		{"by 100 bytes", func(n int) int64 { return int64(n - 100) }},
	} {
		for _, r := range reads {
			t.Run(cut.name+"/"+r.name, func(t *testing.T) {
				path, _ := writeTemp(t, size)
				m, err := Map(path)
				if err != nil {
					t.Fatal(err)
				}
				defer m.Close()
				if err := os.Truncate(path, cut.to(size)); err != nil {
					t.Fatal(err)
				}
				err = r.read(m)
				if r.name == "ReadAt" && cut.name == "by 100 bytes" {
					// The bytes read are still in the file; the change shows at the end.
					if err != nil {
						t.Fatalf("ReadAt inside the file: %v", err)
					}
					_, err = m.ReadAt(make([]byte, 10), int64(size))
				}
				if !errors.Is(err, core.ErrFileChanged) {
					t.Fatalf("%s after truncation %s: %v, want an error wrapping core.ErrFileChanged", r.name, cut.name, err)
				}
			})
		}
	}
}

// TestMapChanged changes a mapped file without truncating it: reading to
// the end reports core.ErrFileChanged instead of io.EOF.
func TestMapChanged(t *testing.T) {
	changes := []struct {
		name   string
		change func(path string) error
	}{
		{"grown", func(path string) error {
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				return err
			}
			f.WriteString("more")
			return f.Close()
		}},
		{"rewritten in place", func(path string) error {
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			f.WriteAt([]byte("XXXX"), 10)
			return f.Close()
		}},
	}
	for _, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			path, _ := writeTemp(t, 64<<10)
			m, err := Map(path)
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			before, _ := os.Stat(path)
			time.Sleep(20 * time.Millisecond) // past the file system's timestamp granularity
			if err := c.change(path); err != nil {
				t.Fatal(err)
			}
			if after, _ := os.Stat(path); c.name != "grown" && after.ModTime().Equal(before.ModTime()) {
				t.Skip("the file system's modification times are too coarse to see the change")
			}
			if _, err := io.ReadAll(m); !errors.Is(err, core.ErrFileChanged) {
				t.Fatalf("ReadAll = %v, want core.ErrFileChanged", err)
			}
		})
	}
	t.Run("unchanged", func(t *testing.T) {
		path, data := writeTemp(t, 64<<10)
		m, err := Map(path)
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		got, err := io.ReadAll(m)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("ReadAll = %d bytes, %v", len(got), err)
		}
	})
}

// TestMapTruncatedConcurrently truncates the file from another goroutine
// while the reader runs: each read either succeeds with the file's bytes
// or fails with core.ErrFileChanged.
func TestMapTruncatedConcurrently(t *testing.T) {
	size := changingFileSize()
	rounds := 5
	if os.Getenv("FASTIO_STRESS") != "" {
		rounds = 50
	}
	for round := range rounds {
		path, data := writeTemp(t, size)
		m, err := Map(path)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			time.Sleep(time.Duration(round) * 100 * time.Microsecond)
			syscall.Truncate(path, int64(size/3))
			close(done)
		}()
		got, err := io.ReadAll(m)
		<-done
		if err != nil && !errors.Is(err, core.ErrFileChanged) {
			t.Fatalf("round %d: %v", round, err)
		}
		if err == nil && !bytes.Equal(got, data) {
			t.Fatalf("round %d: a wrong result without an error", round)
		}
		// Before the error, the bytes up to the new end are the file's
		// (the rest of that last page reads as zeros until the end check
		// or the next page's fault says the file changed).
		if k := min(len(got), size/3); !bytes.Equal(got[:k], data[:k]) {
			t.Fatalf("round %d: bytes that were never in the file", round)
		}
		m.Close()
	}
}

// TestReadChanging reads a file through InFile while it shrinks and while
// it grows: the bytes read are always the file's, never invented, and the
// read ends (a shrunk file at its new end, a grown one with what was
// there when each read ran).
func TestReadChanging(t *testing.T) {
	size := changingFileSize()
	for _, change := range []string{"shrink", "grow"} {
		t.Run(change, func(t *testing.T) {
			path, data := writeTemp(t, size)
			in, err := OpenIn(path)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			head := make([]byte, size/4)
			if _, err := io.ReadFull(in, head); err != nil {
				t.Fatal(err)
			}
			switch change {
			case "shrink":
				os.Truncate(path, int64(size/2))
			case "grow":
				f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
				f.Write(data[:1000])
				f.Close()
			}
			rest, err := io.ReadAll(in)
			if err != nil {
				t.Fatal(err)
			}
			got := append(head, rest...)
			want := data[:size/2]
			if change == "grow" {
				want = append(append([]byte{}, data...), data[:1000]...)
			}
			// What InFile buffered before the change may still come out:
			// the result lies between the changed file and the original.
			if change == "shrink" && (!bytes.HasPrefix(data, got) || len(got) < len(want)) {
				t.Fatalf("shrink: read %d bytes that are not the file's, or fewer than it holds", len(got))
			}
			if change == "grow" && !bytes.Equal(got, want) {
				t.Fatalf("grow: read %d bytes, want %d", len(got), len(want))
			}
		})
	}
}

// TestMapDevFd maps a file that is already open through its name under
// /dev/fd, as Map's doc says to for standard input redirected from a file.
func TestMapDevFd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	writeFile(t, path, "already open\n")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := Map("/dev/fd/" + strconv.Itoa(int(f.Fd())))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if !m.mapped || string(m.Bytes()) != "already open\n" {
		t.Errorf("mapped %v, holds %q", m.mapped, m.Bytes())
	}
}
