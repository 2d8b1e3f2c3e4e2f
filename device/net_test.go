package device

import (
	"bytes"
	"errors"
	"io"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// listener accepts connections as a server using this package does: each
// one wrapped with NewIOFile(NewConn(c)).
type listener struct{ *net.TCPListener }

func listen(t *testing.T) listener {
	t.Helper()
	l, err := net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	return listener{l}
}

func (l listener) Accept() (*IOFile, error) {
	c, err := l.AcceptTCP()
	if err != nil {
		return nil, err
	}
	return NewIOFile(NewConn(c)), nil
}

// echoServer accepts one connection and echoes everything back, buffered,
// until the client shuts down its writing side.
func echoServer(t *testing.T) (addr string, done <-chan error) {
	t.Helper()
	l := listen(t)
	ch := make(chan error, 1)
	go func() {
		defer l.Close()
		c, err := l.Accept()
		if err != nil {
			ch <- err
			return
		}
		_, err = Copy(c, c)
		if cerr := c.Close(); err == nil {
			err = cerr
		}
		ch <- err
	}()
	return l.Addr().String(), ch
}

func TestTCPEcho(t *testing.T) {
	tests := []struct {
		name   string
		writes []int
	}{
		{"small", []int{5, 7, 1}},
		{"large bypass with pending bytes", []int{100, 300_000, 10}},
		{"many", []int{1000, 1000, 1000, 70_000, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr, done := echoServer(t)
			tc, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			// Both directions at once: one buffer each over one Conn.
			conn := NewConn(tc.(*net.TCPConn))
			defer conn.Close()
			w, r := core.NewWriter(conn), core.NewReader(conn)
			var want bytes.Buffer
			for _, n := range tt.writes {
				p := testData(n)
				want.Write(p)
				if m, err := w.Write(p); m != n || err != nil {
					t.Fatalf("Write = %d, %v", m, err)
				}
			}
			// Read in a goroutine: the echo could fill both socket buffers.
			got := make(chan []byte, 1)
			go func() {
				b, _ := io.ReadAll(io.LimitReader(r, int64(want.Len())))
				got <- b
			}()
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if err := conn.CloseWrite(); err != nil {
				t.Fatal(err)
			}
			if b := <-got; !bytes.Equal(b, want.Bytes()) {
				t.Errorf("echo of %d bytes came back as %d differing bytes", want.Len(), len(b))
			}
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if _, err := r.ReadByte(); err != io.EOF {
				t.Errorf("after the echo: %v, want EOF", err)
			}
		})
	}
}

// readerOnly hides everything but Read.
type readerOnly struct{ io.Reader }

func TestTCPRequestResponse(t *testing.T) {
	l := listen(t)
	defer l.Close()
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		// Reading flushes nothing here; the reply is flushed before the
		// next read.
		for {
			line, err := readLine(c)
			if err != nil {
				return
			}
			c.WriteString(strings.ToUpper(line) + "\n")
		}
	}()
	c, err := Dial(l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, req := range []string{"hello", "fast", "io"} {
		c.WriteString(req + "\n")
		// No Flush: the read flushes the request first.
		got, err := readLine(c)
		if err != nil || got != strings.ToUpper(req) {
			t.Fatalf("reply %q, %v", got, err)
		}
	}
	// Half-close: the server reads EOF, returns and closes its side.
	c.WriteString("last\n")
	if err := c.CloseWrite(); err != nil {
		t.Fatal(err)
	}
	if got, err := readLine(c); got != "LAST" || err != nil {
		t.Fatalf("reply %q, %v", got, err)
	}
	if _, err := c.ReadByte(); err != io.EOF {
		t.Errorf("after CloseWrite: %v, want EOF", err)
	}
}

func readLine(r *IOFile) (string, error) {
	for {
		if i := bytes.IndexByte(r.Window(), '\n'); i >= 0 {
			s := string(r.Window()[:i])
			r.Consume(i + 1)
			return s, nil
		}
		if _, err := r.Fill(); err != nil {
			return "", err
		}
	}
}

func TestTCPErrors(t *testing.T) {
	l := listen(t)
	addr := l.Addr().String()
	l.Close()
	if _, err := Dial(addr); err == nil || !strings.Contains(err.Error(), addr) {
		t.Errorf("Dial to a closed port: %v", err)
	}
}

// TestCopyFileToConn sends a file over loopback with Copy (sendfile on
// Linux) and compares what arrives.
func TestCopyFileToConn(t *testing.T) {
	data := testData(3 << 20)
	path := filepath.Join(t.TempDir(), "f")
	writeFile(t, path, string(data))
	l := listen(t)
	defer l.Close()
	got := make(chan []byte, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(readerOnly{c})
		c.Close()
		got <- b
	}()
	c, err := Dial(l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	in, err := OpenIn(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	in.Fill() // some bytes sit in the window: Copy must send them first
	c.WriteString("head:")
	n, err := Copy(c, in)
	if err != nil || n != int64(len(data)) {
		t.Fatalf("Copy = %d, %v", n, err)
	}
	c.Close()
	if b := <-got; !bytes.Equal(b, append([]byte("head:"), data...)) {
		t.Errorf("received %d bytes differing from the file", len(b))
	}
	if _, err := c.Write([]byte("x")); !errors.Is(err, errClosed) {
		t.Errorf("Write after Close: %v", err)
	}
}
