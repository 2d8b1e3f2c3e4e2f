package format

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// intsWant is Ints's output built with strconv.
func intsWant[T int64 | uint64 | int8 | uint16](xs []T, sep string) string {
	var b []byte
	for i, v := range xs {
		if i > 0 {
			b = append(b, sep...)
		}
		if v < 0 {
			b = strconv.AppendInt(b, int64(v), 10)
		} else {
			b = strconv.AppendUint(b, uint64(v), 10)
		}
	}
	return string(b)
}

// intsEveryWriter runs Ints(w, xs, sep) through every kind of writer, and
// the loop of Int and Str it stands for, and returns each output by name.
func intsEveryWriter[T core.Integer](xs []T, sep string) map[string]string {
	out := map[string]string{}
	var loop scratchBuf
	for i, v := range xs {
		if i > 0 {
			Str(&loop, sep)
		}
		Int(&loop, v)
	}
	out["Int+Str loop"] = loop.String()

	var dev bytes.Buffer
	cw := core.NewWriterSize(&dev, 128) // small: many batches and flushes
	Ints(cw, xs, sep)
	cw.Flush()
	out["*core.Writer"] = dev.String()

	var buf scratchBuf
	Ints(&buf, xs, sep)
	out["*scratchBuf"] = buf.String()

	var bw core.BufferedWriter = &buf
	buf.Reset()
	Ints(bw, xs, sep)
	out["core.BufferedWriter"] = buf.String()

	for _, size := range []int{16, 100, 4096} {
		var sb strings.Builder
		w := bufio.NewWriterSize(&sb, size)
		Ints(w, xs, sep)
		w.Flush()
		out["*bufio.Writer "+strconv.Itoa(size)] = sb.String()
	}

	var fw flushWriter
	Ints(&fw, xs, sep)
	out["other Writer"] = fw.String()
	return out
}

func TestInts(t *testing.T) {
	many := make([]int64, 3000)
	for i := range many {
		many[i] = int64(i*7919) - 1e6
	}
	tests := []struct {
		name string
		xs   []int64
		sep  string
	}{
		{"empty", nil, ","},
		{"one", []int64{42}, ","},
		{"zero", []int64{0, 0, 0}, " "},
		{"negative", []int64{-1, -10, -99999999, -100000000}, ", "},
		{"extremes", []int64{math.MinInt64, math.MaxInt64, 0, -1}, "\n"},
		{"no separator", []int64{1, 22, 333}, ""},
		{"long separator", []int64{1, 2, 3}, strings.Repeat("-", 65)},
		{"separator at the batch limit", []int64{1, 2, 3}, strings.Repeat("+", 64)},
		{"many", many, "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := intsWant(tt.xs, tt.sep)
			for name, got := range intsEveryWriter(tt.xs, tt.sep) {
				if got != want {
					t.Errorf("%s: got %.80q..., want %.80q...", name, got, want)
				}
			}
		})
	}
}

func TestIntsTypes(t *testing.T) {
	u := []uint64{0, 9, 10, math.MaxUint64, 1e16, 1e16 - 1}
	for name, got := range intsEveryWriter(u, " ") {
		if want := intsWant(u, " "); got != want {
			t.Errorf("uint64, %s: got %q, want %q", name, got, want)
		}
	}
	i8 := []int8{-128, -1, 0, 127}
	for name, got := range intsEveryWriter(i8, ";") {
		if want := intsWant(i8, ";"); got != want {
			t.Errorf("int8, %s: got %q, want %q", name, got, want)
		}
	}
	u16 := []uint16{0, 65535, 1000}
	for name, got := range intsEveryWriter(u16, ",") {
		if want := intsWant(u16, ","); got != want {
			t.Errorf("uint16, %s: got %q, want %q", name, got, want)
		}
	}
}

// TestIntsError checks that a device error reaches Flush and that Ints on
// a writer that has failed returns without a panic or a hang.
func TestIntsError(t *testing.T) {
	w := core.NewWriterSize(failingWriter{}, 64)
	Ints(w, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}, ", ")
	if err := w.Flush(); err == nil {
		t.Fatal("Flush after a failed device: nil error")
	}
	Ints(w, []int{1, 2, 3}, ",") // after the error: no panic
}

type failingWriter struct{}

func (failingWriter) Write(p []byte) (int, error) { return 0, errFailing }

var errFailing = errors.New("device failed")

func TestIntsAllocs(t *testing.T) {
	xs := make([]int, 1000)
	for i := range xs {
		xs[i] = i * 1234567
	}
	cw := core.NewWriter(discard{})
	bw := bufio.NewWriter(discard{})
	var fw flushWriter
	for name, f := range map[string]func(){
		"*core.Writer":  func() { Ints(cw, xs, "\n") },
		"*bufio.Writer": func() { Ints(bw, xs, ", ") },
		"other Writer":  func() { fw.Reset(); Ints(&fw, xs, ",") },
	} {
		f() // warm the pool
		if n := testing.AllocsPerRun(50, f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
}

func FuzzInts(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 255, 255, 255, 255, 255, 255, 255, 255}, ", ")
	f.Add([]byte{}, "")
	f.Add(bytes.Repeat([]byte{0x80}, 64), "\n")
	f.Fuzz(func(t *testing.T, data []byte, sep string) {
		xs := make([]int64, len(data)/8)
		for i := range xs {
			// The low bits of the first byte choose a magnitude, so that
			// every digit count is common.
			v := int64(binary.LittleEndian.Uint64(data[8*i:]))
			xs[i] = v >> (data[8*i] & 63)
		}
		want := intsWant(xs, sep)
		for name, got := range intsEveryWriter(xs, sep) {
			if got != want {
				t.Fatalf("%s: got %q, want %q", name, got, want)
			}
		}
	})
}
