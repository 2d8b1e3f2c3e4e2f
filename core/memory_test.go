package core_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
)

func TestWrapWriterBytesBuffer(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("ab")
	w := core.WrapWriter(&b)
	w.Write([]byte("cd"))
	io.WriteString(w, "e")
	p := w.Reserve(100)
	if len(p) < 100 {
		t.Fatal("Reserve too short")
	}
	if b.Len() != 5 {
		t.Fatal("Reserve wrote to the Buffer")
	}
	copy(p, "XYZ")
	w.Commit(3)
	if &p[0] != &b.Bytes()[5] {
		t.Fatal("Reserve did not lend the Buffer's own spare capacity")
	}
	if w.Flush() != nil {
		t.Fatal("error before a bad Commit")
	}
	w.Reserve(2)
	w.Commit(-1)      // appends nothing, recorded
	w.Commit(1 << 30) // appends nothing
	if b.String() != "abcdeXYZ" || !errors.Is(w.Flush(), core.ErrInvalidCount) {
		t.Fatalf("%q, Flush %v", b.String(), w.Flush())
	}
	if w.Reserve(0) == nil && w.Reserve(-1) == nil {
		t.Fatal("Reserve(0) and Reserve(-1) must return the free space, not nil")
	}
}

func TestSpanReader(t *testing.T) {
	data := []byte("span of bytes")
	s := core.NewSpanReader(data)
	if &s.Window()[0] != &data[0] {
		t.Fatal("window is not the caller's slice")
	}
	s.Consume(5)
	if string(s.Window()) != "of bytes" {
		t.Fatal(string(s.Window()))
	}
	if n, err := s.Fill(); n != 0 || err != io.EOF {
		t.Fatal(n, err)
	}
	p := make([]byte, 4)
	if n, err := s.Read(p); n != 4 || err != nil || string(p) != "of b" {
		t.Fatal(n, err, string(p))
	}
	if n, err := s.Read(p); n != 4 || err != nil || string(p) != "ytes" {
		t.Fatal(n, err, string(p))
	}
	if n, err := s.Read(p[:0]); n != 0 || err != nil {
		t.Fatal("zero-length Read at the end:", n, err)
	}
	if n, err := s.Read(p); n != 0 || err != io.EOF {
		t.Fatal(n, err)
	}
	s.Consume(-1)
	s.Consume(100)
	s.Reset([]byte("again"))
	all, _ := io.ReadAll(s)
	if string(all) != "again" {
		t.Fatal(string(all))
	}
}

func TestErrMethod(t *testing.T) {
	failing := core.NewWriterSize(lyingDev{-1}, 64)
	failing.WriteString("x")
	failing.Flush()
	misused := core.WrapWriter(new(bytes.Buffer))
	misused.Reserve(1)
	misused.Commit(-1)
	tests := []struct {
		name string
		w    any
		want error
	}{
		{"Writer ok", core.NewWriter(io.Discard), nil},
		{"Writer failed", failing, core.ErrInvalidCount},
		{"bytes.Buffer adapter ok", core.WrapWriter(new(bytes.Buffer)), nil},
		{"bytes.Buffer adapter misused", misused, core.ErrInvalidCount},
		{"bufio adapter ok", core.WrapWriter(bufio.NewWriter(io.Discard)), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := tc.w.(interface{ Err() error })
			if !ok {
				t.Fatal("no Err method")
			}
			if err := r.Err(); !errors.Is(err, tc.want) || (tc.want == nil && err != nil) {
				t.Fatalf("Err() = %v, want %v", err, tc.want)
			}
		})
	}
}
