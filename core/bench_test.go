package core_test

import (
	"bufio"
	"io"
	"os"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// cpuMetric reports CPU nanoseconds per operation beside the wall time: on
// the small shared machines this project runs on, wall time swings with
// other load while CPU time much less, so ratios are quoted from it.
func cpuMetric(b *testing.B) func() { return cputime.StartCPU(b).Report }

// The seed's raw I/O table writes 100M × "Hello World\n"; the benchmarks
// write the same line, b.N times. Each sub-benchmark spells its loop out: a
// shared helper taking a closure would add an indirect call per line and
// hide the inlining that is being measured.
const helloLine = "Hello World\n"

func BenchmarkHelloDiscard(b *testing.B) {
	b.Run("fastio-PutString", func(b *testing.B) {
		w := core.NewWriter(io.Discard)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for range b.N {
			w.PutString(helloLine)
		}
		w.Flush()
	})
	b.Run("fastio-Cursor", func(b *testing.B) {
		w := core.NewWriter(io.Discard)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		c := w.Cursor()
		for range b.N {
			c = c.PutString(helloLine)
		}
		c.Done()
		w.Flush()
	})
	b.Run("fastio-WriteString", func(b *testing.B) {
		w := core.NewWriter(io.Discard)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for range b.N {
			w.WriteString(helloLine)
		}
		w.Flush()
	})
	b.Run("bufio", func(b *testing.B) {
		w := bufio.NewWriter(io.Discard)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for range b.N {
			w.WriteString(helloLine)
		}
		w.Flush()
	})
}

func tempFile(b *testing.B) *os.File {
	f, err := os.CreateTemp(b.TempDir(), "bench")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { f.Close() })
	return f
}

// rewind keeps the benchmark file small: every 64 MiB it starts over, so the
// page cache, not the disk, is what is measured, as in the seed's table.
func rewind(b *testing.B, f *os.File, w interface{ Flush() error }) {
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		b.Fatal(err)
	}
}

const rewindEvery = 64 << 20 / len(helloLine)

func BenchmarkHelloFile(b *testing.B) {
	b.Run("fastio", func(b *testing.B) {
		f := tempFile(b)
		w := core.NewWriter(f)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for n := b.N; n > 0; n -= rewindEvery {
			for range min(n, rewindEvery) {
				w.PutString(helloLine)
			}
			rewind(b, f, w)
		}
	})
	b.Run("fastio-Cursor", func(b *testing.B) {
		f := tempFile(b)
		w := core.NewWriter(f)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for n := b.N; n > 0; n -= rewindEvery {
			c := w.Cursor()
			for range min(n, rewindEvery) {
				c = c.PutString(helloLine)
			}
			c.Done()
			rewind(b, f, w)
		}
	})
	b.Run("bufio", func(b *testing.B) {
		f := tempFile(b)
		w := bufio.NewWriter(f)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for n := b.N; n > 0; n -= rewindEvery {
			for range min(n, rewindEvery) {
				w.WriteString(helloLine)
			}
			rewind(b, f, w)
		}
	})
	// The limit: one prefilled 1 MiB buffer written to the file repeatedly.
	b.Run("limit", func(b *testing.B) {
		f := tempFile(b)
		var chunk []byte
		for len(chunk) < 1<<20 {
			chunk = append(chunk, helloLine...)
		}
		per := len(chunk) / len(helloLine)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		written := 0
		for i := 0; i < b.N; i += per {
			f.Write(chunk)
			if written += len(chunk); written >= 64<<20 {
				f.Seek(0, io.SeekStart)
				written = 0
			}
		}
	})
}

// BenchmarkWriterBufferSize writes 12-byte lines to a file through
// buffers of 4 KiB to 1 MiB. DefaultBufferSize is chosen from the bench's
// bufsize table, which runs the same at full size, process by process
// (core's DESIGN.md has its figures).
func BenchmarkWriterBufferSize(b *testing.B) {
	for _, size := range []int{4 << 10, 16 << 10, 64 << 10, 256 << 10, 512 << 10, 1 << 20} {
		b.Run(strconv.Itoa(size>>10)+"KiB", func(b *testing.B) {
			f := tempFile(b)
			w := core.NewWriterSize(f, size)
			b.SetBytes(int64(len(helloLine)))
			b.ReportAllocs()
			defer cpuMetric(b)()
			for n := b.N; n > 0; n -= rewindEvery {
				for range min(n, rewindEvery) {
					w.PutString(helloLine)
				}
				rewind(b, f, w)
			}
		})
	}
}

