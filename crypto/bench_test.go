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

	"github.com/fastio-go/fastio/core/coretest"

	simd "github.com/minio/sha256-simd"
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
			h.Sum(h.tmp[:0])
		}
	})
	b.Run("one-call-sha256simd", func(b *testing.B) {
		b.SetBytes(int64(len(all)))
		b.ReportAllocs()
		for b.Loop() {
			_ = simd.Sum256(all)
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
			h.Sum(h.tmp[:0])
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
		cpu := coretest.StartCPU(b)
		for b.Loop() {
			if _, err := SumFile(SHA256, path); err != nil {
				b.Fatal(err)
			}
		}
		cpu.Report()
	})
}
