package device

import (
	"errors"
	"github.com/fastio-go/fastio/core"
	"io"
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
	if err := Sync(core.NewOwningWriter(&Null{}, core.DefaultBufferSize)); !errors.Is(err, errors.ErrUnsupported) {
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
	if string(m.Bytes()) != "hello world" {
		t.Errorf("Mapped holds %q", m.Bytes())
	}
	m.Close()
	io, err := openInOut(path, "r+")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Fill(); err != nil {
		t.Fatal(err)
	}
	io.Consume(6)
	io.WriteString("!")
	if err := Sync(io); err != nil {
		t.Error(err)
	}
	if got := readFile(t, path); got != "hello !orld" {
		t.Errorf("after Sync of the IOFile the file holds %q", got)
	}
	io.Close()
}

func TestConnAccessors(t *testing.T) {
	l := listen(t)
	defer l.Close()
	go func() {
		c, err := l.Accept()
		if err == nil {
			io.Copy(io.Discard, c)
			c.Close()
		}
	}()
	c, err := Dial(l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	conn := c.dev.(*Conn)
	if name := nameOf(conn); !strings.Contains(name, l.Addr().String()) {
		t.Errorf("Conn name %q", name)
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
