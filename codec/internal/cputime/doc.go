// Package cputime measures the CPU time an operation costs the process,
// for comparing implementations on a loaded machine where wall-clock
// benchmarks swing by several times from run to run: a process that waits
// for a core accumulates no CPU time. Process time, not thread time, so
// that the garbage collection an allocating implementation causes on other
// threads is charged to it.
//
// Compare runs A and B alternately, many rounds, and take the medians:
//
//	a, b := cputime.Compare(10, 100000, encodeOurs, encodePeer)
//	ratio := b / a // > 1: ours is faster
//
// The clock is coretest.ProcessCPU (CLOCK_PROCESS_CPUTIME_ID on Linux,
// getrusage on the other Unix systems, the wall clock elsewhere).
package cputime
