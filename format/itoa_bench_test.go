package format

import (
	"bufio"
	"io"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// intShapes are the integer data of BenchmarkAppendInt and BenchmarkIntLn,
// 4096 values each: consecutive seven-digit values (the shape of the
// integers 1M..2M that the bench module's integer table prints), random
// values below 1e4, random uint64 bit patterns (mostly 19-20 digits),
// random int64 of a random bit length and sign (every digit count).
var intShapes = []struct {
	name string
	vals []int64
	uns  bool // format the values as uint64
}{
	{"seq7", intShape(func(r *rand.Rand, i int) int64 { return 1_000_000 + int64(i) }), false},
	{"small", intShape(func(r *rand.Rand, _ int) int64 { return r.Int64N(1e4) }), false},
	{"uint64", intShape(func(r *rand.Rand, _ int) int64 { return int64(r.Uint64()) }), true},
	{"int64-any-length", intShape(func(r *rand.Rand, _ int) int64 {
		v := int64(r.Uint64() >> 1 >> r.UintN(63))
		if r.UintN(2) == 0 {
			v = -v
		}
		return v
	}), false},
}

func intShape(f func(*rand.Rand, int) int64) []int64 {
	r := rand.New(rand.NewPCG(3, 4))
	v := make([]int64, 4096)
	for i := range v {
		v[i] = f(r, i)
	}
	return v
}

// shapeBytes is the size of the shape's values one a line.
func shapeBytes(vals []int64, uns bool) int64 {
	n := 0
	for _, v := range vals {
		if uns {
			n += len(strconv.FormatUint(uint64(v), 10)) + 1
		} else {
			n += len(strconv.FormatInt(v, 10)) + 1
		}
	}
	return int64(n)
}

// BenchmarkAppendInt appends each shape's values to a buffer with room,
// against strconv.AppendInt / AppendUint; an op is the 4096 values.
func BenchmarkAppendInt(b *testing.B) {
	for _, s := range intShapes {
		size := shapeBytes(s.vals, s.uns) - int64(len(s.vals))
		buf := make([]byte, 0, size+64)
		b.Run(s.name+"/fastio", func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				buf = buf[:0]
				if s.uns {
					for _, v := range s.vals {
						buf = AppendInt(buf, uint64(v))
					}
				} else {
					for _, v := range s.vals {
						buf = AppendInt(buf, v)
					}
				}
			}
		})
		b.Run(s.name+"/strconv", func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				buf = buf[:0]
				if s.uns {
					for _, v := range s.vals {
						buf = strconv.AppendUint(buf, uint64(v), 10)
					}
				} else {
					for _, v := range s.vals {
						buf = strconv.AppendInt(buf, v, 10)
					}
				}
			}
		})
	}
}

// BenchmarkIntLn writes each shape's values one a line to io.Discard
// through a *core.Writer, against bufio + strconv.AppendInt in bufio's
// free space; an op is the 4096 values.
func BenchmarkIntLn(b *testing.B) {
	for _, s := range intShapes {
		size := shapeBytes(s.vals, s.uns)
		b.Run(s.name+"/fastio", func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			w := core.NewWriter(io.Discard)
			for b.Loop() {
				if s.uns {
					for _, v := range s.vals {
						IntLn(w, uint64(v))
					}
				} else {
					for _, v := range s.vals {
						IntLn(w, v)
					}
				}
			}
			w.Flush()
		})
		b.Run(s.name+"/bufio_strconv", func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			w := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
			for b.Loop() {
				for _, v := range s.vals {
					var p []byte
					if s.uns {
						p = strconv.AppendUint(w.AvailableBuffer(), uint64(v), 10)
					} else {
						p = strconv.AppendInt(w.AvailableBuffer(), v, 10)
					}
					w.Write(append(p, '\n'))
				}
			}
			w.Flush()
		})
	}
}
