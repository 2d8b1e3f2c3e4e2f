//go:build unix && !linux

package cputime

import (
	"syscall"
	"time"
)

func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return wallSinceStart()
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func threadCPU() time.Duration { return processCPU() }
