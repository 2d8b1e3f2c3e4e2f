package unicode

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used. The
// benchmarks lock their goroutine to its thread and report throughput per
// CPU second beside the wall-clock figure, which the other jobs on a shared
// machine distort far more.
func threadCPU() (time.Duration, bool) {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
