package crypto

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// Benchmarks put fastio beside its standard-library peer in the same run:
// compare the "fastio" and "stdlib" lines of one data size.

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1 << 10}, {"1MiB", 1 << 20}}

func benchData(n int) []byte {
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(i*7 + i>>8)
	}
	return p
}

// BenchmarkSum: one-shot digests of a byte slice.
func BenchmarkSum(b *testing.B) {
	for _, s := range benchSizes {
		data := benchData(s.n)
		run := func(name string, f func()) {
			b.Run(name+"/"+s.name, func(b *testing.B) {
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				for b.Loop() {
					f()
				}
			})
		}
		run("SHA-1/fastio", func() { _ = Sum1(data) })
		run("SHA-1/stdlib", func() { _ = sha1.Sum(data) })
		run("SHA-256/fastio", func() { _ = Sum256(data) })
		run("SHA-256/stdlib", func() { _ = sha256.Sum256(data) })
		run("SHA-512/fastio", func() { _ = Sum512(data) })
		run("SHA-512/stdlib", func() { _ = sha512.Sum512(data) })
	}
}

// BenchmarkDevice: a reused hash object, Reset + Write + Sum into a
// caller's buffer, against a reused hash.Hash of the standard library.
func BenchmarkDevice(b *testing.B) {
	for _, a := range []Algorithm{SHA1, SHA256, SHA512} {
		for _, s := range benchSizes {
			data := benchData(s.n)
			var out [MaxSize]byte
			b.Run(a.String()+"/fastio/"+s.name, func(b *testing.B) {
				h := mustNew(b, a)
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				for b.Loop() {
					h.Reset()
					h.Write(data)
					h.Sum(out[:0])
				}
			})
			b.Run(a.String()+"/stdlib/"+s.name, func(b *testing.B) {
				h := stdNew(a)()
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				for b.Loop() {
					h.Reset()
					h.Write(data)
					h.Sum(out[:0])
				}
			})
		}
	}
}

// BenchmarkHMAC: a keyed MAC reused across messages, against crypto/hmac.
func BenchmarkHMAC(b *testing.B) {
	key := []byte("a 32-byte key for the benchmarks")
	for _, a := range []Algorithm{SHA1, SHA256, SHA512} {
		for _, s := range benchSizes {
			data := benchData(s.n)
			var out [MaxSize]byte
			b.Run(a.String()+"/fastio/"+s.name, func(b *testing.B) {
				h, _ := NewHMAC(a, key)
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				for b.Loop() {
					h.Reset()
					h.Write(data)
					h.Sum(out[:0])
				}
			})
			b.Run(a.String()+"/stdlib/"+s.name, func(b *testing.B) {
				h := hmac.New(stdNew(a), key)
				b.SetBytes(int64(s.n))
				b.ReportAllocs()
				for b.Loop() {
					h.Reset()
					h.Write(data)
					h.Sum(out[:0])
				}
			})
		}
	}
}

// BenchmarkMACOneShot: a MAC under a new key each time, as a server
// checking tokens under many keys does.
func BenchmarkMACOneShot(b *testing.B) {
	key := []byte("a 32-byte key for the benchmarks")
	data := benchData(64)
	b.Run("SHA-256/fastio/64B", func(b *testing.B) {
		b.SetBytes(64)
		b.ReportAllocs()
		for b.Loop() {
			_, _ = MAC(SHA256, key, data)
		}
	})
	b.Run("SHA-256/stdlib/64B", func(b *testing.B) {
		b.SetBytes(64)
		b.ReportAllocs()
		var out [32]byte
		for b.Loop() {
			h := hmac.New(sha256.New, key)
			h.Write(data)
			h.Sum(out[:0])
		}
	})
}

// BenchmarkHelloWorldLines: 12-byte "Hello World\n" lines printed one
// by one into a SHA-256 device, against hashing the same bytes in one
// call and against fmt.Fprint into the standard library's sha256.New().
func BenchmarkHelloWorldLines(b *testing.B) {
	const line = "Hello World\n"
	const lines = 1 << 16
	all := []byte(strings.Repeat(line, lines))
	b.Run("device-WriteString", func(b *testing.B) {
		h := mustNew(b, SHA256)
		b.SetBytes(int64(len(all)))
		b.ReportAllocs()
		for b.Loop() {
			h.Reset()
			for range lines {
				h.WriteString(line)
			}
			h.Sum(h.out[:0])
		}
	})
	b.Run("one-call", func(b *testing.B) {
		b.SetBytes(int64(len(all)))
		b.ReportAllocs()
		for b.Loop() {
			_ = Sum256(all)
		}
	})
	b.Run("fmt.Fprint-stdlib", func(b *testing.B) {
		b.SetBytes(int64(len(all)))
		b.ReportAllocs()
		h := sha256.New()
		var out [32]byte
		for b.Loop() {
			h.Reset()
			for range lines {
				fmt.Fprint(h, line)
			}
			h.Sum(out[:0])
		}
	})
	b.Run("fmt.Fprint-device", func(b *testing.B) {
		h := mustNew(b, SHA256)
		b.SetBytes(int64(len(all)))
		b.ReportAllocs()
		for b.Loop() {
			h.Reset()
			for range lines {
				fmt.Fprint(h, line)
			}
			h.Sum(h.out[:0])
		}
	})
}

