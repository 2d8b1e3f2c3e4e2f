//go:build linux || darwin || freebsd

package device

import "syscall"

// cpuTime returns the process's user plus system CPU time in nanoseconds.
// Benchmarks report it beside wall time because the shared machine they
// run on makes wall time noisy: CPU time counts only this process's work.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
