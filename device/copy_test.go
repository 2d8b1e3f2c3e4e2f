package device

import (
	"bytes"
	"errors"
	"github.com/fastio-go/fastio/core"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

func TestCopy(t *testing.T) {
	data := testData(1<<20 + 12345)
	tests := []struct {
		name string
		mode string // destination mode
		pre  string // destination content before
	}{
		{"truncate", "w", "old"},
		{"append", "a", "old"}, // copy_file_range refuses O_APPEND: fallback
		{"exclusive", "wx", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
			writeFile(t, src, string(data))
			if tt.pre != "" {
				writeFile(t, dst, tt.pre)
			}
			s, err := Open(src, "r")
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			d, err := Open(dst, tt.mode)
			if err != nil {
				t.Fatal(err)
			}
			n, err := Copy(d, s)
			if err != nil || n != int64(len(data)) {
				t.Fatalf("Copy = %d, %v", n, err)
			}
			if d.written != n {
				t.Errorf("written = %d", d.written)
			}
			d.Close()
			want := string(data)
			if tt.mode == "a" {
				want = tt.pre + want
			}
			if got := readFile(t, dst); got != want {
				t.Errorf("destination has %d bytes differing from the source", len(got))
			}
		})
	}
}

// TestCopyPaths checks each way into Copy: buffered ends, io.Copy through
// ReadFrom/WriteTo, the portable loop over fault devices.
func TestCopyPaths(t *testing.T) {
	data := testData(300_000)
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	writeFile(t, src, string(data))
	t.Run("OutFile pending and InFile window", func(t *testing.T) {
		in, _ := OpenIn(src)
		defer in.Close()
		in.Fill()
		in.Consume(10)
		out, _ := Create(filepath.Join(dir, "a"))
		out.WriteString("pending")
		n, err := Copy(out, in)
		if err != nil || n != int64(len(data)-10) {
			t.Fatalf("Copy = %d, %v", n, err)
		}
		out.Close()
		if got := readFile(t, filepath.Join(dir, "a")); got != "pending"+string(data[10:]) {
			t.Error("content differs")
		}
	})
	t.Run("io.Copy both ways", func(t *testing.T) {
		s, _ := Open(src, "r")
		defer s.Close()
		d, _ := Open(filepath.Join(dir, "b"), "w")
		if n, err := io.Copy(d, s); err != nil || n != int64(len(data)) {
			t.Fatalf("io.Copy = %d, %v", n, err)
		}
		d.Close()
		s.Seek(0, io.SeekStart)
		var buf bytes.Buffer
		if n, err := s.WriteTo(&buf); err != nil || n != int64(len(data)) || !bytes.Equal(buf.Bytes(), data) {
			t.Fatalf("WriteTo = %d, %v", n, err)
		}
	})
	t.Run("loop over fault devices", func(t *testing.T) {
		for _, max := range []int{1, 1000} {
			t.Run(strconv.Itoa(max), func(t *testing.T) {
				w := &coretest.Writer{Faults: coretest.Faults{Max: max}}
				r := &coretest.Reader{Data: data[:5000], Faults: coretest.Faults{Max: max}}
				// coretest.Writer's short writes end the copy with
				// io.ErrShortWrite, as io.Copy does; through an OutFile
				// they are completed.
				o := core.NewOwningWriter(w, 64)
				n, err := Copy(o, r)
				if err != nil || n != 5000 {
					t.Fatalf("Copy = %d, %v", n, err)
				}
				o.Flush()
				if !bytes.Equal(w.Bytes(), data[:5000]) {
					t.Error("content differs")
				}
			})
		}
	})
	t.Run("errors", func(t *testing.T) {
		w := &coretest.Writer{Faults: coretest.Faults{FailAt: 1}}
		if _, err := Copy(w, strings.NewReader("abc")); !errors.Is(err, coretest.ErrFault) {
			t.Errorf("write fault: %v", err)
		}
		r := &coretest.Reader{Data: []byte("abc"), Faults: coretest.Faults{FailAt: 2}}
		var buf bytes.Buffer
		if n, err := Copy(&buf, r); !errors.Is(err, coretest.ErrFault) || n != 3 {
			t.Errorf("read fault: %d, %v", n, err)
		}
		full, err := Open("/dev/full", "w")
		if err != nil {
			t.Skip(err)
		}
		defer full.Close()
		s, _ := Open(src, "r")
		defer s.Close()
		if _, err := Copy(full, s); err == nil {
			t.Error("copy to /dev/full succeeded")
		}
	})
}
