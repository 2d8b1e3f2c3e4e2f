//go:build amd64 && !purego

package crypto

import (
	"encoding/hex"
	"testing"
)

// manyPaths runs f on each of SumMany256's paths this build can take: the
// 16-lane AVX-512 kernel with the two-stream one (where the CPU has
// AVX-512BW and the SHA extensions), the two-stream SHA-NI kernel alone,
// and one message at a time.
func manyPaths(t *testing.T, f func(t *testing.T)) {
	if many256x16 {
		t.Run("x16", f)
	} else {
		t.Log("no AVX-512BW or no SHA extensions: the 16-lane kernel is not tested")
	}
	if hasSHANI {
		t.Run("x2", func(t *testing.T) {
			many256x16 = false
			defer func() { many256x16 = hasSHANI && hasAVX512BW }()
			f(t)
		})
	} else {
		t.Log("no SHA extensions: the two-stream kernel is not tested")
	}
	t.Run("single", func(t *testing.T) {
		many256x2 = false
		defer func() { many256x2 = hasSHANI }()
		f(t)
	})
}

// BenchmarkSHA256RNDS2 prints SHA256RNDS2's latency and reciprocal
// throughput on this CPU, as thread CPU time per instruction from
// alternating runs, and the floor they set: a block is 32 of them, one
// stream waits for each, two streams can at best issue at the throughput.
//
//	go test -run '^$' -bench SHA256RNDS2 -benchtime 1x -v
func BenchmarkSHA256RNDS2(b *testing.B) {
	if !hasSHANI {
		b.Skip("no SHA extensions on this CPU")
	}
	for b.Loop() {
		const n = 10000
		lat, tput := abMin(100, 1, func() { rnds2Chains(n, false) }, func() { rnds2Chains(n, true) })
		lat, tput = lat/(4*n), tput/(4*n)
		b.Logf("SHA256RNDS2: latency %.3f ns, reciprocal throughput %.3f ns: at most %.2f× from interleaving", lat, tput, lat/tput)
		b.Logf("floor per 64-byte block: one stream %.1f ns, two streams %.1f ns per message", 32*lat, 32*tput)
	}
}

// TestSumGroup16KnownAnswers runs the 16-lane group on the known-answer
// vectors directly (SumMany256 sends groups of mostly short messages, as
// these are, to the pairs instead), each vector in several lanes.
func TestSumGroup16KnownAnswers(t *testing.T) {
	if !many256x16 {
		t.Skip("no AVX-512BW or no SHA extensions: the 16-lane kernel cannot run")
	}
	for shift := range len(sha256Vectors) {
		var msgs [16][]byte
		var want [16]string
		for l := range msgs {
			v := sha256Vectors[(l+shift)%len(sha256Vectors)]
			msgs[l], want[l] = []byte(v.msg), v.want
		}
		var d [16][32]byte
		sumGroup16(&d, &msgs)
		for l := range d {
			if got := hex.EncodeToString(d[l][:]); got != want[l] {
				t.Errorf("shift %d, lane %d: got %s, want %s", shift, l, got, want[l])
			}
		}
	}
}

// BenchmarkSumMany256PairsAB is BenchmarkSumMany256AB on the two-stream
// SHA-NI kernel alone (the 16-lane groups turned off), for its figures
// against the SHA256RNDS2 floor:
//
//	go test -run '^$' -bench SumMany256PairsAB -benchtime 1x -v
func BenchmarkSumMany256PairsAB(b *testing.B) {
	if !hasSHANI {
		b.Skip("no SHA extensions on this CPU")
	}
	many256x16 = false
	defer func() { many256x16 = hasSHANI && hasAVX512BW }()
	const batch = 64
	for b.Loop() {
		for _, n := range []int{64, 1 << 10, 8 << 10} {
			data := benchData(batch * n)
			msgs := make([][]byte, batch)
			for i := range msgs {
				msgs[i] = data[i*n : (i+1)*n]
			}
			digests := make([][32]byte, batch)
			m, s := abMin(30, max(1, (1<<20)/(batch*n)), func() { _ = SumMany256(digests, msgs) }, func() {
				for i, p := range msgs {
					digests[i] = Sum256(p)
				}
			})
			b.Logf("%5d B: pairs %6.0f ns/message (%.1f ns a block), fastio Sum256 loop %6.0f: speed ratio %.2f×", n, m/batch, m/batch/float64(n/64+1), s/batch, s/m)
		}
	}
}