// BenchmarkSumFile hashes the file named by $FASTIO_SUMFILE (skipped when
// unset), for comparison with `sha256sum` on the same file; see
// scripts/peers.sh.
func BenchmarkSumFile(b *testing.B) {
	path := os.Getenv("FASTIO_SUMFILE")
	if path == "" {
		b.Skip("set FASTIO_SUMFILE to a file to hash")
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("SHA-256", func(b *testing.B) {
		b.SetBytes(fi.Size())
		b.ReportAllocs()
		cpu := cputime.StartCPU(b)
		for b.Loop() {
			if _, err := SumFile(SHA256, path); err != nil {
				b.Fatal(err)
			}
		}
		cpu.Report()
	})
}

// BenchmarkSumMany256: a batch of 64 messages of one size, by SumMany256,
// by fastio's Sum256 in a loop (the single-stream path) and by
// crypto/sha256.Sum256 in a loop. Bytes per second count every message;
// ns/op and cpu-ns/op are per batch. The README's figures:
//
//	go test -run '^$' -bench 'SumMany256$' -benchtime 100ms -count 10 > many.txt
//	benchstat -col /impl many.txt
func BenchmarkSumMany256(b *testing.B) {
	const batch = 64
	for _, size := range []struct {
		name string
		n    int
	}{{"64B", 64}, {"1KiB", 1 << 10}, {"8KiB", 8 << 10}} {
		data := benchData(batch * size.n)
		msgs := make([][]byte, batch)
		for i := range msgs {
			msgs[i] = data[i*size.n : (i+1)*size.n]
		}
		digests := make([][32]byte, batch)
		run := func(name string, f func()) {
			b.Run("size="+size.name+"/impl="+name, func(b *testing.B) {
				b.SetBytes(int64(batch * size.n))
				b.ReportAllocs()
				// Process CPU time as well: on a shared machine it does not
				// count the time spent waiting for a core.
				cpu := cputime.StartCPU(b)
				for b.Loop() {
					f()
				}
				cpu.Report()
			})
		}
		run("many", func() {
			if err := SumMany256(digests, msgs); err != nil {
				b.Fatal(err)
			}
		})
		run("single", func() {
			for i, m := range msgs {
				digests[i] = Sum256(m)
			}
		})
		run("stdlib", func() {
			for i, m := range msgs {
				digests[i] = sha256.Sum256(m)
			}
		})
	}
}

// BenchmarkSumMany256AB prints the ratios of SumMany256 quoted in
// README.md, from alternating runs in thread CPU time (see abMin):
//
//	go test -run '^$' -bench SumMany256AB -benchtime 1x -v
func BenchmarkSumMany256AB(b *testing.B) {
	const batch = 64
	for b.Loop() {
		for _, n := range []int{64, 1 << 10, 8 << 10} {
			data := benchData(batch * n)
			msgs := make([][]byte, batch)
			for i := range msgs {
				msgs[i] = data[i*n : (i+1)*n]
			}
			digests := make([][32]byte, batch)
			many := func() { _ = SumMany256(digests, msgs) }
			reps := max(1, (1<<20)/(batch*n))
			m, s := abMin(30, reps, many, func() {
				for i, p := range msgs {
					digests[i] = sha256.Sum256(p)
				}
			})
			b.Logf("%5d B: SumMany256 %6.0f ns/message, sha256.Sum256 loop %6.0f: speed ratio %.2f×", n, m/batch, s/batch, s/m)
			m, s = abMin(30, reps, many, func() {
				for i, p := range msgs {
					digests[i] = Sum256(p)
				}
			})
			b.Logf("%5d B: SumMany256 %6.0f ns/message, fastio Sum256 loop %6.0f: speed ratio %.2f×", n, m/batch, s/batch, s/m)
		}
	}
}
