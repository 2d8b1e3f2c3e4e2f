// Package cputime measures the CPU time an operation takes on the calling
// thread, for comparing implementations on a loaded machine where wall-clock
// benchmarks swing by several times from run to run: a thread that waits
// for a core accumulates no CPU time.
//
// Compare runs A and B alternately, many rounds, and take the medians:
//
//	a, b := cputime.Compare(10, 100000, encodeOurs, encodePeer)
//	ratio := b / a // > 1: ours is faster
//
// On Linux it reads CLOCK_THREAD_CPUTIME_ID; elsewhere it falls back to the
// monotonic wall clock.
package cputime
