package cputime

import (
	"runtime"
	"slices"

	"github.com/fastio-go/fastio/core/coretest"
)

// Per runs f(n), which must do n operations, on a locked thread and
// returns the CPU time per operation in nanoseconds.
func Per(n int, f func(n int)) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := now()
	f(n)
	return float64(now()-t0) / float64(n)
}

// Compare runs a(n) and b(n) alternately for rounds rounds, after a
// garbage collection and one warm-up round each, and returns the median
// CPU nanoseconds per operation of each. The collection comes first
// because process CPU time also counts the collector's threads: garbage
// left by whatever ran before would otherwise be charged to the first
// rounds measured.
func Compare(rounds, n int, a, b func(n int)) (float64, float64) {
	runtime.GC()
	Per(n, a)
	Per(n, b)
	as := make([]float64, rounds)
	bs := make([]float64, rounds)
	for i := range rounds {
		as[i] = Per(n, a)
		bs[i] = Per(n, b)
	}
	return median(as), median(bs)
}

func median(v []float64) float64 {
	slices.Sort(v)
	return v[len(v)/2]
}

// now is the process's CPU clock, shared by every fastio module's
// benchmarks (on systems without one it is the wall clock).
var now = coretest.ProcessCPU
