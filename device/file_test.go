package device

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFile(t testing.TB, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestOpenModes checks what each mode does to an existing file "old" and
// what a read and a write through it see.
func TestOpenModes(t *testing.T) {
	tests := []struct {
		mode     string
		exists   bool   // the file exists before the open
		read     string // what a read of everything returns ("" = no read)
		write    string
		want     string // the file afterwards
		readErr  bool   // reading must fail
		writeErr bool   // writing must fail
	}{
		{mode: "r", exists: true, read: "old", write: "x", want: "old", writeErr: true},
		{mode: "rb", exists: true, read: "old", want: "old"},
		{mode: "w", exists: true, write: "new", want: "new", readErr: true},
		{mode: "w", write: "new", want: "new"},
		{mode: "wx", write: "new", want: "new"},
		{mode: "a", exists: true, write: "+1", want: "old+1", readErr: true},
		{mode: "a", write: "+1", want: "+1"},
		{mode: "r+", exists: true, read: "old", write: "!", want: "old!"},
		{mode: "w+", exists: true, write: "new", want: "new"},
		{mode: "a+", exists: true, read: "old", write: "+", want: "old+"},
		{mode: "w+xe", write: "n", want: "n"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f")
			if tt.exists {
				writeFile(t, path, "old")
			}
			f, err := Open(path, tt.mode)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if tt.read != "" || tt.readErr {
				got, err := io.ReadAll(f)
				if tt.readErr != (err != nil) {
					t.Fatalf("read: %v", err)
				}
				if string(got) != tt.read {
					t.Errorf("read %q, want %q", got, tt.read)
				}
			}
			if tt.write != "" {
				_, err := f.WriteString(tt.write)
				if tt.writeErr != (err != nil) {
					t.Fatalf("write: %v", err)
				}
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, path); got != tt.want {
				t.Errorf("file holds %q, want %q", got, tt.want)
			}
		})
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "exists")
	writeFile(t, existing, "x")
	missing := filepath.Join(dir, "missing")
	tests := []struct {
		name, path, mode string
		is               error
	}{
		{"missing", missing, "r", fs.ErrNotExist},
		{"missing r+", missing, "r+", fs.ErrNotExist},
		{"missing dir", filepath.Join(missing, "f"), "w", fs.ErrNotExist},
		{"exclusive", existing, "wx", fs.ErrExist},
		{"directory", dir, "r", ErrIsDir},
		{"directory w", dir, "w", nil}, // EISDIR from the system
		{"bad mode", existing, "rw", ErrBadMode},
		{"empty mode", existing, "", ErrBadMode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Open(tt.path, tt.mode)
			if err == nil {
				f.Close()
				t.Fatalf("Open(%q, %q) succeeded", tt.path, tt.mode)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %v is not %v", err, tt.is)
			}
			var de *Error
			if !errors.As(err, &de) || de.Op != "open" || de.Path != tt.path || de.Mode != tt.mode {
				t.Errorf("error %#v does not name op, path and mode", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.path) || !strings.Contains(msg, `mode "`+tt.mode+`"`) {
				t.Errorf("message %q does not name the path and the mode", msg)
			}
		})
	}
}

