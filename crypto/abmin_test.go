package crypto

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// abMin runs f and g alternately, reps calls each per trial, and returns
// the best trial of each in ns per call. The time is the CPU time of the
// locked thread (cputime.ThreadCPU), which does not count the time the
// thread waits for a core: on a shared machine it is the steadier measure,
// and the one `openssl speed` reports by default.
func abMin(trials, reps int, f, g func()) (float64, float64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	minA, minB := time.Duration(1<<62), time.Duration(1<<62)
	for range trials {
		t0 := cputime.ThreadCPU()
		for range reps {
			f()
		}
		t1 := cputime.ThreadCPU()
		for range reps {
			g()
		}
		t2 := cputime.ThreadCPU()
		minA, minB = min(minA, t1-t0), min(minB, t2-t1)
	}
	return float64(minA) / float64(reps), float64(minB) / float64(reps)
}

// BenchmarkABFigures prints the ratios quoted in README.md:
//
//	go test -run '^$' -bench ABFigures -benchtime 1x -v
//
// (scripts/peers.sh runs it). A speed ratio above 1 means fastio is
// faster than the peer. It measures alternating runs itself, so one
// iteration is enough.
func BenchmarkABFigures(b *testing.B) {
	t := b
	for b.Loop() {
		abFigures(t)
	}
}

// varLines are lines the compiler cannot see as constants, as a
// formatter's output is.
var varLines = [2]string{"Hello World\n", "Hello World\n"}

func abFigures(t *testing.B) {
	report := func(name string, n int, ours, peer float64) {
		t.Logf("%-34s fastio %8.0f ns (%6.0f MB/s)  peer %8.0f ns  speed ratio %.2f×", name, ours, float64(n)*1e3/ours, peer, peer/ours)
	}
	for _, size := range []int{64, 1 << 10, 1 << 20} {
		data := benchData(size)
		reps := max(1, (1<<22)/size/8)
		name := func(s string) string { return fmt.Sprintf("%s/%d", s, size) }
		var out [MaxSize]byte
		a, b := abMin(30, reps, func() { _ = Sum1(data) }, func() { _ = sha1.Sum(data) })
		report(name("Sum1 vs sha1.Sum"), size, a, b)
		a, b = abMin(30, reps, func() { _ = Sum256(data) }, func() { _ = sha256.Sum256(data) })
		report(name("Sum256 vs sha256.Sum256"), size, a, b)
		a, b = abMin(30, reps, func() { _ = Sum512(data) }, func() { _ = sha512.Sum512(data) })
		report(name("Sum512 vs sha512.Sum512"), size, a, b)
		for _, alg := range []Algorithm{SHA1, SHA256, SHA512} {
			h := mustNew(t, alg)
			s := stdNew(alg)()
			a, b = abMin(30, reps, func() { h.Reset(); h.Write(data); h.Sum(out[:0]) }, func() { s.Reset(); s.Write(data); s.Sum(out[:0]) })
			report(name("device "+alg.String()+" vs hash.Hash"), size, a, b)
			key := []byte("a 32-byte key for the benchmarks")
			m, _ := NewHMAC(alg, key)
			sm := hmac.New(stdNew(alg), key)
			a, b = abMin(30, reps, func() { m.Reset(); m.Write(data); m.Sum(out[:0]) }, func() { sm.Reset(); sm.Write(data); sm.Sum(out[:0]) })
			report(name("HMAC "+alg.String()+" vs crypto/hmac"), size, a, b)
		}
	}
	const line = "Hello World\n"
	const lines = 1 << 16
	all := []byte(strings.Repeat(line, lines))
	h := mustNew(t, SHA256)
	a, b := abMin(100, 1, func() {
		h.Reset()
		for range lines {
			h.WriteString(line)
		}
		h.Sum(h.out[:0])
	}, func() { _ = Sum256(all) })
	t.Logf("12-byte lines into device vs one call: %.3f× the time", a/b)
	a, b = abMin(100, 1, func() {
		h.Reset()
		for range lines {
			h.PutString(line)
		}
		h.Sum(h.out[:0])
	}, func() { _ = Sum256(all) })
	t.Logf("12-byte lines into device by PutString vs one call: %.3f× the time", a/b)
	a, b = abMin(100, 1, func() {
		h.Reset()
		for i := range lines {
			h.PutString(varLines[i&1])
		}
		h.Sum(h.out[:0])
	}, func() { _ = Sum256(all) })
	t.Logf("12-byte lines (not constant) into device by PutString vs one call: %.3f× the time", a/b)
	a, b = abMin(100, 1, func() {
		h.Reset()
		for range lines {
			// The formatter's path: Reserve and Commit inline.
			p := h.Reserve(len(line))
			h.Commit(copy(p, line))
		}
		h.Sum(h.out[:0])
	}, func() { _ = Sum256(all) })
	t.Logf("12-byte lines into device by Reserve/Commit vs one call: %.3f× the time", a/b)
	a, b = abMin(100, 1, func() {
		h.Reset()
		// A formatter's batch: append many lines to one reserved slice
		// held in a local, then Commit once.
		p := h.Reserve(len(line))[:0]
		for range lines {
			if len(line) > cap(p)-len(p) {
				h.Commit(len(p))
				p = h.Reserve(len(line))[:0]
			}
			p = append(p, line...)
		}
		h.Commit(len(p))
		h.Sum(h.out[:0])
	}, func() { _ = Sum256(all) })
	t.Logf("12-byte lines appended to a reserved slice, one Commit per buffer, vs one call: %.3f× the time", a/b)
	// The per-line cost of the write alone, the buffer emptied without
	// hashing: PutString on the Hasher, whose length goes through memory,
	// against the same append into a slice held in a local.
	n := BufferSize / len(line)
	local := make([]byte, BufferSize)
	sink := local
	a, b = abMin(200, 100, func() {
		h.win = h.win[:0] // empties the window without hashing
		for range n {
			h.PutString(line)
		}
	}, func() {
		p := local[:0]
		for range n {
			p = append(p, line...)
		}
		sink = p
	})
	a3, _ := abMin(200, 100, func() {
		h.win = h.win[:0]
		for range n {
			h.PutString(varLines[0])
		}
	}, func() {})
	h.Reset()
	e := newEngine(SHA256)
	hash, _ := abMin(200, 100, func() { e.blocks(local) }, func() {})
	t.Logf("per 12-byte line: hashing %.2f ns; PutString alone %.2f ns (not constant: %.2f ns); append to a local slice %.2f ns",
		hash/float64(len(local))*float64(len(line)), a/float64(n), a3/float64(n), b/float64(n))
	_ = sink
	s := sha256.New()
	a2, b2 := abMin(20, 1, func() {
		h.Reset()
		for range lines {
			h.WriteString(line)
		}
		h.Sum(h.out[:0])
	}, func() {
		s.Reset()
		for range lines {
			fmt.Fprint(s, line)
		}
		s.Sum(h.out[:0])
	})
	t.Logf("12-byte lines into device vs fmt.Fprint into sha256.New(): %.2f× faster", b2/a2)
}

