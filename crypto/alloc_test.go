package crypto

import (
	"strings"
	"testing"
)

func TestZeroAllocs(t *testing.T) {
	if raceEnabled {
		// The race detector makes sync.Pool drop items at random, so the
		// pooled one-shots allocate now and then.
		t.Skip("allocation counts are not meaningful under -race")
	}
	msg := []byte(strings.Repeat("Hello World\n", 100))
	large := make([]byte, 3*BufferSize+5)
	key := []byte("key")
	var out [MaxSize]byte
	var hexOut [2 * MaxSize]byte
	for _, a := range allAlgorithms {
		h := mustNew(t, a)
		m, err := NewHMAC(a, key)
		if err != nil {
			t.Fatal(err)
		}
		want := h.Sum(nil)
		tests := []struct {
			name string
			f    func()
		}{
			{"Write", func() { h.Write(msg[:12]) }},
			{"WriteString", func() { h.WriteString("Hello World\n") }},
			{"WriteByte", func() { h.WriteByte('x') }},
			{"Put", func() { h.Put(msg[:12]) }},
			{"PutString", func() { h.PutString("Hello World\n") }},
			{"PutByte", func() { h.PutByte('x') }},
			{"WriteLarge", func() { h.Write(large) }},
			{"ReserveCommit", func() { p := h.Reserve(16); h.Commit(copy(p, "0123456789")) }},
			{"Sum", func() { h.Reset(); h.Write(msg); h.Sum(out[:0]) }},
			{"Digest", func() { _ = h.Digest() }},
			{"AppendHex", func() { h.AppendHex(hexOut[:0]) }},
			{"Verify", func() { h.Reset(); h.Verify(want) }},
			{"VerifyHex", func() { h.VerifyHex("00112233445566778899aabbccddeeff0011223344556677") }},
			{"HMAC", func() { m.Reset(); m.Write(msg); m.Sum(out[:0]) }},
			{"SumOneShot", func() { _, _ = Sum(a, msg) }},
			{"MACOneShot", func() { _, _ = MAC(a, key, msg) }},
		}
		for _, tt := range tests {
			t.Run(a.String()+"/"+tt.name, func(t *testing.T) {
				tt.f() // warm pools
				if n := testing.AllocsPerRun(100, tt.f); n != 0 {
					t.Errorf("%v allocations per call, want 0", n)
				}
			})
		}
	}
	typed := []struct {
		name string
		f    func()
	}{
		{"Sum1", func() { _ = Sum1(msg) }},
		{"Sum224", func() { _ = Sum224("Hello World\n") }},
		{"Sum256", func() { _ = Sum256(msg) }},
		{"Sum256String", func() { _ = Sum256("Hello World\n") }},
		{"Sum384", func() { _ = Sum384(msg) }},
		{"Sum512", func() { _ = Sum512(msg) }},
		{"Sum512_256", func() { _ = Sum512_256(msg) }},
	}
	for _, tt := range typed {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tt.f); n != 0 {
				t.Errorf("%v allocations per call, want 0", n)
			}
		})
	}
}
