package format

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used. On a machine shared
// with other work, CPU time per operation is a steadier measure than wall
// time; the benchmarks report both.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
