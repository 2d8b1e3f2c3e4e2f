package format

import (
	"bytes"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"unsafe"

	"github.com/fastio-go/fastio/core"
)

// diffCount is how many random integers TestIntegersMatchStrconv checks
// in all: 100M under make stress (FASTIO_STRESS=1), 2M by default, 200k
// with -short or -race.
func diffCount() int {
	switch {
	case os.Getenv("FASTIO_STRESS") == "1":
		return 100_000_000
	case testing.Short() || raceEnabled:
		return 200_000
	}
	return 2_000_000
}

// TestIntegersMatchStrconv formats random integers of every width and
// sign with every integer writer of the package (IntLn, Int, Ints,
// AppendInt, PrintLnArgs) and compares the bytes with strconv's. Half
// the values are uniform over the width's bits, half have a uniformly
// random bit length, so that every digit count is common; each width
// also checks its extremes and the neighbours of every power of ten. The
// writer has the smallest buffer, so that the paths for a full buffer
// run as often as the in-place ones.
func TestIntegersMatchStrconv(t *testing.T) {
	n := diffCount()
	for i, c := range []struct {
		name string
		run  func(*testing.T, *rand.Rand, int)
	}{
		{"int8", diffInts[int8]},
		{"int16", diffInts[int16]},
		{"int32", diffInts[int32]},
		{"int64", diffInts[int64]},
		{"int", diffInts[int]},
		{"uint8", diffInts[uint8]},
		{"uint16", diffInts[uint16]},
		{"uint32", diffInts[uint32]},
		{"uint64", diffInts[uint64]},
		{"uint", diffInts[uint]},
		{"uintptr", diffInts[uintptr]},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.run(t, rand.New(rand.NewPCG(29, uint64(i))), n/11)
		})
	}
}

// randInt returns a random T: uniform over its bits, or of a uniformly
// random bit length with a random sign.
func randInt[T core.Integer](r *rand.Rand) T {
	u := r.Uint64()
	if u&1 == 0 {
		return T(u >> 1)
	}
	bits := uint(unsafe.Sizeof(T(0))) * 8
	v := T(r.Uint64() >> (64 - bits) >> r.UintN(bits))
	if u&2 == 0 {
		v = -v
	}
	return v
}

// edgeInts returns the extremes of T, zero, one and minus one, and the
// neighbours of every power of ten within T.
func edgeInts[T core.Integer]() []T {
	var lo, hi T = 0, ^T(0)
	if hi < 0 {
		hi = T(uint64(1)<<(unsafe.Sizeof(T(0))*8-1) - 1)
		lo = -hi - 1
	}
	vs := []T{lo, lo + 1, hi, hi - 1, 0, 1, ^T(0)}
	for _, p := range pow10 {
		for _, d := range []uint64{p - 1, p, p + 1} {
			if v := T(d); uint64(v) == d && v >= 0 {
				vs = append(vs, v, -v)
			}
		}
	}
	return vs
}

func diffInts[T core.Integer](t *testing.T, r *rand.Rand, n int) {
	signed := ^T(0) < 0
	appendStd := func(b []byte, v T) []byte {
		if signed {
			return strconv.AppendInt(b, int64(v), 10)
		}
		return strconv.AppendUint(b, uint64(v), 10)
	}
	var sink scratchBuf
	w := core.NewWriterSize(&sink, core.MinBufferSize)
	check := func(what string, vals []T, want []byte) {
		t.Helper()
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if got := sink.Bytes(); !bytes.Equal(got, want) {
			for i, v := range vals {
				line := appendStd(nil, v)
				if !bytes.HasPrefix(got, append(line, '\n')) {
					end := bytes.IndexByte(got, '\n')
					if end < 0 {
						end = len(got)
					}
					t.Fatalf("%s(%T %s), value %d of the batch: got %q", what, v, line, i, got[:end])
				}
				got = got[len(line)+1:]
			}
			t.Fatalf("%s: %d bytes, want %d", what, len(sink.Bytes()), len(want))
		}
		sink.Reset()
	}
	vals := edgeInts[T]()
	var want, app []byte
	for done := 0; done < n; {
		want = want[:0]
		for _, v := range vals {
			want = append(appendStd(want, v), '\n')
		}
		for _, v := range vals {
			IntLn(w, v)
		}
		check("IntLn", vals, want)
		for _, v := range vals {
			Int(w, v)
			Str(w, "\n")
		}
		check("Int", vals, want)
		Ints(w, vals, "\n")
		Str(w, "\n")
		check("Ints", vals, want)
		for _, v := range vals {
			PrintLnArgs(w, V(v))
		}
		check("PrintLnArgs", vals, want)
		// A slice growing from nil meets both AppendInt paths: with room
		// for the widest value and without.
		app = app[:0:0]
		for _, v := range vals {
			app = append(AppendInt(app, v), '\n')
		}
		if !bytes.Equal(app, want) {
			w.Put(app)
			check("AppendInt", vals, want)
		}
		done += len(vals)
		vals = vals[:0]
		for range min(4096, max(n-done, 1)) {
			vals = append(vals, randInt[T](r))
		}
	}
}
