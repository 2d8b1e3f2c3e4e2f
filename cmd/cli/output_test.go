//go:build unix

package cli

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestCheckNotSelf(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	u := write("u", "some input\n")
	other := write("other", "more\n")
	empty := write("empty", "")
	open := func(p string, flag int) *os.File {
		f, err := os.OpenFile(p, flag, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	atEnd := open(u, os.O_RDONLY)
	if _, err := atEnd.Seek(0, io.SeekEnd); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		in   io.Reader
		out  io.Writer
		want error
	}{
		{"appended to itself", open(u, os.O_RDONLY), open(u, os.O_WRONLY|os.O_APPEND), errInputIsOutput},
		{"itself at offset 0", open(u, os.O_RDONLY), open(u, os.O_WRONLY), errInputIsOutput},
		{"through another name", open(u, os.O_RDONLY), open(filepath.Join(dir, ".", "u"), os.O_WRONLY|os.O_APPEND), errInputIsOutput},
		{"input read to its end", atEnd, open(u, os.O_WRONLY|os.O_APPEND), nil},
		{"empty input", open(empty, os.O_RDONLY), open(empty, os.O_WRONLY|os.O_APPEND), nil},
		{"another file", open(u, os.O_RDONLY), open(other, os.O_WRONLY|os.O_APPEND), nil},
		{"output a pipe", open(u, os.O_RDONLY), pw, nil},
		{"input a pipe", pr, open(u, os.O_WRONLY|os.O_APPEND), nil},
		{"not files", strings.NewReader("x"), &bytes.Buffer{}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := checkNotSelf(tc.in, tc.out); err != tc.want {
				t.Errorf("checkNotSelf = %v, want %v", err, tc.want)
			}
		})
	}
	if got := strerror(errInputIsOutput); got != "input file is output file" {
		t.Errorf("strerror = %q", got)
	}
}

// writeOutput writes content to name through openOutput and commits it
// (or aborts, with abort).
func writeOutput(t *testing.T, name, content string, abort bool) error {
	t.Helper()
	o, err := openOutput(name)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(o, content); err != nil {
		o.Abort()
		return err
	}
	if abort {
		o.Abort()
		return nil
	}
	return o.Commit()
}

