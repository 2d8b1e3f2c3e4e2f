package binary

import (
	"bytes"
	stdbinary "encoding/binary"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzDecodeFixed decodes arbitrary bytes as a padded struct with bools
// in both orders: it must agree with encoding/binary except where
// encoding/binary accepts a bool byte above 1, and what it accepts must
// re-encode to the same bytes.
func FuzzDecodeFixed(f *testing.F) {
	c, _ := For[padded](LittleEndian)
	f.Add(c.Append(nil, padded{A: 1, C: true}))
	f.Add([]byte{1, 2, 3})
	f.Add(bytes.Repeat([]byte{0xff}, 40))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, order := range []ByteOrder{LittleEndian, BigEndian} {
			c, _ := For[padded](order)
			v, n, err := c.Decode(in)
			var std padded
			_, stdErr := stdbinary.Decode(in, order.std(), &std)
			switch {
			case err == nil:
				// encoding/binary decodes complex64 through float64, which
				// quiets signalling NaNs; we keep the bits. So compare
				// only values without NaN (a NaN makes std unequal to itself).
				if stdErr != nil || (cmp.Equal(std, std) && !cmp.Equal(v, std)) {
					t.Fatalf("%v: decoded %+v; encoding/binary %+v, %v", order, v, std, stdErr)
				}
				if re := c.Append(nil, v); !bytes.Equal(re, in[:n]) {
					t.Fatalf("%v: re-encoding gives % x, input % x", order, re, in[:n])
				}
			case errors.Is(err, ErrShort):
				if stdErr == nil {
					t.Fatalf("%v: short for us, not for encoding/binary", order)
				}
			case !errors.Is(err, ErrBool):
				t.Fatalf("%v: unexpected error %v", order, err)
			}
		}
	})
}

// FuzzDecodeContainers checks that the container decoders never panic or
// over-allocate, and that what they accept round-trips.
func FuzzDecodeContainers(f *testing.F) {
	s, _ := AppendSlice(nil, BigEndian, []string{"a", "bc"})
	m, _ := AppendMap(nil, LittleEndian, map[uint16]string{1: "x", 2: "y"})
	u, _ := AppendSlice(nil, LittleEndian, []uint32{1, 2, 3})
	f.Add(s)
	f.Add(m)
	f.Add(u)
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, in []byte) {
		if v, n, err := DecodeSlice[string](in, BigEndian, 1000); err == nil {
			re, _ := AppendSlice(nil, BigEndian, v)
			if !bytes.Equal(re, in[:n]) {
				t.Fatalf("[]string round trip: % x vs % x", re, in[:n])
			}
		}
		if v, n, err := DecodeSlice[withBools](in, LittleEndian, 0); err == nil {
			if len(v) > len(in) {
				t.Fatalf("%d elements from %d bytes", len(v), len(in))
			}
			re, _ := AppendSlice(nil, LittleEndian, v)
			if !bytes.Equal(re, in[:n]) {
				t.Fatalf("[]withBools round trip: % x vs % x", re, in[:n])
			}
		}
		if v, n, err := DecodeMap[uint16, string](in, LittleEndian, 0); err == nil {
			re, _ := AppendMap(nil, LittleEndian, v)
			if len(re) != n {
				t.Fatalf("map re-encodes to %d bytes, read %d", len(re), n)
			}
		}
		DecodeMap[string, [3]float32](in, BigEndian, 16)
		DecodeSlice[[]byte](in, LittleEndian, 0)
	})
}

func FuzzRoundTrip(f *testing.F) {
	f.Add(uint8(1), int64(-1), 1.5, true, "s")
	f.Fuzz(func(t *testing.T, a uint8, b int64, c float64, d bool, s string) {
		type rec struct {
			A uint8
			B int64
			C float64
			D bool
		}
		for _, order := range []ByteOrder{LittleEndian, BigEndian} {
			v := rec{a, b, c, d}
			enc, err := Append(nil, order, v)
			if err != nil {
				t.Fatal(err)
			}
			back, n, err := Decode[rec](enc, order)
			if err != nil || n != len(enc) || !cmp.Equal(back, v, cmp.Comparer(func(x, y float64) bool { return x == y || x != x && y != y })) {
				t.Fatalf("%v: %+v -> %+v, %v", order, v, back, err)
			}
			m := map[string]rec{s: v}
			encM, _ := AppendMap(nil, order, m)
			backM, _, err := DecodeMap[string, rec](encM, order, 0)
			if err != nil || len(backM) != 1 {
				t.Fatalf("map: %v, %v", backM, err)
			}
		}
	})
}
