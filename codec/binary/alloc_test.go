package binary_test

import (
	"bytes"
	"testing"

	"github.com/fastio-go/fastio/codec/binary"
	"github.com/fastio-go/fastio/core"
)

// TestAllocsFromOtherPackage checks the paths without allocation as a
// user's package calls them, with buffers on the caller's stack: escape
// analysis results cross package boundaries only through what the
// compiler exports (and generic code through its dictionaries), which the
// package's own tests do not see.
func TestAllocsFromOtherPackage(t *testing.T) {
	type point struct {
		X, Y int32
		Z    uint64
	}
	c, err := binary.For[point](binary.BigEndian)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	buf.Grow(1 << 10)
	bw := core.WrapWriter(&buf)
	span := core.NewSpanReader(nil)
	v := point{1, -2, 3}
	tests := []struct {
		name string
		f    func()
	}{
		{"Append", func() {
			var tmp [32]byte
			if len(c.Append(tmp[:0], v)) != 16 {
				t.Fatal("Append")
			}
		}},
		{"Put+Decode", func() {
			var tmp [16]byte
			c.Put(tmp[:], v)
			if got, _, err := c.Decode(tmp[:]); err != nil || got != v {
				t.Fatal("Decode", got, err)
			}
		}},
		{"AppendSlice+DecodeSlice", func() {
			var tmp [80]byte
			vs := [2]point{v, v}
			p := c.AppendSlice(tmp[:0], vs[:])
			var into [2]point
			if _, _, err := c.DecodeSlice(p, into[:0], 2); err != nil || into != vs {
				t.Fatal("DecodeSlice", into, err)
			}
		}},
		{"Write+Read", func() {
			buf.Reset()
			c.Write(bw, v)
			span.Reset(buf.Bytes())
			if got, err := c.Read(span); err != nil || got != v {
				t.Fatal("Read", got, err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tt.f); n != 0 {
				t.Errorf("%v allocations, want 0", n)
			}
		})
	}
}
