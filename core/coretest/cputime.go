package coretest

import (
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
//	t := coretest.StartCPU(b)
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
