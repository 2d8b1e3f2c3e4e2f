package crypto

import (
	"bytes"
	stdhmac "crypto/hmac"
	"io"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// TestConformance runs core's conformance suite over the Hasher of every
// algorithm, plain and HMAC: a hash is its own device, so the suite
// compares digests across chunkings and ways of writing, and the digest of
// the suite's input is checked against the standard library here.
func TestConformance(t *testing.T) {
	input := bytes.Repeat([]byte("The quick brown fox jumps over the lazy dog.\n"), 300)
	for _, a := range allAlgorithms {
		for _, hmac := range []bool{false, true} {
			name := a.String()
			newHasher := func() *Hasher { return mustNew(t, a) }
			if hmac {
				name += "/HMAC"
				newHasher = func() *Hasher { return mustHMAC(t, a, []byte("conformance key")) }
			}
			t.Run(name, func(t *testing.T) {
				coretest.TestBufferedWriter(t, coretest.WriterConfig{
					New:    func(io.Writer) core.BufferedWriter { return newHasher() },
					Output: func(w core.BufferedWriter) []byte { return w.(*Hasher).Sum(nil) },
					Input:  input,
				})
				h := newHasher()
				h.Write(input)
				want := stdSum(a, input)
				if hmac {
					m := stdhmac.New(stdNew(a), []byte("conformance key"))
					m.Write(input)
					want = m.Sum(nil)
				}
				if !bytes.Equal(h.Sum(nil), want) {
					t.Fatal("digest of the suite's input differs from the standard library's")
				}
			})
		}
	}
}