func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestOpenOutput(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string) // makes "out"
		check func(t *testing.T, dir string) // after "new" is committed
	}{
		{"new file", func(t *testing.T, dir string) {}, func(t *testing.T, dir string) {
			wantMode(t, filepath.Join(dir, "out"), 0o644)
		}},
		{"existing 0600", func(t *testing.T, dir string) {
			mustWrite(t, filepath.Join(dir, "out"), "old", 0o600)
		}, func(t *testing.T, dir string) {
			wantMode(t, filepath.Join(dir, "out"), 0o600)
		}},
		{"symbolic link", func(t *testing.T, dir string) {
			mustWrite(t, filepath.Join(dir, "target"), "old", 0o640)
			mustLink(t, os.Symlink("target", filepath.Join(dir, "out")))
		}, func(t *testing.T, dir string) {
			if st, err := os.Lstat(filepath.Join(dir, "out")); err != nil || st.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("the link is gone: %v", err)
			}
			wantContent(t, filepath.Join(dir, "target"), "new")
			wantMode(t, filepath.Join(dir, "target"), 0o640)
		}},
		{"hard link", func(t *testing.T, dir string) {
			mustWrite(t, filepath.Join(dir, "out"), "old", 0o644)
			mustLink(t, os.Link(filepath.Join(dir, "out"), filepath.Join(dir, "twin")))
		}, func(t *testing.T, dir string) {
			wantContent(t, filepath.Join(dir, "twin"), "new")
		}},
		{"longer old content", func(t *testing.T, dir string) {
			mustWrite(t, filepath.Join(dir, "target"), "much longer old content", 0o644)
			mustLink(t, os.Symlink("target", filepath.Join(dir, "out")))
		}, func(t *testing.T, dir string) {
			wantContent(t, filepath.Join(dir, "target"), "new")
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.setup(t, dir)
			out := filepath.Join(dir, "out")
			var before []byte
			if _, err := os.Stat(out); err == nil {
				before, _ = os.ReadFile(out)
				// An aborted output leaves the file as it was.
				if err := writeOutput(t, out, "aborted", true); err != nil {
					t.Fatal(err)
				}
				wantContent(t, out, string(before))
				noTemps(t, dir)
			}
			if err := writeOutput(t, out, "new", false); err != nil {
				t.Fatal(err)
			}
			wantContent(t, out, "new")
			tc.check(t, dir)
			noTemps(t, dir)
		})
	}
	t.Run("dangling symbolic link", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "out")
		mustLink(t, os.Symlink("target", out))
		if err := writeOutput(t, out, "aborted", true); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, "target")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("an aborted output created the link's target: %v", err)
		}
		if err := writeOutput(t, out, "new", false); err != nil {
			t.Fatal(err)
		}
		wantContent(t, filepath.Join(dir, "target"), "new")
		noTemps(t, dir)
	})
	t.Run("fifo", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "out")
		if err := syscall.Mkfifo(out, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := os.OpenFile(out, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if err := writeOutput(t, out, "new", false); err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 16)
		n, _ := r.Read(buf)
		if string(buf[:n]) != "new" {
			t.Errorf("the FIFO got %q", buf[:n])
		}
		if st, err := os.Lstat(out); err != nil || st.Mode()&fs.ModeNamedPipe == 0 {
			t.Errorf("the FIFO is replaced: %v", err)
		}
	})
	t.Run("directory", func(t *testing.T) {
		dir := t.TempDir()
		err := writeOutput(t, dir, "new", false)
		if !errors.Is(err, syscall.EISDIR) {
			t.Errorf("openOutput(directory) = %v, want EISDIR", err)
		}
	})
	t.Run("missing directory", func(t *testing.T) {
		err := writeOutput(t, filepath.Join(t.TempDir(), "no", "out"), "new", false)
		var pe *fs.PathError
		if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || !strings.HasSuffix(pe.Path, filepath.Join("no", "out")) {
			t.Errorf("openOutput(missing dir) = %v, want ENOENT naming the file", err)
		}
	})
}

func mustWrite(t *testing.T, p, content string, mode fs.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
}

func mustLink(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func wantContent(t *testing.T, p, want string) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil || string(b) != want {
		t.Errorf("%s holds %q (%v), want %q", filepath.Base(p), b, err, want)
	}
}

func wantMode(t *testing.T, p string, want fs.FileMode) {
	t.Helper()
	st, err := os.Stat(p)
	if err != nil || st.Mode().Perm() != want {
		t.Errorf("%s has mode %v (%v), want %v", filepath.Base(p), st.Mode().Perm(), err, want)
	}
}

func TestGetoptMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"unknown flag: --bogus", "unrecognized option '--bogus'"},
		{"unknown shorthand flag: 'Q' in -Q", "invalid option -- 'Q'"},
		{"unknown shorthand flag: 'Q' in -bQ", "invalid option -- 'Q'"},
		{"flag needs an argument: --hmac", "option '--hmac' requires an argument"},
		{"flag needs an argument: 'a' in -a", "option requires an argument -- 'a'"},
		{`invalid argument "yes" for "--tag" flag: strconv.ParseBool: parsing "yes": invalid syntax`, "option '--tag' doesn't allow an argument"},
		{`invalid argument "x" for "-b, --binary" flag: strconv.ParseBool: parsing "x": invalid syntax`, "option '--binary' doesn't allow an argument"},
		{"unknown shorthand flag: ", "unknown shorthand flag: "},
		{"something else", "something else"},
	}
	for _, tc := range tests {
		if got := getoptError(errors.New(tc.in)).Error(); got != tc.want {
			t.Errorf("getoptError(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
