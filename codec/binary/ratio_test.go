package binary

import (
	"bytes"
	stdbinary "encoding/binary"
	"os"
	"testing"

	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// TestRatios measures Codec against encoding/binary in process CPU time,
// alternately in the same run (see cputime.CompareCPU), after checking
// that both produce the same bytes. It only runs with FASTIO_RATIOS set.
func TestRatios(t *testing.T) {
	if os.Getenv("FASTIO_RATIOS") == "" {
		t.Skip("set FASTIO_RATIOS=1 to measure the performance ratios")
	}
	u32 := make([]uint32, 1024)
	for i := range u32 {
		u32[i] = uint32(i) * 2654435761
	}
	pad := make([]padded, 256)
	for i := range pad {
		pad[i] = padded{A: uint8(i), B: int64(i), C: i%2 == 0}
	}
	h := header{0xCAFEBABE, 3, 1, 1 << 40}
	buf := make([]byte, 0, 1<<16)
	buf2 := make([]byte, 0, 1<<16)
	for _, order := range []ByteOrder{LittleEndian, BigEndian} {
		std := order.std()
		ch, _ := For[header](order)
		cu, _ := For[uint32](order)
		cp, _ := For[padded](order)
		cases := []struct {
			name     string
			ours, pr func(n int)
		}{
			{"Struct16 append", func(n int) {
				for range n {
					buf = ch.Append(buf[:0], h)
				}
			}, func(n int) {
				for range n {
					buf2, _ = stdbinary.Append(buf2[:0], std, h)
				}
			}},
			{"Uint32Slice1K append", func(n int) {
				for range n {
					buf = cu.AppendSlice(buf[:0], u32)
				}
			}, func(n int) {
				for range n {
					buf2, _ = stdbinary.Append(stdbinary.AppendUvarint(buf2[:0], uint64(len(u32))), std, u32)
				}
			}},
			{"PaddedStructSlice256 append", func(n int) {
				for range n {
					buf = cp.AppendSlice(buf[:0], pad)
				}
			}, func(n int) {
				for range n {
					buf2, _ = stdbinary.Append(stdbinary.AppendUvarint(buf2[:0], uint64(len(pad))), std, pad)
				}
			}},
		}
		for _, c := range cases {
			a, b := cputime.CompareCPU(21, 50, c.ours, c.pr)
			if !bytes.Equal(buf, buf2) {
				t.Fatalf("%s %v: outputs differ", c.name, order)
			}
			t.Logf("%-28s %-13v fastio %8.1f ns, encoding/binary %8.1f ns: %.2fx", c.name, order, a, b, b/a)
		}
		// Decoding the same bytes.
		encH := ch.Append(nil, h)
		encU := cu.AppendSlice(nil, u32)
		encP := cp.AppendSlice(nil, pad)
		intoU := make([]uint32, len(u32))
		intoU2 := make([]uint32, len(u32))
		intoP := make([]padded, len(pad))
		intoP2 := make([]padded, len(pad))
		var hv, hv2 header
		dec := []struct {
			name     string
			ours, pr func(n int)
		}{
			{"Struct16 decode", func(n int) {
				for range n {
					hv, _, _ = ch.Decode(encH)
				}
			}, func(n int) {
				for range n {
					stdbinary.Decode(encH, std, &hv2)
				}
			}},
			{"Uint32Slice1K decode", func(n int) {
				for range n {
					intoU, _, _ = cu.DecodeSlice(encU, intoU, 0)
				}
			}, func(n int) {
				for range n {
					_, k := stdbinary.Uvarint(encU)
					stdbinary.Decode(encU[k:], std, intoU2)
				}
			}},
			{"PaddedStructSlice256 decode", func(n int) {
				for range n {
					intoP, _, _ = cp.DecodeSlice(encP, intoP, 0)
				}
			}, func(n int) {
				for range n {
					_, k := stdbinary.Uvarint(encP)
					stdbinary.Decode(encP[k:], std, intoP2)
				}
			}},
		}
		for _, c := range dec {
			a, b := cputime.CompareCPU(21, 50, c.ours, c.pr)
			t.Logf("%-28s %-13v fastio %8.1f ns, encoding/binary %8.1f ns: %.2fx", c.name, order, a, b, b/a)
		}
		if hv != hv2 || !slicesEqual(intoU, intoU2) || !slicesEqual(intoP, intoP2) {
			t.Fatalf("%v: decoded values differ", order)
		}
	}
}
