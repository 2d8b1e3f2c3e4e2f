package device

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAccessors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	out, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := out.Device().(*File); !ok || f.Name() != path || out.Size() != FileBufferSize {
		t.Errorf("OutFile device %T, size %d", out.Device(), out.Size())
	}
	out.WriteString("hello world")
	if err := Sync(out); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "hello world" {
		t.Errorf("after Sync the file holds %q", got)
	}
	out.Close()
	if err := Sync(NewOutFile(&Null{})); !errors.Is(err, errors.ErrUnsupported) {
		t.Error("Sync of a device without Sync succeeded")
	}
	in, err := OpenIn(path)
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := in.Device().(*File); !ok || f.Name() != path {
		t.Errorf("InFile device %T", in.Device())
	}
	in.Close()
	m, err := Map(path)
	if err != nil {
		t.Fatal(err)
	}
	if m.Name() != path {
		t.Errorf("Mapped name %q", m.Name())
	}
	m.Close()
	io, err := OpenInOut(path, "r+")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := io.Discard(6); n != 6 || err != nil {
		t.Errorf("Discard = %d, %v", n, err)
	}
	if p, err := io.Peek(5); string(p) != "world" || err != nil {
		t.Errorf("Peek = %q, %v", p, err)
	}
	io.WriteString("!")
	if err := io.Sync(); err != nil {
		t.Error(err)
	}
	io.Close()
	if fdOf(strings.NewReader("")) != ^uintptr(0) {
		t.Error("fdOf of a device without a handle")
	}
	var null Null
	if err := null.Close(); err != nil {
		t.Error(err)
	}
}

func TestUnixPermBits(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		perm fs.FileMode
		want fs.FileMode
	}{
		{"plain", 0o640, 0o640},
		{"setgid", 0o640 | fs.ModeSetgid, 0o640 | fs.ModeSetgid},
		{"sticky", 0o640 | fs.ModeSticky, 0o640 | fs.ModeSticky},
		{"setuid", 0o750 | fs.ModeSetuid, 0o750 | fs.ModeSetuid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name)
			f, err := OpenFlag(path, os.O_WRONLY|os.O_CREATE, tt.perm)
			if err != nil {
				t.Fatal(err)
			}
			f.Close()
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			// The umask may clear permission bits, never add any.
			if got := st.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky); got&^tt.want != 0 {
				t.Errorf("mode %v, want within %v", got, tt.want)
			}
		})
	}
}

func TestConnAccessors(t *testing.T) {
	l, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		c, err := l.Accept()
		if err == nil {
			io.Copy(io.Discard, c.Reader())
			c.Close()
		}
	}()
	c, err := Dial(l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	conn := c.Device().(*Conn)
	if conn.TCP() == nil || !strings.Contains(conn.Name(), l.Addr().String()) {
		t.Errorf("TCP %v, Name %q", conn.TCP(), conn.Name())
	}
	bufs := make([][]byte, 2)
	big := make([]byte, 100_000)
	if a := testing.AllocsPerRun(50, func() {
		bufs[0], bufs[1] = big[:10], big
		conn.WriteBuffers(bufs)
	}); a != 0 {
		t.Errorf("Conn.WriteBuffers: %v allocations per call, want 0", a)
	}
}
