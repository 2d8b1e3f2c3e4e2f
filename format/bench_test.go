package format

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// The benchmarks use these shapes: the integers
// 0..N-1 one per line (N = 1,000,000) and N random
// float64 values of every exponent in shortest form (N = 200,000). Each
// peer formats the same values into the same discarding device, or reads
// the same bytes back, in the same run.

const (
	benchInts   = 1_000_000
	benchFloats = 200_000
)

var intFile = sync.OnceValue(func() []byte {
	var b scratchBuf
	for i := range benchInts {
		IntLn(&b, i)
	}
	return b.Bytes()
})

var floatVals = sync.OnceValue(func() []float64 {
	r := rand.New(rand.NewPCG(1, 2))
	v := make([]float64, benchFloats)
	for i := range v {
		for {
			f := math.Float64frombits(r.Uint64())
			if !math.IsNaN(f) && !math.IsInf(f, 0) {
				v[i] = f
				break
			}
		}
	}
	return v
})

var floatFile = sync.OnceValue(func() []byte {
	var b scratchBuf
	for _, f := range floatVals() {
		FloatLn(&b, f)
	}
	return b.Bytes()
})

func BenchmarkWriteInts(b *testing.B) {
	size := int64(len(intFile()))
	b.Run("fastio", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := core.NewWriter(io.Discard)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for i := range benchInts {
				IntLn(w, i)
			}
			w.Flush()
		}
		cpu.Report()
	})
	b.Run("fastio_bufio", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for i := range benchInts {
				IntLn(w, i)
			}
			w.Flush()
		}
		cpu.Report()
	})
	b.Run("bufio_strconv", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
		var scratch []byte
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for i := range benchInts {
				scratch = strconv.AppendInt(scratch[:0], int64(i), 10)
				scratch = append(scratch, '\n')
				w.Write(scratch)
			}
			w.Flush()
		}
		cpu.Report()
	})
	b.Run("fmt", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for i := range benchInts {
				fmt.Fprintln(w, i)
			}
			w.Flush()
		}
		cpu.Report()
	})
}

func BenchmarkReadInts(b *testing.B) {
	data := intFile()
	const want = int64(benchInts) * (benchInts - 1) / 2
	check := func(b *testing.B, sum int64) {
		if sum != want {
			b.Fatalf("sum %d, want %d", sum, want)
		}
	}
	b.Run("fastio", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		r := core.NewReader(nil)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			r.Reset(bytes.NewReader(data))
			s := NewScanner(r)
			var sum int64
			for {
				v, err := ScanInt[int64](s, 10)
				if err != nil {
					break
				}
				sum += v
			}
			check(b, sum)
		}
		cpu.Report()
	})
	b.Run("bufio_strconv", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			sc := bufio.NewScanner(bytes.NewReader(data))
			var sum int64
			for sc.Scan() {
				v, err := strconv.Atoi(sc.Text())
				if err != nil {
					b.Fatal(err)
				}
				sum += int64(v)
			}
			check(b, sum)
		}
		cpu.Report()
	})
	b.Run("fmt", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			r := bufio.NewReader(bytes.NewReader(data))
			var sum int64
			for {
				var v int
				if _, err := fmt.Fscan(r, &v); err != nil {
					break
				}
				sum += int64(v)
			}
			check(b, sum)
		}
		cpu.Report()
	})
}

func BenchmarkWriteFloats(b *testing.B) {
	vals := floatVals()
	size := int64(len(floatFile()))
	b.Run("fastio", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := core.NewWriter(io.Discard)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for _, f := range vals {
				FloatLn(w, f)
			}
			w.Flush()
		}
		cpu.Report()
	})
	b.Run("bufio_strconv", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
		var scratch []byte
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for _, f := range vals {
				scratch = strconv.AppendFloat(scratch[:0], f, 'g', -1, 64)
				scratch = append(scratch, '\n')
				w.Write(scratch)
			}
			w.Flush()
		}
		cpu.Report()
	})
}

