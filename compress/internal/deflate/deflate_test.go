package deflate

import (
	"bytes"
	"compress/flate"
	"io"
	"math/rand/v2"
	"testing"
)

func roundTrip(t *testing.T, level int, data []byte, chunk int) int {
	t.Helper()
	var out bytes.Buffer
	e := NewEncoder(&out, level)
	for p := data; len(p) > 0; p = p[min(len(p), chunk):] {
		if _, err := e.Write(p[:min(len(p), chunk)]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(flate.NewReader(bytes.NewReader(out.Bytes())))
	if err != nil {
		t.Fatalf("level %d, %d bytes: inflate: %v", level, len(data), err)
	}
	if !bytes.Equal(got, data) {
		t.Fatalf("level %d, %d bytes: round trip differs", level, len(data))
	}
	return out.Len()
}

func TestQuick(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var text []byte
	words := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"}
	for len(text) < 1<<20 {
		text = append(text, words[rng.IntN(len(words))]...)
		text = append(text, ' ')
	}
	rnd := make([]byte, 300<<10)
	for i := range rnd {
		rnd[i] = byte(rng.Uint32())
	}
	for _, level := range []int{1, 6} {
		for _, d := range [][]byte{nil, {1}, []byte("abcabcabcabc"), text, rnd, make([]byte, 700<<10)} {
			n := roundTrip(t, level, d, 32<<10)
			t.Logf("level %d: %d -> %d", level, len(d), n)
		}
	}
}
