package device

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

var (
	_ core.BufferedWriter       = (*OutFile)(nil)
	_ core.BufferedReader       = (*InFile)(nil)
	_ core.BufferedWriter       = (*IOFile)(nil)
	_ core.BufferedReader       = (*IOFile)(nil)
	_ core.BufferedReader       = (*Mapped)(nil)
	_ core.BufferedWriter       = (*Null)(nil)
	_ gatherWriter              = (*File)(nil)
	_ gatherWriter              = (*Conn)(nil)
	_ interface{ Sync() error } = (*File)(nil)
	_ interface{ Fd() uintptr } = (*File)(nil)
	_ io.ReaderAt               = (*File)(nil)
	_ io.WriterAt               = (*File)(nil)
	_ io.Seeker                 = (*File)(nil)
)

// testData is deterministic bytes of length n.
func testData(n int) []byte {
	p := make([]byte, n)
	r := rand.New(rand.NewPCG(uint64(n), 7))
	for i := range p {
		p[i] = byte(r.Uint32())
	}
	return p
}

// TestOutFileChunks writes the same data in pieces of many sizes through
// the three write paths (Write, WriteString, Reserve/Commit): the file
// must hold exactly the data whatever the boundaries.
func TestOutFileChunks(t *testing.T) {
	data := testData(200_000)
	for _, bufSize := range []int{64, 4096, 1 << 16} {
		for _, maxChunk := range []int{1, 7, 100, 5000, 100_000} {
			t.Run(strconv.Itoa(bufSize)+"/"+strconv.Itoa(maxChunk), func(t *testing.T) {
				if maxChunk == 1 && testing.Short() {
					t.Skip("short")
				}
				path := filepath.Join(t.TempDir(), "f")
				f, err := Open(path, "w")
				if err != nil {
					t.Fatal(err)
				}
				o := core.NewOwningWriter(f, bufSize)
				r := rand.New(rand.NewPCG(uint64(bufSize), uint64(maxChunk)))
				for off := 0; off < len(data); {
					n := min(1+r.IntN(maxChunk), len(data)-off)
					chunk := data[off : off+n]
					switch r.IntN(3) {
					case 0:
						if m, err := o.Write(chunk); m != n || err != nil {
							t.Fatalf("Write = %d, %v", m, err)
						}
					case 1:
						if m, err := o.WriteString(string(chunk)); m != n || err != nil {
							t.Fatalf("WriteString = %d, %v", m, err)
						}
					case 2:
						p := o.Reserve(n)
						o.Commit(copy(p, chunk))
					}
					off += n
				}
				if err := o.Close(); err != nil {
					t.Fatal(err)
				}
				if got := readFile(t, path); got != string(data) {
					t.Fatalf("file differs from the data written (%d bytes, want %d)", len(got), len(data))
				}
			})
		}
	}
}