// fixedVals are amounts in [0, 1e6), the shape of prices and
// measurements printed with two decimals.
var fixedVals = sync.OnceValue(func() []float64 {
	r := rand.New(rand.NewPCG(7, 8))
	v := make([]float64, benchFloats)
	for i := range v {
		v[i] = r.Float64() * 1e6
	}
	return v
})

// BenchmarkWriteFixed writes 200,000 amounts with two decimals, one per
// line: Fixed(v, 2) against strconv.AppendFloat(b, v, 'f', 2, 64).
func BenchmarkWriteFixed(b *testing.B) {
	vals := fixedVals()
	size := precSize(func(w core.BufferedWriter, v float64) { Put(w, Fixed(v, 2)) })
	b.Run("fastio", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := core.NewWriter(io.Discard)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for _, f := range vals {
				Put(w, Fixed(f, 2))
				Str(w, "\n")
			}
			w.Flush()
		}
		cpu.Report()
	})
	b.Run("bufio_strconv", func(b *testing.B) { benchPrecStrconv(b, size, 'f', 2) })
}

// BenchmarkWriteSci writes the same amounts with seven significant digits:
// Sci(v, 6) against strconv.AppendFloat(b, v, 'e', 6, 64).
func BenchmarkWriteSci(b *testing.B) {
	vals := fixedVals()
	size := precSize(func(w core.BufferedWriter, v float64) { Put(w, Sci(v, 6)) })
	b.Run("fastio", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := core.NewWriter(io.Discard)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for _, f := range vals {
				Put(w, Sci(f, 6))
				Str(w, "\n")
			}
			w.Flush()
		}
		cpu.Report()
	})
	b.Run("bufio_strconv", func(b *testing.B) { benchPrecStrconv(b, size, 'e', 6) })
}

// precSize returns the size of the amounts written by put, one per line.
func precSize(put func(core.BufferedWriter, float64)) int64 {
	var out scratchBuf
	for _, f := range fixedVals() {
		put(&out, f)
		Str(&out, "\n")
	}
	return int64(out.Len())
}

func benchPrecStrconv(b *testing.B, size int64, mode byte, prec int) {
	vals := fixedVals()
	b.SetBytes(size)
	b.ReportAllocs()
	w := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
	var scratch []byte
	cpu := cputime.StartCPU(b)
	for b.Loop() {
		for _, f := range vals {
			scratch = strconv.AppendFloat(scratch[:0], f, mode, prec, 64)
			scratch = append(scratch, '\n')
			w.Write(scratch)
		}
		w.Flush()
	}
	cpu.Report()
}

func BenchmarkReadFloats(b *testing.B) {
	data := floatFile()
	vals := floatVals()
	b.Run("fastio", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		r := core.NewReader(nil)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			r.Reset(bytes.NewReader(data))
			s := NewScanner(r)
			for i := 0; ; i++ {
				v, err := s.Float64()
				if err != nil {
					break
				}
				if v != vals[i] {
					b.Fatalf("value %d: %v, want %v", i, v, vals[i])
				}
			}
		}
		cpu.Report()
	})
	b.Run("bufio_strconv", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			sc := bufio.NewScanner(bytes.NewReader(data))
			for i := 0; sc.Scan(); i++ {
				v, err := strconv.ParseFloat(sc.Text(), 64)
				if err != nil || v != vals[i] {
					b.Fatalf("value %d: %v, %v", i, v, err)
				}
			}
		}
		cpu.Report()
	})
}

// BenchmarkPrintRecords prints 100,000 records of a string, an int and a
// float through the variadic forms: PrintLn and PrintLnArgs against
// fmt.Fprintln, the same bytes each ("id= 7 x= 0.5").
func BenchmarkPrintRecords(b *testing.B) {
	const n = 100_000
	vals := floatVals()
	var out scratchBuf
	var ref bytes.Buffer
	for i := range n {
		PrintLn(&out, "id=", i, "x=", vals[i])
		fmt.Fprintln(&ref, "id=", i, "x=", vals[i])
	}
	if !bytes.Equal(out.Bytes(), ref.Bytes()) {
		b.Fatal("PrintLn and fmt.Fprintln differ")
	}
	size := int64(out.Len())
	b.Run("fastio", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := core.NewWriter(io.Discard)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for i := range n {
				PrintLn(w, "id=", i, "x=", vals[i])
			}
			w.Flush()
		}
		cpu.Report()
	})
	b.Run("fastio_args", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := core.NewWriter(io.Discard)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for i := range n {
				PrintLnArgs(w, V("id="), V(i), V("x="), V(vals[i]))
			}
			w.Flush()
		}
		cpu.Report()
	})
	b.Run("fmt", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for i := range n {
				fmt.Fprintln(w, "id=", i, "x=", vals[i])
			}
			w.Flush()
		}
		cpu.Report()
	})
}

