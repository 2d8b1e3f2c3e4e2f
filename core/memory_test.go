package core_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
)

func TestBuffer(t *testing.T) {
	var b core.Buffer
	b.WriteString("ab")
	b.Write([]byte("cd"))
	b.WriteByte('e')
	b.WriteRune('é')
	p := b.Reserve(100)
	if len(p) < 100 {
		t.Fatal("Reserve too short")
	}
	copy(p, "XYZ")
	b.Commit(3)
	if b.Flush() != nil || b.Err() != nil {
		t.Fatal("error before a bad Commit")
	}
	b.Commit(-1)      // appends nothing, recorded
	b.Commit(1 << 30) // appends nothing
	if b.String() != "abcdeéXYZ" || b.Len() != 10 || !errors.Is(b.Flush(), core.ErrInvalidCount) || b.Err() != core.ErrInvalidCount {
		t.Fatalf("%q, Flush %v", b.String(), b.Flush())
	}
	var out bytes.Buffer
	if n, err := b.WriteTo(&out); n != 10 || err != nil || out.String() != "abcdeéXYZ" || b.Len() != 0 {
		t.Fatal(n, err)
	}
	if n, err := b.ReadFrom(strings.NewReader(strings.Repeat("r", 2000))); n != 2000 || err != nil || b.Len() != 2000 {
		t.Fatal(n, err)
	}
	b.Reset()
	if b.Len() != 0 {
		t.Fatal("Reset")
	}
	backing := make([]byte, 0, 16)
	nb := core.NewBuffer(backing)
	nb.WriteString("in place")
	if &nb.Bytes()[0] != &backing[:1][0] {
		t.Fatal("NewBuffer did not use the caller's capacity")
	}
}

func TestSpanWriter(t *testing.T) {
	tests := []struct {
		name    string
		size    int
		writes  []string
		want    string
		wantErr error
	}{
		{"fits", 10, []string{"abc", "def"}, "abcdef", nil},
		{"exact", 6, []string{"abc", "def"}, "abcdef", nil},
		{"overflow keeps prefix", 5, []string{"abc", "def", "g"}, "abcde", core.ErrBufferFull},
		{"empty span", 0, []string{"x"}, "", core.ErrBufferFull},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := core.NewSpanWriter(make([]byte, tc.size))
			var err error
			for _, w := range tc.writes {
				if _, e := s.WriteString(w); e != nil && err == nil {
					err = e
				}
			}
			if string(s.Bytes()) != tc.want || !errors.Is(err, tc.wantErr) || !errors.Is(s.Flush(), tc.wantErr) {
				t.Fatalf("got %q, %v", s.Bytes(), err)
			}
		})
	}
	s := core.NewSpanWriter(make([]byte, 8))
	p := s.Reserve(4)
	copy(p, "1234")
	s.Commit(4)
	p = s.Reserve(10) // more than free: scratch
	copy(p, "5678901234")
	s.Commit(10)
	if string(s.Bytes()) != "12345678" || !errors.Is(s.Flush(), core.ErrBufferFull) {
		t.Fatalf("%q %v", s.Bytes(), s.Flush())
	}
	s.Reset()
	s.Reserve(2)
	s.Commit(100)
	if !errors.Is(s.Flush(), core.ErrInvalidCount) {
		t.Fatal(s.Flush())
	}
	if _, err := s.Write([]byte("x")); !errors.Is(err, core.ErrInvalidCount) {
		t.Fatal(err)
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
	full := core.NewSpanWriter(make([]byte, 2))
	full.WriteString("abc")
	failing := core.NewWriterSize(lyingDev{-1}, 64)
	failing.WriteString("x")
	failing.Flush()
	tests := []struct {
		name string
		w    interface{ Err() error }
		want error
	}{
		{"Buffer", &core.Buffer{}, nil},
		{"SpanWriter ok", core.NewSpanWriter(make([]byte, 8)), nil},
		{"SpanWriter full", full, core.ErrBufferFull},
		{"Writer ok", core.NewWriter(io.Discard), nil},
		{"Writer failed", failing, core.ErrInvalidCount},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.w.Err(); !errors.Is(err, tc.want) || (tc.want == nil && err != nil) {
				t.Fatalf("Err() = %v, want %v", err, tc.want)
			}
		})
	}
	if _, ok := core.WrapWriter(bufio.NewWriter(io.Discard)).(interface{ Err() error }); !ok {
		t.Fatal("the bufio adapter should report errors")
	}
}
