package compress

import (
	"syscall"
	"time"
)

// rusageThread is RUSAGE_THREAD: the calling thread's usage (Linux).
const rusageThread = 1

// threadCPU returns the CPU time the calling OS thread has used, so that
// measurements on a shared machine count only this test's work (the
// caller locks itself to its thread).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
