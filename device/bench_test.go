package device

import (
	"bufio"
	"bytes"
	"github.com/fastio-go/fastio/core"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// helloLines is how many "Hello World\n" lines one benchmark operation
// writes: the seed's raw I/O table writes 100M; 1M keeps an operation
// around a few milliseconds.
const helloLines = 1 << 20

const hello = "Hello World\n"

// BenchmarkHelloWorld reproduces, scaled, the raw I/O table of fast_io's
// README: N × "Hello World\n" to a file. Each operation truncates the file
// and writes 12 MiB.
func BenchmarkHelloWorld(b *testing.B) {
	path := filepath.Join(b.TempDir(), "hello")
	osf, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer osf.Close()
	raw := FromOS(osf)
	rewind := func() {
		if _, err := osf.Seek(0, io.SeekStart); err != nil {
			b.Fatal(err)
		}
		if err := osf.Truncate(0); err != nil {
			b.Fatal(err)
		}
	}
	run := func(b *testing.B, write func()) {
		b.SetBytes(helloLines * int64(len(hello)))
		b.ReportAllocs()
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			rewind()
			write()
		}
		cpu.Report()
	}
	b.Run("bufio.Writer", func(b *testing.B) {
		w := bufio.NewWriter(osf)
		run(b, func() {
			for range helloLines {
				w.WriteString(hello)
			}
			if err := w.Flush(); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("OutFile.WriteString", func(b *testing.B) {
		o := core.NewOwningWriter(raw, FileBufferSize)
		run(b, func() {
			for range helloLines {
				o.WriteString(hello)
			}
			if err := o.Flush(); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("OutFile.PutString", func(b *testing.B) {
		o := core.NewOwningWriter(raw, FileBufferSize)
		run(b, func() {
			for range helloLines {
				o.PutString(hello)
			}
			if err := o.Flush(); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("Locked", func(b *testing.B) {
		l := NewLocked(core.NewOwningWriter(raw, FileBufferSize))
		run(b, func() {
			for range helloLines {
				l.WriteString(hello)
			}
			if err := l.Flush(); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("limit", func(b *testing.B) {
		// One prefilled 1 MiB buffer written repeatedly: the cost of the
		// system calls and the kernel's copy alone.
		buf := bytes.Repeat([]byte(hello), (1<<20)/len(hello))
		run(b, func() {
			for left := helloLines * len(hello); left > 0; left -= len(buf) {
				if _, err := raw.Write(buf[:min(left, len(buf))]); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}

// bigFile is a 1 GiB file shared by the read and copy benchmarks.
var (
	bigOnce sync.Once
	bigPath string
	bigDir  string
)

const bigSize = 1 << 30

const benchLine = "The quick brown fox jumps over the lazy dog, 0123456789.\n"

func bigFile(b *testing.B) string {
	bigOnce.Do(func() {
		dir, err := os.MkdirTemp("", "device-bench")
		if err != nil {
			b.Fatal(err)
		}
		bigDir = dir
		bigPath = filepath.Join(dir, "big")
		f, err := Create(bigPath)
		if err != nil {
			b.Fatal(err)
		}
		line := []byte(benchLine)
		for n := 0; n < bigSize; n += len(line) {
			f.Write(line[:min(len(line), bigSize-n)])
		}
		// Written back before any timing starts, so that the first
		// benchmark does not share the machine with its writeback.
		if err := Sync(f); err != nil {
			b.Fatal(err)
		}
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
	})
	return bigPath
}

// BenchmarkRead1GiB reads a 1 GiB file (in the page cache) to its end
// into a 1 MiB slice, and counts its lines through the zero-copy windows.
func BenchmarkRead1GiB(b *testing.B) {
	path := bigFile(b)
	buf := make([]byte, 1<<20)
	readAll := func(b *testing.B, r io.Reader) {
		n := 0
		for {
			m, err := r.Read(buf)
			n += m
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		if n != bigSize {
			b.Fatalf("read %d bytes", n)
		}
	}
	bench := func(name string, fn func(b *testing.B)) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(bigSize)
			b.ReportAllocs()
			cpu := cputime.StartCPU(b)
			for b.Loop() {
				fn(b)
			}
			cpu.Report()
		})
	}
	bench("os.File.Read-1MiB", func(b *testing.B) {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		readAll(b, f)
		f.Close()
	})
	bench("InFile.Read-1MiB", func(b *testing.B) {
		f, err := OpenIn(path)
		if err != nil {
			b.Fatal(err)
		}
		readAll(b, f)
		f.Close()
	})
	bench("Mapped.Read-1MiB", func(b *testing.B) {
		m, err := Map(path)
		if err != nil {
			b.Fatal(err)
		}
		readAll(b, m)
		m.Close()
	})
	bench("os.File.Read-1MiB+count", func(b *testing.B) {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for {
			m, err := f.Read(buf)
			n += bytes.Count(buf[:m], []byte{'\n'})
			if err != nil {
				break
			}
		}
		f.Close()
		checkLines(b, n)
	})
	bench("InFile.Window+count", func(b *testing.B) {
		f, err := OpenIn(path)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for {
			w := f.Window()
			n += bytes.Count(w, []byte{'\n'})
			f.Consume(len(w))
			if _, err := f.Fill(); err != nil {
				break
			}
		}
		f.Close()
		checkLines(b, n)
	})
	bench("Mapped.Window+count", func(b *testing.B) {
		m, err := Map(path)
		if err != nil {
			b.Fatal(err)
		}
		n := bytes.Count(m.Window(), []byte{'\n'})
		m.Close()
		checkLines(b, n)
	})
}

func checkLines(b *testing.B, n int) {
	if want := bigSize / len(benchLine); n != want {
		b.Fatalf("counted %d lines, want %d", n, want)
	}
}

// BenchmarkCopy1GiB copies a 1 GiB file to a new file.
func BenchmarkCopy1GiB(b *testing.B) {
	src := bigFile(b)
	dst := filepath.Join(bigDir, "copy")
	bench := func(name string, fn func(b *testing.B, in, out *os.File)) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(bigSize)
			b.ReportAllocs()
			var cpu time.Duration
			for range b.N {
				// Opening, and truncating the last copy, is not timed.
				b.StopTimer()
				os.Remove(dst)
				in, err := os.Open(src)
				if err != nil {
					b.Fatal(err)
				}
				out, err := os.Create(dst)
				if err != nil {
					b.Fatal(err)
				}
				start := cputime.ProcessCPU()
				b.StartTimer()
				fn(b, in, out)
				b.StopTimer()
				cpu += cputime.ProcessCPU() - start
				in.Close()
				out.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
		})
	}
	check := func(b *testing.B, n int64, err error) {
		if err != nil || n != bigSize {
			b.Fatalf("copied %d, %v", n, err)
		}
	}
	bench("Copy", func(b *testing.B, in, out *os.File) {
		n, err := Copy(FromOS(out), FromOS(in))
		check(b, n, err)
	})
	bench("io.Copy-os.File", func(b *testing.B, in, out *os.File) {
		n, err := io.Copy(out, in)
		check(b, n, err)
	})
	bench("buffered-loop", func(b *testing.B, in, out *os.File) {
		// bufio on both sides, with the kernel fast paths hidden.
		r := bufio.NewReaderSize(struct{ io.Reader }{in}, 64<<10)
		w := bufio.NewWriterSize(struct{ io.Writer }{out}, 64<<10)
		n, err := io.Copy(struct{ io.Writer }{w}, struct{ io.Reader }{r})
		if err == nil {
			err = w.Flush()
		}
		check(b, n, err)
	})
}
