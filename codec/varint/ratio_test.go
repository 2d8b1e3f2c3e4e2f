package varint

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// TestRatios measures AppendUint and Decode against encoding/binary
// on the benchmark data sets in process CPU time, alternately in the same
// run (see cputime.CompareCPU). It checks that both sides produce the
// same bytes and values, and only runs with FASTIO_RATIOS set.
func TestRatios(t *testing.T) {
	if os.Getenv("FASTIO_RATIOS") == "" {
		t.Skip("set FASTIO_RATIOS=1 to measure the performance ratios")
	}
	for _, d := range benchData {
		buf := make([]byte, 0, len(d.vs)*MaxLen64)
		buf2 := make([]byte, 0, len(d.vs)*MaxLen64)
		appendOurs := func(n int) {
			for range n {
				buf = buf[:0]
				for _, v := range d.vs {
					buf = AppendUint(buf, v)
				}
			}
		}
		appendStd := func(n int) {
			for range n {
				buf2 = buf2[:0]
				for _, v := range d.vs {
					buf2 = binary.AppendUvarint(buf2, v)
				}
			}
		}
		a, b := cputime.CompareCPU(21, 20, appendOurs, appendStd)
		if string(buf) != string(buf2) {
			t.Fatalf("%s: AppendUint and AppendUvarint differ", d.name)
		}
		var sumOurs, sumStd uint64
		decodeOurs := func(n int) {
			for range n {
				for p := buf; len(p) > 0; {
					v, k := Decode(p)
					sumOurs += v
					p = p[k:]
				}
			}
		}
		decodeStd := func(n int) {
			for range n {
				for p := buf; len(p) > 0; {
					v, k := binary.Uvarint(p)
					sumStd += v
					p = p[k:]
				}
			}
		}
		c, e := cputime.CompareCPU(21, 20, decodeOurs, decodeStd)
		if sumOurs != sumStd {
			t.Fatalf("%s: Uint and Uvarint decode different values", d.name)
		}
		t.Logf("%-5s append %.2f ns/value vs AppendUvarint %.2f: %.2fx; decode %.2f vs Uvarint %.2f: %.2fx",
			d.name, a/1024, b/1024, b/a, c/1024, e/1024, e/c)
	}
}
