package device

import (
	"github.com/fastio-go/fastio/core"
	"path/filepath"
	"testing"
)

// TestAllocs asserts that the hot paths allocate nothing.
func TestAllocs(t *testing.T) {
	dir := t.TempDir()
	f, err := Open(filepath.Join(dir, "out"), "w")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := core.NewOwningWriter(f, 4096)
	big := make([]byte, 10_000)
	line := []byte("Hello World\n")
	writeFile(t, filepath.Join(dir, "in"), string(testData(1<<20)))
	in, err := OpenIn(filepath.Join(dir, "in"))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	m, err := Map(filepath.Join(dir, "in"))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	raw, err := Open(filepath.Join(dir, "in"), "r")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	io, err := openInOut(filepath.Join(dir, "io"), "w+")
	if err != nil {
		t.Fatal(err)
	}
	defer io.Close()
	locked := NewLocked(out)
	var null Null
	p := make([]byte, 100)
	bufs := make([][]byte, 3)
	tests := []struct {
		name string
		fn   func()
	}{
		{"OutFile.WriteString", func() { out.WriteString("Hello World\n") }},
		{"OutFile.Write", func() { out.Write(line) }},
		{"OutFile.Reserve+Commit", func() { b := out.Reserve(12); out.Commit(copy(b, line)) }},
		{"OutFile.Write large (writev)", func() { out.WriteString("x"); out.Write(big) }},
		{"File.Write", func() { f.Write(line) }},
		{"File.WriteBuffers", func() { bufs[0], bufs[1], bufs[2] = line, big, line; f.WriteBuffers(bufs) }},
		{"File.ReadAt", func() { raw.ReadAt(p, 1000) }},
		{"InFile.Read", func() {
			if _, err := in.Read(p); err != nil {
				in.Device().(*File).Seek(0, 0)
				in.Reset(in.Device())
			}
		}},
		{"Mapped.Read", func() {
			if _, err := m.Read(p); err != nil {
				m.off = 0
			}
		}},
		{"IOFile.Write+Read", func() { io.WriteString("abc"); io.Read(p) }},
		{"Locked.WriteString", func() { locked.WriteString("Hello World\n") }},
		{"Null.Reserve+Commit", func() { null.Commit(len(null.Reserve(12))) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if a := testing.AllocsPerRun(200, tt.fn); a != 0 {
				t.Errorf("%v allocations per call, want 0", a)
			}
		})
	}
}