// BenchmarkImplAB prints, for SHA-1, SHA-256 and SHA-512, the one-shot
// time of each implementation this machine can run (this package's
// assembly and the standard library's) beside the standard library's own
// Sum in the same alternating runs, in thread CPU time; the 1 MiB figure is
// the one compared with `openssl speed -evp` (see scripts/peers.sh):
//
//	go test -run '^$' -bench ImplAB -benchtime 1x -v
func BenchmarkImplAB(b *testing.B) {
	std := map[Algorithm]func([]byte){
		SHA1:   func(p []byte) { _ = sha1.Sum(p) },
		SHA256: func(p []byte) { _ = sha256.Sum256(p) },
		SHA512: func(p []byte) { _ = sha512.Sum512(p) },
	}
	for b.Loop() {
		for _, a := range []Algorithm{SHA1, SHA256, SHA512} {
			for _, n := range []int{64, 1 << 10, 1 << 20} {
				data := benchData(n)
				reps := max(1, (1<<22)/n/8)
				for _, k := range kernelsFor(a) {
					restore := k.use()
					ours, peer := abMin(20, reps, func() { _, _ = Sum(a, data) }, func() { std[a](data) })
					restore()
					b.Logf("%-7s %7d B: %-7s %10.1f ns (%6.0f MB/s), crypto/%s %10.1f ns: speed ratio %.3f×",
						a, n, k.name, ours, float64(n)*1e3/ours, stdPkg(a), peer, peer/ours)
				}
			}
		}
	}
}

func stdPkg(a Algorithm) string {
	switch a {
	case SHA1:
		return "sha1"
	case SHA224, SHA256:
		return "sha256"
	}
	return "sha512"
}
