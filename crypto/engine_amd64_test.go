//go:build amd64 && !purego

package crypto

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestOtherEngines runs every algorithm on the standard library's
// engines, which other platforms use, by turning this package's assembly
// off, so that those paths are tested here too.
func TestOtherEngines(t *testing.T) {
	defer force(false, false, false, false)()()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, a := range allAlgorithms {
		for _, size := range []int{0, 12, 64, 1000, 3*BufferSize + 17} {
			t.Run(a.String()+"/"+strconv.Itoa(size), func(t *testing.T) {
				data := benchData(size)
				h := mustNew(t, a)
				if _, ok := h.eng.(*stdEngine); !ok {
					t.Fatalf("engine %T in use", h.eng)
				}
				m := mustHMAC(t, a, data[:min(size, 100)])
				for range 2 {
					writeInPieces(t, h, data, rng)
					writeInPieces(t, m, data, rng)
					if got, want := h.Sum(nil), stdSum(a, data); !bytes.Equal(got, want) {
						t.Fatalf("got %x, want %x", got, want)
					}
					if got, want := m.Sum(nil), stdMAC(a, data[:min(size, 100)], data); !bytes.Equal(got, want) {
						t.Fatalf("HMAC: got %x, want %x", got, want)
					}
					h.Reset()
					m.Reset()
				}
				if d, _ := Sum(a, data); !bytes.Equal(d.Bytes(), stdSum(a, data)) {
					t.Fatalf("Sum: %v", d)
				}
			})
		}
	}
}

// TestHasherOperationsOtherEngines is TestHasherOperations on the
// standard library's engines.
func TestHasherOperationsOtherEngines(t *testing.T) {
	defer force(false, false, false, false)()()
	hasherOperations(t)
}
