package deflate

import (
	"bytes"
	"testing"
)

// asmEncoders are compressWith's, one per level and loop, reused (a new
// Encoder's tables would make the fuzz target slow).
var asmEncoders = map[struct {
	level int
	asm   bool
}]*Encoder{}

// compressWith compresses data at level with the assembly loops on or
// off, in writes of size n with a flush after the first and a stream
// primed with dict.
func compressWith(asm bool, level int, data, dict []byte, n int) []byte {
	saved := useAsm
	useAsm = asm
	defer func() { useAsm = saved }()
	var out bytes.Buffer
	key := struct {
		level int
		asm   bool
	}{level, asm}
	e := asmEncoders[key]
	if e == nil {
		e = NewEncoder(&out, level)
		asmEncoders[key] = e
	}
	e.Reset(&out, dict)
	for i := 0; i < len(data); i += n {
		e.Write(data[i:min(i+n, len(data))])
		if i == 0 {
			e.Flush()
		}
	}
	e.Close()
	return out.Bytes()
}

// TestAsmLoops checks that the assembly loops (the greedy parser's and
// the token writer's) make the same streams as the Go loops, at both
// levels, for every input, write size and dictionary, and across a
// rebase of the virtual positions.
func TestAsmLoops(t *testing.T) {
	if !useAsm {
		t.Skip("no assembly loops on this machine or build")
	}
	for _, in := range inputs() {
		for _, level := range []int{1, 6} {
			for _, n := range []int{1 << 30, 1000, 70000} {
				for _, dict := range [][]byte{nil, in.data[:min(len(in.data), 40000)]} {
					a := compressWith(true, level, in.data, dict, n)
					g := compressWith(false, level, in.data, dict, n)
					if !bytes.Equal(a, g) {
						t.Fatalf("%s, level %d, writes of %d, dict %d: the assembly loops' stream differs", in.name, level, n, len(dict))
					}
					if got := stdInflate(t, a, dict); !bytes.Equal(got, in.data) {
						t.Fatalf("%s, level %d: round trip differs", in.name, level)
					}
				}
			}
		}
	}
	// Near the rebase: the virtual positions restart.
	data := inputs()[len(inputs())-1].data
	var streams [2][]byte
	for i, asm := range []bool{true, false} {
		saved := useAsm
		useAsm = asm
		var out bytes.Buffer
		e := NewEncoder(&out, 1)
		e.base = baseLimit - 3*windowSize
		e.Reset(&out, nil)
		e.Write(data)
		e.Close()
		useAsm = saved
		if got := stdInflate(t, out.Bytes(), nil); !bytes.Equal(got, data) {
			t.Fatalf("asm %v: round trip across the rebase differs", asm)
		}
		streams[i] = out.Bytes()
	}
	if !bytes.Equal(streams[0], streams[1]) {
		t.Fatal("across the rebase: the assembly loops' stream differs")
	}
}

// FuzzAsmLoops compares the assembly and Go loops on arbitrary input.
func FuzzAsmLoops(f *testing.F) {
	if !useAsm {
		f.Skip("no assembly loops on this machine or build")
	}
	for _, in := range inputs() {
		f.Add(in.data[:min(len(in.data), 5000)], uint16(100))
	}
	f.Fuzz(func(t *testing.T, data []byte, n uint16) {
		w := int(n) + 1
		for _, level := range []int{1, 6} {
			a := compressWith(true, level, data, nil, w)
			if g := compressWith(false, level, data, nil, w); !bytes.Equal(a, g) {
				t.Fatalf("level %d: the assembly loops' stream differs", level)
			}
			if got := stdInflate(t, a, nil); !bytes.Equal(got, data) {
				t.Fatalf("level %d: round trip differs", level)
			}
		}
	})
}