// mixedNames are the strings of BenchmarkPrintMixed's records.
var mixedNames = [...]string{"alpha", "beta", "gamma", "delta", "epsilon"}

// BenchmarkPrintMixed prints 100,000 records of an int, a float, a string
// and a bool, "id=7 x=0.5 name=beta ok=true", through the allocation-free
// variadic form PrintArgs, the typed functions, the boxing variadic
// Print, fmt.Fprintf and the hand-written bufio + strconv code; all
// write the same bytes.
func BenchmarkPrintMixed(b *testing.B) {
	const n = 100_000
	vals := floatVals()
	forms := []struct {
		name string
		run  func(w core.BufferedWriter, bw *bufio.Writer)
	}{
		{"fastio_args", func(w core.BufferedWriter, _ *bufio.Writer) {
			for i := range n {
				PrintArgs(w, V("id="), V(i), V(" x="), V(vals[i]), V(" name="), V(mixedNames[i%5]), V(" ok="), V(i%3 == 0), V("\n"))
			}
		}},
		{"fastio_typed", func(w core.BufferedWriter, _ *bufio.Writer) {
			for i := range n {
				Str(w, "id=")
				Int(w, i)
				Str(w, " x=")
				Float(w, vals[i])
				Str(w, " name=")
				Str(w, mixedNames[i%5])
				Str(w, " ok=")
				Str(w, strconv.FormatBool(i%3 == 0))
				Str(w, "\n")
			}
		}},
		{"fastio_any", func(w core.BufferedWriter, _ *bufio.Writer) {
			for i := range n {
				Print(w, "id=", i, " x=", vals[i], " name=", mixedNames[i%5], " ok=", i%3 == 0, "\n")
			}
		}},
		{"fmt", func(_ core.BufferedWriter, bw *bufio.Writer) {
			for i := range n {
				fmt.Fprintf(bw, "id=%d x=%v name=%s ok=%v\n", i, vals[i], mixedNames[i%5], i%3 == 0)
			}
		}},
		{"bufio_strconv", func(_ core.BufferedWriter, bw *bufio.Writer) {
			for i := range n {
				bw.WriteString("id=")
				bw.Write(strconv.AppendInt(bw.AvailableBuffer(), int64(i), 10))
				bw.WriteString(" x=")
				bw.Write(strconv.AppendFloat(bw.AvailableBuffer(), vals[i], 'g', -1, 64))
				bw.WriteString(" name=")
				bw.WriteString(mixedNames[i%5])
				bw.WriteString(" ok=")
				bw.Write(strconv.AppendBool(bw.AvailableBuffer(), i%3 == 0))
				bw.WriteByte('\n')
			}
		}},
	}
	var want []byte
	for _, f := range forms {
		var out bytes.Buffer
		w := core.NewWriter(&out)
		bw := bufio.NewWriterSize(&out, core.DefaultBufferSize)
		f.run(w, bw)
		w.Flush()
		bw.Flush()
		if want == nil {
			want = out.Bytes()
		} else if !bytes.Equal(out.Bytes(), want) {
			b.Fatalf("%s writes other bytes than %s", f.name, forms[0].name)
		}
	}
	for _, f := range forms {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(want)))
			b.ReportAllocs()
			w := core.NewWriter(io.Discard)
			bw := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				f.run(w, bw)
				w.Flush()
				bw.Flush()
			}
			cpu.Report()
		})
	}
}