// BenchmarkReaderBufferSize reads a 16 MiB file in 100-byte pieces.
func BenchmarkReaderBufferSize(b *testing.B) {
	path := b.TempDir() + "/in"
	data := make([]byte, 16<<20)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		b.Fatal(err)
	}
	p := make([]byte, 100)
	for _, size := range []int{4 << 10, 16 << 10, 64 << 10, 256 << 10, 512 << 10, 1 << 20} {
		b.Run(strconv.Itoa(size>>10)+"KiB", func(b *testing.B) {
			f, _ := os.Open(path)
			defer f.Close()
			r := core.NewReaderSize(f, size)
			b.SetBytes(int64(len(p)))
			b.ReportAllocs()
			defer cpuMetric(b)()
			for range b.N {
				if _, err := r.Read(p); err == io.EOF {
					f.Seek(0, io.SeekStart)
					r.Reset(f)
				}
			}
		})
	}
}

// BenchmarkAppendInt10M formats integers into reserved space, against a
// plain preallocated slice (the ceiling) and bufio's AvailableBuffer.
func BenchmarkAppendInt(b *testing.B) {
	b.Run("fastio-reserve", func(b *testing.B) {
		w := core.NewWriter(io.Discard)
		b.ReportAllocs()
		defer cpuMetric(b)()
		for i := range b.N {
			p := w.Reserve(24)
			p = strconv.AppendInt(p[:0], int64(i%10000000), 10)
			p = append(p, '\n')
			w.Commit(len(p))
		}
		w.Flush()
	})
	b.Run("slice", func(b *testing.B) {
		buf := make([]byte, 0, 64<<10)
		b.ReportAllocs()
		defer cpuMetric(b)()
		for i := range b.N {
			buf = strconv.AppendInt(buf, int64(i%10000000), 10)
			buf = append(buf, '\n')
			if len(buf) > 64<<10-24 {
				io.Discard.Write(buf)
				buf = buf[:0]
			}
		}
	})
	b.Run("bufio-availablebuffer", func(b *testing.B) {
		w := bufio.NewWriter(io.Discard)
		b.ReportAllocs()
		defer cpuMetric(b)()
		for i := range b.N {
			p := strconv.AppendInt(w.AvailableBuffer(), int64(i%10000000), 10)
			p = append(p, '\n')
			w.Write(p)
		}
		w.Flush()
	})
}