// TestFromOSFlagPerm: flags and permission bits beyond the mode strings
// come through os.OpenFile and FromOS, which leaves the *os.File the owner.
func TestFromOSFlagPerm(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	of, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	f := FromOS(of)
	if _, err := f.WriteString("x"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := of.WriteString("y"); err != nil {
		t.Errorf("the *os.File was closed with the File: %v", err)
	}
	of.Close()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&^0o600 != 0 {
		t.Errorf("perm %v, want at most 0600", st.Mode().Perm())
	}
	if got := readFile(t, path); got != "xy" {
		t.Errorf("file holds %q", got)
	}
}

func TestFilePositional(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	f, err := Open(path, "w+")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("hello world"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte("W"), 6); err != nil {
		t.Fatal(err)
	}
	p := make([]byte, 5)
	if n, err := f.ReadAt(p, 6); n != 5 || err != nil || string(p) != "World" {
		t.Errorf("ReadAt = %d, %v, %q", n, err, p)
	}
	if n, err := f.ReadAt(p, 9); n != 2 || err != io.EOF || string(p[:n]) != "ld" {
		t.Errorf("ReadAt past end = %d, %v", n, err)
	}
	if _, err := f.ReadAt(p, -1); err == nil {
		t.Error("ReadAt(-1) succeeded")
	}
	if _, err := f.WriteAt(p, -1); err == nil {
		t.Error("WriteAt(-1) succeeded")
	}
	if off, err := f.Seek(0, io.SeekCurrent); off != 11 || err != nil {
		t.Errorf("offset %d, %v after positional I/O, want 11", off, err)
	}
	if off, err := f.Seek(-5, io.SeekEnd); off != 6 || err != nil {
		t.Fatalf("Seek = %d, %v", off, err)
	}
	rest, _ := io.ReadAll(f)
	if string(rest) != "World" {
		t.Errorf("read after seek %q", rest)
	}
	if _, err := f.Seek(-100, io.SeekStart); err == nil {
		t.Error("seek before start succeeded")
	}
	if err := f.Sync(); err != nil {
		t.Error(err)
	}
	if err := f.Truncate(5); err != nil {
		t.Fatal(err)
	}
	if size, err := f.Size(); size != 5 || err != nil {
		t.Errorf("Size after Truncate = %d, %v", size, err)
	}
	if err := f.Truncate(-1); err == nil {
		t.Error("Truncate(-1) succeeded")
	}
	if f.Name() != path || f.Fd() == ^uintptr(0) {
		t.Errorf("Name %q Fd %d", f.Name(), f.Fd())
	}
}

func TestFileClosed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	f, err := Open(path, "w+")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	p := make([]byte, 4)
	ops := []struct {
		name string
		call func() error
	}{
		{"Read", func() error { _, err := f.Read(p); return err }},
		{"Write", func() error { _, err := f.Write(p); return err }},
		{"WriteBuffers", func() error { _, err := f.WriteBuffers([][]byte{p}); return err }},
		{"ReadAt", func() error { _, err := f.ReadAt(p, 0); return err }},
		{"WriteAt", func() error { _, err := f.WriteAt(p, 0); return err }},
		{"Seek", func() error { _, err := f.Seek(0, io.SeekStart); return err }},
		{"Sync", f.Sync},
		{"Truncate", func() error { return f.Truncate(0) }},
		{"Size", func() error { _, err := f.Size(); return err }},
		{"Close", f.Close},
		{"ReadFrom", func() error { _, err := f.ReadFrom(strings.NewReader("x")); return err }},
		{"WriteTo", func() error { _, err := f.WriteTo(io.Discard); return err }},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			err := op.call()
			if !errors.Is(err, errClosed) || !strings.Contains(err.Error(), path) {
				t.Errorf("%s after Close: %v", op.name, err)
			}
		})
	}
	if f.Fd() != ^uintptr(0) {
		t.Error("Fd after Close is not ^0")
	}
}

func TestObserveDoesNotClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	osf, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer osf.Close()
	obs := observe(osf.Fd(), "observed")
	if _, err := obs.WriteString("a"); err != nil {
		t.Fatal(err)
	}
	if err := obs.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := osf.WriteString("b"); err != nil {
		t.Fatalf("owner's file unusable after the observer closed: %v", err)
	}
	from := FromOS(osf)
	from.WriteString("c")
	from.Close()
	if _, err := osf.WriteString("d"); err != nil {
		t.Fatalf("owner's file unusable after FromOS closed: %v", err)
	}
	if got := readFile(t, path); got != "abcd" {
		t.Errorf("file holds %q", got)
	}
}

func TestNewFileOwns(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// Take the descriptor away from w without closing it.
	fd, err := dupFd(w)
	w.Close()
	if err != nil {
		t.Skip("cannot duplicate a descriptor here:", err)
	}
	f := NewFile(fd, "dup")
	if _, err := f.WriteString("hi"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	if err != nil || string(got) != "hi" {
		t.Errorf("read %q, %v: NewFile's Close did not close the write end", got, err)
	}
}

func TestWriteBuffers(t *testing.T) {
	tests := []struct {
		name string
		bufs []string
	}{
		{"none", nil},
		{"empty slices", []string{"", "", ""}},
		{"one", []string{"abc"}},
		{"mixed", []string{"", "ab", "", "cde", "f", ""}},
		{"many", strings.Split(strings.Repeat("x,yz,", 1500), ",")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f")
			f, err := Open(path, "w")
			if err != nil {
				t.Fatal(err)
			}
			var bufs [][]byte
			var want bytes.Buffer
			for _, s := range tt.bufs {
				bufs = append(bufs, []byte(s))
				want.WriteString(s)
			}
			n, err := f.WriteBuffers(bufs)
			if err != nil || n != int64(want.Len()) {
				t.Fatalf("WriteBuffers = %d, %v, want %d", n, err, want.Len())
			}
			if f.written != n {
				t.Errorf("written = %d", f.written)
			}
			f.Close()
			if got := readFile(t, path); got != want.String() {
				t.Errorf("file holds %d bytes, want %d", len(got), want.Len())
			}
		})
	}
}
