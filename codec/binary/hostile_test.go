package binary

import (
	"errors"
	"io"
	"runtime"
	"testing"

	"github.com/fastio-go/fastio/codec/varint"

	"github.com/fastio-go/fastio/core"
)

// allocated returns the bytes f allocates on the heap (the TotalAlloc
// delta of runtime.MemStats, which counts every allocation, freed or not).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// hostile returns a count claiming as many elements of minSize bytes as
// the input could hold, then body repeated, size bytes in all.
func hostile(size, minSize int, body []byte) []byte {
	p := varint.AppendUint(nil, uint64((size-varint.MaxLen64)/minSize))
	for len(p) < size {
		p = append(p, body...)
	}
	return p[:size]
}

// TestHostileCountsAllocation decodes containers whose count claims far
// more elements than decode, and checks that the memory allocated stays
// within a small multiple of the input, not of the claimed count times the
// element's memory size.
func TestHostileCountsAllocation(t *testing.T) {
	const size = 4 << 20
	tests := []struct {
		name   string
		in     []byte
		decode func([]byte) error
		err    error
	}{
		{"map[string]string duplicate key at once", hostile(size, 2, []byte{1, 'k', 0}),
			func(p []byte) error { _, _, err := DecodeMap[string, string](p, LittleEndian, 0); return err }, ErrDuplicateKey},
		{"map[string]string truncated after two", hostile(size, 2, []byte{0})[:10],
			func(p []byte) error { _, _, err := DecodeMap[string, string](p, LittleEndian, 0); return err }, core.ErrTooLarge},
		{"[]string bad length at once", hostile(size, 1, []byte{0xff}),
			func(p []byte) error { _, _, err := DecodeSlice[string](p, LittleEndian, 0); return err }, varint.ErrTooLong},
		{"[][]byte overlong at once", hostile(size, 1, []byte{0x80, 0x00}),
			func(p []byte) error { _, _, err := DecodeSlice[[]byte](p, LittleEndian, 0); return err }, varint.ErrOverlong},
		{"map[uint8]bool bad bool", hostile(size, 2, []byte{1, 2}),
			func(p []byte) error { _, _, err := DecodeMap[uint8, bool](p, LittleEndian, 0); return err }, ErrBool},
		{"[]sparse bad bool at once", hostile(size, 1, []byte{2}),
			func(p []byte) error { _, _, err := DecodeSlice[sparse](p, LittleEndian, 0); return err }, ErrBool},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			got := allocated(func() { err = tt.decode(tt.in) })
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if limit := 2*uint64(len(tt.in)) + 64<<10; got > limit {
				t.Fatalf("allocated %d bytes for %d bytes of input (limit %d)", got, len(tt.in), limit)
			}
		})
	}
}

// sparse is a fixed-size type whose memory is 16 times its encoding: one
// byte of wire, the rest alignment padding.
type sparse struct {
	B bool
	_ [0]uint64
}

// TestValidContainersAllocation checks that valid input is decoded with
// memory in proportion to the result: n empty strings take n string
// headers, however the count is pre-sized.
func TestValidContainersAllocation(t *testing.T) {
	const n = 1 << 18
	in := append(varint.AppendUint(nil, n), make([]byte, n)...) // n empty strings
	var s []string
	got := allocated(func() {
		var err error
		if s, _, err = DecodeSlice[string](in, LittleEndian, 0); err != nil {
			t.Fatal(err)
		}
	})
	if len(s) != n {
		t.Fatalf("%d strings, want %d", len(s), n)
	}
	if limit := uint64(4 * 16 * n); got > limit { // 4x the headers: doubling growth, and the race detector's own allocations
		t.Fatalf("allocated %d bytes for %d strings (limit %d)", got, n, limit)
	}
	sp := append(varint.AppendUint(nil, n), make([]byte, n)...)
	sp[len(sp)-1] = 1
	v, _, err := DecodeSlice[sparse](sp, LittleEndian, 0)
	if err != nil || len(v) != n || !v[n-1].B {
		t.Fatalf("sparse: %d values, %v", len(v), err)
	}
}

// TestTruncatedVocabulary checks that every way input can end too soon
// matches io.ErrUnexpectedEOF, and that a limit does not.
func TestTruncatedVocabulary(t *testing.T) {
	tests := []struct {
		name      string
		err       error
		truncated bool
	}{
		{"fixed short", func() error { _, _, err := Decode[uint32]([]byte{1, 2}, LittleEndian); return err }(), true},
		{"count truncated", func() error { _, _, err := DecodeSlice[uint8]([]byte{0x80}, LittleEndian, 0); return err }(), true},
		{"slice beyond input", func() error { _, _, err := DecodeSlice[uint16]([]byte{2, 1, 0}, LittleEndian, 0); return err }(), true},
		{"string beyond input", func() error { _, _, err := DecodeString([]byte{3, 'a'}, 0); return err }(), true},
		{"map beyond input", func() error { _, _, err := DecodeMap[string, string]([]byte{2, 0, 0, 1}, LittleEndian, 0); return err }(), true},
		{"string beyond limit", func() error { _, _, err := DecodeString([]byte{3, 'a', 'b', 'c'}, 2); return err }(), false},
		{"bad bool", func() error { _, _, err := Decode[bool]([]byte{2}, LittleEndian); return err }(), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil {
				t.Fatal("no error")
			}
			if got := errors.Is(tt.err, io.ErrUnexpectedEOF); got != tt.truncated {
				t.Fatalf("%v: errors.Is(err, io.ErrUnexpectedEOF) = %v, want %v", tt.err, got, tt.truncated)
			}
		})
	}
}