// TestOutFileShortWrites runs OutFile over coretest's short-writing device
// and checks with coretest.Checker that nothing acknowledged was lost.
func TestOutFileShortWrites(t *testing.T) {
	for _, max := range []int{1, 3, 1000} {
		t.Run(strconv.Itoa(max), func(t *testing.T) {
			dev := &coretest.Writer{Faults: coretest.Faults{Max: max}}
			o := core.NewOwningWriter(dev, 64)
			c := &coretest.Checker{W: o}
			data := testData(10_000)
			for off := 0; off < len(data); off += 37 {
				c.Write(data[off:min(off+37, len(data))])
			}
			c.Write(data[:500]) // a large write past the buffer
			if err := o.Flush(); err != nil {
				t.Fatal(err)
			}
			if err := c.Verify(dev.Bytes(), 0); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestOutFileDeviceError(t *testing.T) {
	dev := &coretest.Writer{Faults: coretest.Faults{FailAt: 2}}
	o := core.NewOwningWriter(dev, 64)
	c := &coretest.Checker{W: o}
	for range 10 {
		c.Write(testData(30))
	}
	if err := o.Close(); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("Close: %v", err)
	}
	if err := c.Verify(dev.Bytes(), -1); err != nil {
		t.Fatal(err)
	}
}

// TestInFileOneByteReads reads a file through InFile with reads of every
// size and through coretest's 1-byte device: the bytes must match.
func TestInFileOneByteReads(t *testing.T) {
	data := testData(100_000)
	path := filepath.Join(t.TempDir(), "f")
	writeFile(t, path, string(data))
	for _, size := range []int{1, 10, 4096, 1 << 17} {
		t.Run("read"+strconv.Itoa(size), func(t *testing.T) {
			in, err := OpenIn(path)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			var got []byte
			p := make([]byte, size)
			for {
				n, err := in.Read(p)
				got = append(got, p[:n]...)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(got, data) {
				t.Fatalf("read %d bytes differing from the file", len(got))
			}
		})
	}
	t.Run("window over 1-byte device", func(t *testing.T) {
		in := core.NewOwningReader(&coretest.Reader{Data: data, Faults: coretest.Faults{Max: 1}}, 64)
		var got []byte
		for {
			w := in.Window()
			got = append(got, w...)
			in.Consume(len(w))
			if _, err := in.Fill(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(got, data) {
			t.Fatal("window walk differs")
		}
	})
	t.Run("closed", func(t *testing.T) {
		in, err := OpenIn(path)
		if err != nil {
			t.Fatal(err)
		}
		if f, ok := in.Device().(*File); !ok || f.Fd() == ^uintptr(0) {
			t.Error("no Fd")
		}
		in.Close()
		if _, err := in.Read(make([]byte, 1)); !errors.Is(err, errClosed) {
			t.Errorf("Read after Close: %v", err)
		}
		if err := in.Close(); !errors.Is(err, errClosed) {
			t.Errorf("second Close: %v", err)
		}
	})
	t.Run("missing", func(t *testing.T) {
		if _, err := OpenIn(filepath.Join(t.TempDir(), "nope")); err == nil {
			t.Error("OpenIn of a missing file succeeded")
		}
	})
}

// TestIOFile mixes reads and writes on a file opened "r+": writes land
// just after the bytes consumed, reads see earlier writes, as in C stdio.
func TestIOFile(t *testing.T) {
	tests := []struct {
		name string
		ops  func(t *testing.T, f *IOFile)
		want string
	}{
		{"read then write", func(t *testing.T, f *IOFile) {
			p := make([]byte, 3)
			io.ReadFull(f, p)
			if string(p) != "012" {
				t.Errorf("read %q", p)
			}
			f.WriteString("ab")
		}, "012ab56789"},
		{"write then read", func(t *testing.T, f *IOFile) {
			f.WriteString("xy")
			c, err := f.ReadByte()
			if err != nil || c != '2' {
				t.Errorf("ReadByte = %q, %v", c, err)
			}
			f.WriteByte('Z')
		}, "xy2Z456789"},
		{"window then reserve", func(t *testing.T, f *IOFile) {
			f.Fill()
			f.Consume(5)
			p := f.Reserve(1)
			p[0] = '!'
			f.Commit(1)
		}, "01234!6789"},
		{"seek", func(t *testing.T, f *IOFile) {
			f.WriteString("A")
			if off, err := f.Seek(2, io.SeekCurrent); off != 3 || err != nil {
				t.Errorf("Seek = %d, %v", off, err)
			}
			f.WriteString("B")
			if off, err := f.Seek(-1, io.SeekEnd); off != 9 || err != nil {
				t.Errorf("Seek = %d, %v", off, err)
			}
			f.ReadByte()
			if off, err := f.Seek(0, io.SeekCurrent); off != 10 || err != nil {
				t.Errorf("Seek after ReadByte = %d, %v", off, err)
			}
			f.WriteString("C")
		}, "A12B456789C"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f")
			writeFile(t, path, "0123456789")
			f, err := openInOut(path, "r+")
			if err != nil {
				t.Fatal(err)
			}
			tt.ops(t, f)
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); !errors.Is(err, errClosed) {
				t.Errorf("second Close: %v", err)
			}
			if got := readFile(t, path); got != tt.want {
				t.Errorf("file holds %q, want %q", got, tt.want)
			}
		})
	}
}

// openInOut opens path with mode and buffers it both ways.
func openInOut(path, mode string) (*IOFile, error) {
	f, err := Open(path, mode)
	if err != nil {
		return nil, err
	}
	return NewIOFile(f), nil
}

func TestIOFileNotSeekable(t *testing.T) {
	r, w, err := Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f := NewIOFile(w)
	if _, err := f.Seek(0, io.SeekStart); err == nil {
		t.Error("Seek on a pipe succeeded")
	}
	if err := f.CloseWrite(); err == nil {
		t.Error("CloseWrite on a pipe succeeded")
	}
	f.Close()
}

// failSeeker is a seekable in-memory device whose seeks fail after the
// first.
type failSeeker struct {
	*bytes.Reader
	seeks int
	out   bytes.Buffer
}

func (d *failSeeker) Write(p []byte) (int, error) { return d.out.Write(p) }

func (d *failSeeker) Seek(off int64, whence int) (int64, error) {
	if d.seeks++; d.seeks > 1 {
		return 0, errors.New("seek refused")
	}
	return d.Reader.Seek(off, whence)
}

// TestIOFileSeekBackFails: when the read-ahead cannot be given back, no
// output may land at the wrong offset; the error is reported by every
// later write, Flush and Close.
func TestIOFileSeekBackFails(t *testing.T) {
	dev := &failSeeker{Reader: bytes.NewReader([]byte("0123456789"))}
	f := newIOFile(dev, 64)
	if c, err := f.ReadByte(); c != '0' || err != nil {
		t.Fatalf("ReadByte = %q, %v", c, err)
	}
	if _, err := f.WriteString("x"); err == nil {
		t.Fatal("write after a failed seek succeeded")
	}
	if _, err := f.WriteString("y"); err == nil {
		t.Fatal("second write succeeded")
	}
	f.Commit(len(f.Reserve(3)))
	if err := f.Flush(); err == nil {
		t.Error("Flush succeeded")
	}
	if err := f.Close(); err == nil {
		t.Error("Close succeeded")
	}
	if dev.out.Len() != 0 {
		t.Errorf("%d bytes reached the device at an unknown offset", dev.out.Len())
	}
}

// gatherWriter is the gathered write core's Writer looks for in a device.
type gatherWriter interface {
	WriteBuffers(bufs [][]byte) (int64, error)
}
