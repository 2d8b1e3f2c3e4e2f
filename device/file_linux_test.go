package device

import (
	"bytes"
	"errors"
	"github.com/fastio-go/fastio/core"
	"io"
	"io/fs"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func TestDevFull(t *testing.T) {
	tests := []struct {
		name    string
		writes  []int // sizes of the writes, buffer of 64 bytes
		written int64 // bytes that reached the device: always 0 on /dev/full
	}{
		{"small then flush", []int{10}, 0},
		{"fills buffer", []int{40, 40}, 0},
		{"large write bypass", []int{10, 1000}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Open("/dev/full", "w")
			if err != nil {
				t.Skip("/dev/full:", err)
			}
			o := core.NewOwningWriter(f, 64)
			var werr error
			for _, n := range tt.writes {
				if _, err := o.Write(make([]byte, n)); err != nil {
					werr = err
					break
				}
			}
			ferr := o.Flush()
			cerr := o.Close()
			for i, err := range []error{ferr, cerr} {
				if !errors.Is(err, syscall.ENOSPC) {
					t.Fatalf("error %d = %v (write error %v), want ENOSPC", i, err, werr)
				}
				var de *Error
				if !errors.As(err, &de) || de.Written != tt.written || de.Path != "/dev/full" || de.Op != "write" {
					t.Errorf("error %#v does not say how much reached /dev/full", err)
				}
				if !strings.Contains(err.Error(), "0 bytes reached the device") {
					t.Errorf("message %q", err)
				}
			}
			if err := o.Close(); !errors.Is(err, errClosed) {
				t.Errorf("second Close: %v", err)
			}
			if _, err := o.Write([]byte("x")); err == nil {
				t.Error("Write after Close succeeded")
			}
		})
	}
}

func TestPermissionDenied(t *testing.T) {
	// Writing this file is refused even to root.
	const path = "/proc/sys/kernel/ostype"
	_, err := Open(path, "w")
	if err == nil {
		t.Skip(path, "is writable here")
	}
	if !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("error %v is not fs.ErrPermission", err)
	}
	if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), `mode "w"`) {
		t.Errorf("message %q does not name path and mode", err)
	}
}

// nonblockingPipe returns a pipe whose ends are non-blocking, with the
// smallest capacity Linux allows, so that writes meet EAGAIN.
func nonblockingPipe(t *testing.T) (r, w *File) {
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_NONBLOCK|unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	unix.FcntlInt(uintptr(fds[1]), unix.F_SETPIPE_SZ, 4096)
	return NewFile(uintptr(fds[0]), "r"), NewFile(uintptr(fds[1]), "w")
}

// TestEAGAIN writes far more than the pipe holds through non-blocking
// descriptors: Write, WriteBuffers and Read must wait and retry rather than
// fail or return short.
func TestEAGAIN(t *testing.T) {
	for _, gather := range []bool{false, true} {
		name := "Write"
		if gather {
			name = "WriteBuffers"
		}
		t.Run(name, func(t *testing.T) {
			r, w := nonblockingPipe(t)
			defer r.Close()
			want := bytes.Repeat([]byte("0123456789abcdef"), 1<<14)
			done := make(chan error, 1)
			go func() {
				var err error
				if gather {
					var n int64
					n, err = w.WriteBuffers([][]byte{want[:1000], want[1000 : 1<<17], want[1<<17:]})
					if err == nil && n != int64(len(want)) {
						err = io.ErrShortWrite
					}
				} else {
					var n int
					n, err = w.Write(want)
					if err == nil && n != len(want) {
						err = io.ErrShortWrite
					}
				}
				w.Close()
				done <- err
			}()
			var got []byte
			p := make([]byte, 1000)
			for {
				time.Sleep(time.Microsecond)
				n, err := r.Read(p)
				got = append(got, p[:n]...)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("read %d bytes, want %d", len(got), len(want))
			}
		})
	}
}

// TestWrittenCount breaks a pipe after some bytes went through: the error
// must say how many reached the device.
func TestWrittenCount(t *testing.T) {
	r, w, err := Pipe()
	if err != nil {
		t.Fatal(err)
	}
	o := core.NewOwningWriter(w, 64)
	o.Write(bytes.Repeat([]byte("a"), 40))
	o.Write(bytes.Repeat([]byte("b"), 40)) // 64 flushed, 16 buffered
	p := make([]byte, 64)
	if _, err := io.ReadFull(r, p); err != nil {
		t.Fatal(err)
	}
	r.Close()
	err = o.Close()
	if !errors.Is(err, syscall.EPIPE) {
		t.Fatalf("Close: %v, want EPIPE", err)
	}
	var de *Error
	if !errors.As(err, &de) || de.Written != 64 || !strings.Contains(err.Error(), "64 bytes reached the device") {
		t.Errorf("error %q does not say 64 bytes reached the device", err)
	}
}