// BenchmarkWriteHexFloat writes the 200,000 random float64 values of
// every exponent in hexadecimal, one per line, exact (precision -1) and
// rounded to four hex digits: HexFloat against strconv's 'x'.
func BenchmarkWriteHexFloat(b *testing.B) {
	vals := floatVals()
	for _, prec := range []int{-1, 4} {
		var want bytes.Buffer
		bw := bufio.NewWriter(&want)
		for _, f := range vals {
			bw.Write(strconv.AppendFloat(bw.AvailableBuffer(), f, 'x', prec, 64))
			bw.WriteByte('\n')
		}
		bw.Flush()
		var got scratchBuf
		for _, f := range vals {
			Put(&got, HexFloat(f, prec))
			Str(&got, "\n")
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			b.Fatalf("precision %d: HexFloat and strconv differ", prec)
		}
		name := "exact"
		if prec >= 0 {
			name = "prec" + strconv.Itoa(prec)
		}
		b.Run(name+"/fastio", func(b *testing.B) {
			b.SetBytes(int64(want.Len()))
			b.ReportAllocs()
			w := core.NewWriter(io.Discard)
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				for _, f := range vals {
					Put(w, HexFloat(f, prec))
					Str(w, "\n")
				}
				w.Flush()
			}
			cpu.Report()
		})
		b.Run(name+"/bufio_strconv", func(b *testing.B) {
			b.SetBytes(int64(want.Len()))
			b.ReportAllocs()
			w := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				for _, f := range vals {
					w.Write(strconv.AppendFloat(w.AvailableBuffer(), f, 'x', prec, 64))
					w.WriteByte('\n')
				}
				w.Flush()
			}
			cpu.Report()
		})
	}
}

// intSlice holds 0..benchInts-1, the values of BenchmarkWriteInts as a slice.
var intSlice = sync.OnceValue(func() []int {
	xs := make([]int, benchInts)
	for i := range xs {
		xs[i] = i
	}
	return xs
})

// BenchmarkWriteIntSlice writes the integers of BenchmarkWriteInts from a
// slice, one per line: Ints (one Reserve per batch) against a loop of
// IntLn and against bufio + strconv, the same bytes each (checked before
// timing).
func BenchmarkWriteIntSlice(b *testing.B) {
	xs := intSlice()
	want := intFile()
	var check scratchBuf
	Ints(&check, xs, "\n")
	Str(&check, "\n")
	if !bytes.Equal(check.Bytes(), want) {
		b.Fatal("Ints writes other bytes than the IntLn loop")
	}
	size := int64(len(want))
	b.Run("fastio_Ints", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := core.NewWriter(io.Discard)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			Ints(w, xs, "\n")
			Str(w, "\n")
			w.Flush()
		}
		cpu.Report()
	})
	b.Run("fastio_IntLn_loop", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := core.NewWriter(io.Discard)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for _, v := range xs {
				IntLn(w, v)
			}
			w.Flush()
		}
		cpu.Report()
	})
	b.Run("bufio_strconv", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		w := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			for _, v := range xs {
				p := strconv.AppendInt(w.AvailableBuffer(), int64(v), 10)
				w.Write(append(p, '\n'))
			}
			w.Flush()
		}
		cpu.Report()
	})
}

