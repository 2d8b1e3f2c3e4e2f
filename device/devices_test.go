package device

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

func TestMapped(t *testing.T) {
	for _, size := range []int{0, 1, 4095, 4096, 100_000} {
		t.Run(strconv.Itoa(size), func(t *testing.T) {
			data := testData(size)
			path := filepath.Join(t.TempDir(), "f")
			writeFile(t, path, string(data))
			m, err := Map(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(m.Bytes(), data) || !bytes.Equal(m.Window(), data) {
				t.Fatal("mapped bytes differ from the file")
			}
			if n, err := m.Fill(); n != 0 || err != io.EOF {
				t.Errorf("Fill = %d, %v", n, err)
			}
			// Read in odd pieces, then check ReadAt and WriteTo.
			var got []byte
			p := make([]byte, 333)
			for {
				n, err := m.Read(p)
				got = append(got, p[:n]...)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(got, data) || len(m.Window()) != 0 {
				t.Fatal("Read differs")
			}
			if size > 10 {
				q := make([]byte, 10)
				if n, err := m.ReadAt(q, int64(size-5)); n != 5 || err != io.EOF || !bytes.Equal(q[:5], data[size-5:]) {
					t.Errorf("ReadAt at the end = %d, %v", n, err)
				}
			}
			if _, err := m.ReadAt(p, -1); err == nil {
				t.Error("ReadAt(-1) succeeded")
			}
			if err := m.Close(); err != nil {
				t.Fatal(err)
			}
			if _, err := m.Read(p); !errors.Is(err, errClosed) {
				t.Errorf("Read after Close: %v", err)
			}
			if _, err := m.Fill(); !errors.Is(err, errClosed) {
				t.Errorf("Fill after Close: %v", err)
			}
			if _, err := m.WriteTo(io.Discard); !errors.Is(err, errClosed) {
				t.Errorf("WriteTo after Close: %v", err)
			}
			if len(m.Window()) != 0 {
				t.Error("window after Close")
			}
			if err := m.Close(); !errors.Is(err, errClosed) {
				t.Errorf("second Close: %v", err)
			}
		})
	}
	t.Run("window consume", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "f")
		writeFile(t, path, "hello\nworld\n")
		m, err := Map(path)
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		w := m.Window()
		i := bytes.IndexByte(w, '\n')
		m.Consume(i + 1)
		var sb strings.Builder
		if _, err := m.WriteTo(&sb); err != nil || sb.String() != "world\n" {
			t.Errorf("WriteTo = %q, %v", sb.String(), err)
		}
		m.Consume(-5)
		m.Consume(100)
		if n, err := m.Read(make([]byte, 1)); n != 0 || err != io.EOF {
			t.Errorf("Read at end = %d, %v", n, err)
		}
	})
	t.Run("errors", func(t *testing.T) {
		dir := t.TempDir()
		if _, err := Map(filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
			t.Errorf("Map of missing file: %v", err)
		}
		if _, err := Map(dir); !errors.Is(err, ErrIsDir) {
			t.Errorf("Map of a directory: %v", err)
		}
	})
}

func TestNull(t *testing.T) {
	var d Null
	d.Write([]byte("abc"))
	d.WriteString("de")
	p := d.Reserve(10)
	if len(p) < 10 {
		t.Fatalf("Reserve(10) gave %d bytes", len(p))
	}
	d.Commit(4)
	if n, err := d.ReadFrom(&coretest.Reader{Data: make([]byte, 100_000), Faults: coretest.Faults{Max: 999}}); n != 100_000 || err != nil {
		t.Errorf("ReadFrom = %d, %v", n, err)
	}
	if d.Count() != 9+100_000 {
		t.Errorf("Count = %d", d.Count())
	}
	if err := d.Flush(); err != nil {
		t.Error(err)
	}
	d.Commit(len(d.Reserve(0)) + 1)
	if err := d.Flush(); !errors.Is(err, core.ErrInvalidCount) {
		t.Errorf("Flush after a bad Commit: %v", err)
	}
	if n, err := d.Read(p); n != 0 || err != io.EOF {
		t.Errorf("Read = %d, %v", n, err)
	}
	if _, err := d.ReadFrom(&coretest.Reader{Faults: coretest.Faults{FailAt: 1}}); !errors.Is(err, coretest.ErrFault) {
		t.Errorf("ReadFrom a failing reader: %v", err)
	}
}
