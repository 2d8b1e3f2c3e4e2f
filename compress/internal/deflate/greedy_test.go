package deflate

import (
	"bytes"
	"testing"
)

// greedyEncoders are compressWith's, one per loop, reused (a new
// Encoder's tables would make the fuzz target slow).
var greedyEncoders = map[bool]*Encoder{}

// compressWith compresses data at level 1 with the assembly loop on or
// off, in writes of size n with a flush after the first and a stream
// primed with dict.
func compressWith(asm bool, data, dict []byte, n int) []byte {
	saved := useAsm
	useAsm = asm
	defer func() { useAsm = saved }()
	var out bytes.Buffer
	e := greedyEncoders[asm]
	if e == nil {
		e = NewEncoder(&out, 1)
		greedyEncoders[asm] = e
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

// TestGreedyAsm checks that the assembly loop of the greedy parser makes
// the same stream as the Go loop, for every input, write size and
// dictionary, and across a rebase of the virtual positions.
func TestGreedyAsm(t *testing.T) {
	if !useAsm {
		t.Skip("no assembly loop on this machine or build")
	}
	for _, in := range inputs() {
		for _, n := range []int{1 << 30, 1000, 70000} {
			for _, dict := range [][]byte{nil, in.data[:min(len(in.data), 40000)]} {
				a := compressWith(true, in.data, dict, n)
				g := compressWith(false, in.data, dict, n)
				if !bytes.Equal(a, g) {
					t.Fatalf("%s, writes of %d, dict %d: the assembly loop's stream differs", in.name, n, len(dict))
				}
				if got := stdInflate(t, a, dict); !bytes.Equal(got, in.data) {
					t.Fatalf("%s: round trip differs", in.name)
				}
			}
		}
	}
	// Near the rebase: the virtual positions restart.
	data := inputs()[len(inputs())-1].data
	for _, asm := range []bool{true, false} {
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
	}
}

// FuzzGreedyAsm compares the two loops on arbitrary input.
func FuzzGreedyAsm(f *testing.F) {
	if !useAsm {
		f.Skip("no assembly loop on this machine or build")
	}
	for _, in := range inputs() {
		f.Add(in.data[:min(len(in.data), 5000)], uint16(100))
	}
	f.Fuzz(func(t *testing.T, data []byte, n uint16) {
		w := int(n) + 1
		a := compressWith(true, data, nil, w)
		if g := compressWith(false, data, nil, w); !bytes.Equal(a, g) {
			t.Fatal("the assembly loop's stream differs")
		}
		if got := stdInflate(t, a, nil); !bytes.Equal(got, data) {
			t.Fatal("round trip differs")
		}
	})
}