// BenchmarkPrintLogLine prints 100,000 log lines with a quoted message and
// a fixed-point number, `level=info n=7 x=0.123 msg="..."`: PrintArgs
// and the typed functions on a *core.Writer against fmt.Fprintf and the
// hand-written bufio + strconv line, the same bytes each (checked before
// timing).
func BenchmarkPrintLogLine(b *testing.B) {
	const n = 100_000
	vals := floatVals()
	msgs := []string{"started", "request \"GET /\" done", "tab\there", "caf\u00e9"}
	forms := []struct {
		name string
		run  func(w *core.Writer, bw *bufio.Writer)
	}{
		{"fastio_args", func(w *core.Writer, _ *bufio.Writer) {
			for i := range n {
				PrintArgs(w, V("level=info n="), V(i), V(" x="), V(Fixed(vals[i]/1e300, 3)), V(" msg="), V(Quote(msgs[i&3])), V("\n"))
			}
		}},
		{"fastio_typed", func(w *core.Writer, _ *bufio.Writer) {
			for i := range n {
				Str(w, "level=info n=")
				Int(w, i)
				Str(w, " x=")
				Put(w, Fixed(vals[i]/1e300, 3))
				Str(w, " msg=")
				Put(w, Quote(msgs[i&3]))
				Str(w, "\n")
			}
		}},
		{"fmt", func(_ *core.Writer, bw *bufio.Writer) {
			for i := range n {
				fmt.Fprintf(bw, "level=info n=%d x=%.3f msg=%q\n", i, vals[i]/1e300, msgs[i&3])
			}
		}},
		{"bufio_strconv", func(_ *core.Writer, bw *bufio.Writer) {
			for i := range n {
				bw.WriteString("level=info n=")
				bw.Write(strconv.AppendInt(bw.AvailableBuffer(), int64(i), 10))
				bw.WriteString(" x=")
				bw.Write(strconv.AppendFloat(bw.AvailableBuffer(), vals[i]/1e300, 'f', 3, 64))
				bw.WriteString(" msg=")
				bw.Write(strconv.AppendQuote(bw.AvailableBuffer(), msgs[i&3]))
				bw.WriteByte('\n')
			}
		}},
	}
	var want []byte
	for _, f := range forms {
		var out bytes.Buffer
		w := core.NewWriter(&out)
		bw := bufio.NewWriterSize(&out, core.DefaultBufferSize)
		f.run(w, bw)
		w.Flush()
		bw.Flush()
		if want == nil {
			want = out.Bytes()
		} else if !bytes.Equal(out.Bytes(), want) {
			b.Fatalf("%s writes other bytes than %s", f.name, forms[0].name)
		}
	}
	for _, f := range forms {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(want)))
			b.ReportAllocs()
			w := core.NewWriter(io.Discard)
			bw := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				f.run(w, bw)
				w.Flush()
				bw.Flush()
			}
			cpu.Report()
		})
	}
}

// doubleVals are the doubles of the bench module's doubles table: a
// 53-bit random significand scaled by one of 16 powers of ten from 1e-10
// to 1e20, negative for half of them (splitmix64 bits, as there), so
// mostly 15 to 17 significant digits, in both layouts of %g.
var doubleVals = sync.OnceValue(func() []float64 {
	scale := [16]float64{1e-10, 1e-5, 1e-3, 0.01, 0.1, 1, 10, 100,
		1000, 1e4, 1e5, 1e6, 1e7, 1e9, 1e15, 1e20}
	s := uint64(1)
	v := make([]float64, benchFloats)
	for i := range v {
		s += 0x9E3779B97F4A7C15
		z := s
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		z ^= z >> 31
		v[i] = float64(z>>11) * 0x1p-53 * scale[z&15]
		if (z>>4)&1 != 0 {
			v[i] = -v[i]
		}
	}
	return v
})

// BenchmarkWriteDoubles writes doubleVals one per line in shortest form,
// %g layout (FloatLn against strconv 'g', -1) and scientific (Sci(v, -1)
// against strconv 'e', -1).
func BenchmarkWriteDoubles(b *testing.B) {
	vals := doubleVals()
	for _, mode := range []byte{'g', 'e'} {
		var out scratchBuf
		for _, f := range vals {
			out.Write(strconv.AppendFloat(nil, f, mode, -1, 64))
			Str(&out, "\n")
		}
		size := int64(out.Len())
		b.Run(fmt.Sprintf("layout=%c/fastio", mode), func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			w := core.NewWriter(io.Discard)
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				if mode == 'g' {
					for _, f := range vals {
						FloatLn(w, f)
					}
				} else {
					for _, f := range vals {
						Put(w, Sci(f, -1))
						Str(w, "\n")
					}
				}
				w.Flush()
			}
			cpu.Report()
		})
		b.Run(fmt.Sprintf("layout=%c/bufio_strconv", mode), func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			w := bufio.NewWriterSize(io.Discard, core.DefaultBufferSize)
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				for _, f := range vals {
					p := strconv.AppendFloat(w.AvailableBuffer(), f, mode, -1, 64)
					w.Write(append(p, '\n'))
				}
				w.Flush()
			}
			cpu.Report()
		})
	}
}
