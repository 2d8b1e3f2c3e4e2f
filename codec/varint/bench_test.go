package varint

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// benchData are the value sets the benchmarks run on: the small values
// that dominate records (ids, counts, modes), values spread over every
// length, and the 10-byte worst case.
var benchData = []struct {
	name string
	vs   []uint64
}{
	{"Small", genValues(func(r *rand.Rand) uint64 { return r.Uint64N(1 << 14) })},
	{"Mixed", genValues(func(r *rand.Rand) uint64 { return r.Uint64() >> r.UintN(64) })},
	{"Max", genValues(func(*rand.Rand) uint64 { return 1<<64 - 1 })},
}

func genValues(f func(*rand.Rand) uint64) []uint64 {
	r := rand.New(rand.NewPCG(1, 2))
	vs := make([]uint64, 1024)
	for i := range vs {
		vs[i] = f(r)
	}
	return vs
}

func encodedSize(vs []uint64) int64 {
	n := 0
	for _, v := range vs {
		n += Len(v)
	}
	return int64(n)
}

func BenchmarkAppend(b *testing.B) {
	for _, d := range benchData {
		buf := make([]byte, 0, len(d.vs)*MaxLen64)
		b.Run(d.name+"/fastio", func(b *testing.B) {
			b.SetBytes(encodedSize(d.vs))
			b.ReportAllocs()
			for b.Loop() {
				p := buf[:0]
				for _, v := range d.vs {
					p = AppendUint(p, v)
				}
			}
		})
		b.Run(d.name+"/encoding_binary", func(b *testing.B) {
			b.SetBytes(encodedSize(d.vs))
			b.ReportAllocs()
			for b.Loop() {
				p := buf[:0]
				for _, v := range d.vs {
					p = binary.AppendUvarint(p, v)
				}
			}
		})
	}
}

func BenchmarkPut(b *testing.B) {
	for _, d := range benchData {
		buf := make([]byte, len(d.vs)*MaxLen64)
		b.Run(d.name+"/fastio", func(b *testing.B) {
			b.SetBytes(encodedSize(d.vs))
			b.ReportAllocs()
			for b.Loop() {
				p := buf
				for _, v := range d.vs {
					p = p[PutUint(p, v):]
				}
			}
		})
		b.Run(d.name+"/encoding_binary", func(b *testing.B) {
			b.SetBytes(encodedSize(d.vs))
			b.ReportAllocs()
			for b.Loop() {
				p := buf
				for _, v := range d.vs {
					p = p[binary.PutUvarint(p, v):]
				}
			}
		})
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, d := range benchData {
		var enc []byte
		for _, v := range d.vs {
			enc = AppendUint(enc, v)
		}
		b.Run(d.name+"/fastio", func(b *testing.B) {
			b.SetBytes(int64(len(enc)))
			b.ReportAllocs()
			for b.Loop() {
				p := enc
				for len(p) > 0 {
					v, n, err := Uint(p)
					if err != nil {
						b.Fatal(err)
					}
					sink += v
					p = p[n:]
				}
			}
		})
		b.Run(d.name+"/encoding_binary", func(b *testing.B) {
			b.SetBytes(int64(len(enc)))
			b.ReportAllocs()
			for b.Loop() {
				p := enc
				for len(p) > 0 {
					v, n := binary.Uvarint(p)
					if n <= 0 {
						b.Fatal(n)
					}
					sink += v
					p = p[n:]
				}
			}
		})
	}
}

var sink uint64