// BenchmarkLargeRead reads 1 MiB at a time from a file: through the Reader
// (bypass, no copy) and straight from the *os.File.
func BenchmarkLargeRead(b *testing.B) {
	path := b.TempDir() + "/in"
	if err := os.WriteFile(path, make([]byte, 32<<20), 0o600); err != nil {
		b.Fatal(err)
	}
	p := make([]byte, 1<<20)
	b.Run("fastio", func(b *testing.B) {
		f, _ := os.Open(path)
		defer f.Close()
		r := core.NewReader(f)
		b.SetBytes(int64(len(p)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for range b.N {
			if _, err := io.ReadFull(r, p); err != nil {
				f.Seek(0, io.SeekStart)
				r.Reset(f)
			}
		}
	})
	b.Run("os.File", func(b *testing.B) {
		f, _ := os.Open(path)
		defer f.Close()
		b.SetBytes(int64(len(p)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for range b.N {
			if _, err := io.ReadFull(f, p); err != nil {
				f.Seek(0, io.SeekStart)
			}
		}
	})
}

// lenInMemory is the least a buffered writer that is a heap object does
// per line: its length lives in a field, so each write loads it, stores the
// bytes and stores the new length.
type lenInMemory struct {
	buf []byte
	n   int
}

//go:noinline
func newLenInMemory(size int) *lenInMemory { return &lenInMemory{buf: make([]byte, size)} }

//go:noinline
func (h *lenInMemory) flush() {
	io.Discard.Write(h.buf[:h.n])
	h.n = 0
}

// BenchmarkHelloFloor measures where the cost of a 12-byte constant line
// comes from, into io.Discard so that only the buffering is timed:
//
//   - PutString: the inlined (*Writer).PutString.
//   - registers: the same loop on a local slice and index, the shape of C's
//     memcpy into a buffer, whose length the compiler keeps in a register.
//   - len-in-memory: the minimal loop over a heap object that keeps its
//     length in a field (load it, store the 12 bytes, store length+12).
//   - Cursor: the Writer's Cursor.
//
// All store the line as one 8-byte and one 4-byte immediate store
// (no memmove call). What differs is the length, as the disassembly shows
// (go test -c, then go tool objdump -s 'BenchmarkHelloFloor.func'):
//
//   - registers: the length is a register; the loop-carried dependence is
//     one ADD, and the loop touches memory only to store the line.
//   - len-in-memory: the length is loaded from the object, compared, and
//     updated by an ADD to memory. The next iteration's load of it depends
//     on that store: a loop-carried dependence through memory, served by
//     store-to-load forwarding, which takes several cycles where a register
//     takes one.
//   - PutString: the same chain: the length is loaded, compared with
//     the capacity, and stored back (b.buf = b.buf[:m] stores the length
//     alone); the pointer is loaded for the stores of the line.
//
// A method on a heap object cannot keep the field in a register across
// calls: the compiler does not promote memory to registers across a loop,
// and the stores through the buffer pointer could alias the field. What
// the chain through memory costs depends on the CPU. On an Intel Xeon with
// AVX-512 (4 runs on a loaded 2-core machine, CPU time per line),
// PutString's separate load and store of the length cost 0.8× the
// register loop and 0.76× the Cursor, len-in-memory's add to memory 1.2×
// the register loop. Other CPUs may rank them otherwise.
//
// Cursor, the fourth case, is the Writer's answer: a value the compiler
// keeps in registers, a position pointer and an end pointer, whose loop
// has no load or store of the length. Per line it compares the position
// plus 12 with the end, stores the line and adds 12 to the position; what
// is left beyond C's loop is copy's test for equal pointers and
// unsafe.Slice's test that the position plus the length does not wrap
// around (20 instructions per iteration of the benchmark loop, counter
// and register moves included). One run of 5 on a loaded 2-core machine
// (CPU time per line): 0.94× the register loop, whose slice index and
// bounds check cost more than the Cursor's pointer.
//
// The Cursor's fourth word, the session number Done checks, is not read
// in the loop, which compiles to the same instructions as without it.
// A change to the Cursor is timed against its parent on a quiet machine:
//
//	go test -run '^$' -bench 'HelloFloor/Cursor$' -count 10 ./core > new.txt
//
// the same in a checkout of the parent commit > old.txt, then benchstat
// old.txt new.txt. The bench module's hello table has the same row end to
// end (fastio Cursor), which must stay within 3% of its previous figure.
func BenchmarkHelloFloor(b *testing.B) {
	const size = core.DefaultBufferSize
	b.Run("PutString", func(b *testing.B) {
		w := core.NewWriterSize(io.Discard, size)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for range b.N {
			w.PutString(helloLine)
		}
		w.Flush()
	})
	b.Run("registers", func(b *testing.B) {
		buf := make([]byte, size)
		n := 0
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for range b.N {
			if len(buf)-n < len(helloLine) {
				io.Discard.Write(buf[:n])
				n = 0
			}
			n += copy(buf[n:n+len(helloLine)], helloLine)
		}
		io.Discard.Write(buf[:n])
	})
	b.Run("Cursor", func(b *testing.B) {
		w := core.NewWriterSize(io.Discard, size)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		c := w.Cursor()
		for range b.N {
			c = c.PutString(helloLine)
		}
		c.Done()
		w.Flush()
	})
	// A Cursor opened and ended for every line: the cost of Cursor and
	// Done, which are calls.
	b.Run("Cursor-per-line", func(b *testing.B) {
		w := core.NewWriterSize(io.Discard, size)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for range b.N {
			c := w.Cursor()
			c = c.PutString(helloLine)
			c.Done()
		}
		w.Flush()
	})
	b.Run("len-in-memory", func(b *testing.B) {
		h := newLenInMemory(size)
		b.SetBytes(int64(len(helloLine)))
		b.ReportAllocs()
		defer cpuMetric(b)()
		for range b.N {
			if len(h.buf)-h.n < len(helloLine) {
				h.flush()
			}
			h.n += copy(h.buf[h.n:h.n+len(helloLine)], helloLine)
		}
		h.flush()
	})
}

// shortWords are the non-constant pieces of BenchmarkShortStrings: 1 to 16
// bytes, so that each copy is a memmove call of a length the compiler does
// not know.
var shortWords = func() []string {
	var out []string
	for i := range 64 {
		out = append(out, "abcdefghijklmnop"[:1+i*7%16])
	}
	return out
}()

// BenchmarkShortStrings writes non-constant strings of 1 to 16 bytes into
// io.Discard: PutString, a Cursor, and bufio. Here the memmove call each
// piece costs dominates, and the Cursor gains less than on constant
// lines (one run on a loaded machine: PutString 1.08× the Cursor, bufio
// 1.32×). An inlined copy by overlapping 8-byte moves would avoid the
// call, but the Cursor's PutString is already at the inlining budget.
func BenchmarkShortStrings(b *testing.B) {
	b.Run("PutString", func(b *testing.B) {
		w := core.NewWriter(io.Discard)
		b.ReportAllocs()
		defer cpuMetric(b)()
		for i := range b.N {
			w.PutString(shortWords[i&63])
		}
		w.Flush()
	})
	b.Run("Cursor", func(b *testing.B) {
		w := core.NewWriter(io.Discard)
		b.ReportAllocs()
		defer cpuMetric(b)()
		c := w.Cursor()
		for i := range b.N {
			c = c.PutString(shortWords[i&63])
		}
		c.Done()
		w.Flush()
	})
	b.Run("bufio", func(b *testing.B) {
		w := bufio.NewWriter(io.Discard)
		b.ReportAllocs()
		defer cpuMetric(b)()
		for i := range b.N {
			w.WriteString(shortWords[i&63])
		}
		w.Flush()
	})
}
