// Package cputime measures benchmarks in CPU time, beside the wall time
// testing reports: the process's and the thread's CPU clocks, a timer that
// reports cpu-ns/op, and an alternating comparison of two functions. It is
// test support for fastio's modules, apart from the conformance suite in
// coretest.
package cputime

import (
	"runtime"
	"slices"
	"testing"
	"time"
)

// The benchmarks of every module report CPU time beside wall time: on a
// machine shared with other work, wall time per operation swings with the
// load while the CPU time an operation consumes stays put, so ratios
// against a peer are quoted in CPU time.

// ProcessCPU returns the CPU time (user and system) the whole process has
// used: all threads, so work an operation causes elsewhere, such as the
// garbage collector's, counts too. Where the system has no such clock it
// returns the wall time since the process started.
func ProcessCPU() time.Duration { return processCPU() }

// ThreadCPU returns the CPU time the calling OS thread has used; it does not
// count time the thread waits for a core, nor work on other threads. Lock
// the goroutine to its thread (runtime.LockOSThread) for the span measured.
// Where the system has no per-thread clock it returns ProcessCPU.
func ThreadCPU() time.Duration { return threadCPU() }

// CPUTimer reports a benchmark's process CPU time per operation as the
// metric "cpu-ns/op". Start it after the set-up, then call Report when the
// timed loop ends:
//
//	t := cputime.StartCPU(b)
//	for b.Loop() { ... }
//	t.Report()
type CPUTimer struct {
	b     *testing.B
	start time.Duration
}

// StartCPU starts a CPUTimer for b.
func StartCPU(b *testing.B) CPUTimer { return CPUTimer{b, ProcessCPU()} }

// Report adds the CPU time per operation since StartCPU to b's results.
// It reports nothing when b ran no operation or the clock did not advance.
func (t CPUTimer) Report() {
	if c := ProcessCPU() - t.start; c > 0 && t.b.N > 0 {
		t.b.ReportMetric(float64(c)/float64(t.b.N), "cpu-ns/op")
	}
}

// CompareCPU measures two implementations of the same work in the same run:
// a(n) and b(n), each doing n operations, run alternately for rounds rounds
// on a locked thread, after a garbage collection and one warm-up round
// each, and it returns the median process CPU nanoseconds per operation of
// each (b's over a's is the speed ratio of a). The collection comes first
// because process CPU time also counts the collector's threads: garbage
// left by whatever ran before would otherwise be charged to the first
// rounds.
func CompareCPU(rounds, n int, a, b func(n int)) (float64, float64) {
	rounds = max(rounds, 1)
	runtime.GC()
	cpuPer(n, a)
	cpuPer(n, b)
	as, bs := make([]float64, rounds), make([]float64, rounds)
	for i := range rounds {
		as[i] = cpuPer(n, a)
		bs[i] = cpuPer(n, b)
	}
	slices.Sort(as)
	slices.Sort(bs)
	return as[rounds/2], bs[rounds/2]
}

// cpuPer runs f(n) on a locked thread and returns the process CPU time per
// operation in nanoseconds.
func cpuPer(n int, f func(n int)) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := ProcessCPU()
	f(n)
	return float64(ProcessCPU()-t0) / float64(max(n, 1))
}
