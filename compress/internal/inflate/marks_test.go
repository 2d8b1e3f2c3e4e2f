package inflate

import (
	"bytes"
	stdflate "compress/flate"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// marksInflate inflates stream with DecodeMarks for its Huffman blocks
// (the decoder's own header parsing for the rest), the output starting
// with the 32 Ki values of prefix. It returns the values after the prefix,
// the status of the last block decoded and the input offset in bits.
func marksInflate(t *testing.T, stream []byte, prefix []uint16) ([]uint16, Status, int64) {
	t.Helper()
	in := append(append([]byte{}, stream...), make([]byte, 64)...) // zeros after the end
	var d Decoder
	d.Reset(core.NewSpanReader(in), nil)
	out := make([]uint16, len(prefix), len(prefix)+4096)
	copy(out, prefix)
	var tab Tables
	for {
		d.header()
		if d.err != nil {
			return out[len(prefix):], Corrupt, d.BitOffset()
		}
		switch d.state {
		case stStored:
			if d.ip+d.stored > len(stream) {
				return out[len(prefix):], Corrupt, d.BitOffset()
			}
			for _, c := range d.win[d.ip : d.ip+d.stored] {
				out = append(out, uint16(c))
			}
			d.ip += d.stored
		case stHuff:
			tab.lit, tab.dist = *d.litp, *d.distp
			st := MarkState{Bits: d.bits, NBits: d.nbits, IP: d.ip, OP: len(out)}
			for {
				if st.OP+MarkSlack+1024 > cap(out) {
					n := make([]uint16, st.OP, 2*cap(out)+MarkSlack+1024)
					copy(n, out[:st.OP])
					out = n
				}
				buf := out[:cap(out)]
				s := DecodeMarks(&tab, in, buf, len(buf)-MarkSlack, &st)
				out = buf[:st.OP]
				if s == Corrupt {
					return out[len(prefix):], Corrupt, 8*int64(st.IP) - int64(st.NBits)
				}
				if s == EndOfBlock {
					break
				}
				if st.IP > len(in)-InSlack {
					return out[len(prefix):], Bounds, 8*int64(st.IP) - int64(st.NBits)
				}
			}
			d.bits, d.nbits, d.ip = st.Bits, st.NBits, st.IP
		}
		d.state = stHeader
		if d.final {
			return out[len(prefix):], EndOfBlock, d.BitOffset()
		}
	}
}

// TestDecodeMarksMatchesEngine inflates streams compressed with a
// dictionary with DecodeMarks, the window given as markers: with the
// markers replaced by the dictionary's bytes the output is the engine's,
// with the assembly loop and with the Go loop.
func TestDecodeMarksMatchesEngine(t *testing.T) {
	dict := text(40 << 10)[8<<10:]
	inputs := [][]byte{text(200 << 10), random(50<<10, 4), pattern(), append(append([]byte{}, dict[:20000]...), text(30000)...)}
	for dist := 1; dist <= 20; dist++ {
		data := random(dist, uint64(dist))
		for range 40 {
			data = append(data, data[len(data)-dist:]...)
		}
		inputs = append(inputs, data)
	}
	markers := make([]uint16, windowSize)
	for i := range markers {
		markers[i] = uint16(0x8000 + i)
	}
	defer func() { useAsm = haveAsm }()
	for i, data := range inputs {
		for _, level := range []int{stdflate.HuffmanOnly, 0, 1, 6, 9} {
			stream := deflate(t, data, level, dict)
			for _, asm := range []bool{false, true} {
				if asm && !haveAsm {
					continue
				}
				useAsm = asm
				got, st, _ := marksInflate(t, stream, markers)
				if st != EndOfBlock {
					t.Fatalf("input %d level %d asm %v: status %d", i, level, asm, st)
				}
				res := make([]byte, len(got))
				for k, v := range got {
					if v >= 0x8000 {
						res[k] = dict[v-0x8000]
					} else {
						res[k] = byte(v)
					}
				}
				if !bytes.Equal(res, data) {
					t.Fatalf("input %d level %d asm %v: %d bytes, want %d", i, level, asm, len(res), len(data))
				}
			}
		}
	}
}

// TestDecodeMarksBothLoops compares the assembly loop with the Go loop on
// streams cut and corrupted everywhere: the same values, status and
// offset; at the input's end, where the assembly loop may stop an
// iteration sooner (its refill comes before its bounds test), the values
// of one are a prefix of the other's.
func TestDecodeMarksBothLoops(t *testing.T) {
	if !haveAsm {
		t.Skip("this build has only the Go loop (purego, not amd64, or a CPU without BMI2)")
	}
	defer func() { useAsm = haveAsm }()
	markers := make([]uint16, windowSize)
	for i := range markers {
		markers[i] = uint16(0x8000 + i)
	}
	stream := deflate(t, text(6000), 6, text(40 << 10)[8<<10:])
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range stream {
		bad := append([]byte{}, stream...)
		bad[i] ^= byte(1 << rng.IntN(8))
		for _, s := range [][]byte{bad, stream[:i]} {
			useAsm = true
			a, sa, oa := marksInflate(t, s, markers)
			useAsm = false
			b, sb, ob := marksInflate(t, s, markers)
			if sa == Bounds && sb == Bounds {
				if len(a) > len(b) {
					a, b = b, a
				}
				if !slices.Equal(a, b[:len(a)]) {
					t.Fatalf("offset %d: at the input's end, %d values and %d values differ", i, len(a), len(b))
				}
				continue
			}
			if !slices.Equal(a, b) || sa != sb || oa != ob {
				t.Fatalf("offset %d: assembly %d values, status %d, bit %d; Go %d, %d, %d", i, len(a), sa, oa, len(b), sb, ob)
			}
		}
	}
}

// TestDecodeMarksSlack checks that DecodeMarks refuses an output without
// its slack rather than writing past it.
func TestDecodeMarksSlack(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for an output without slack")
		}
	}()
	var st MarkState
	DecodeMarks(Fixed, make([]byte, 64), make([]uint16, 100), 100, &st)
}
