package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// Clock identifiers of clock_gettime(2), from <linux/time.h>.
const (
	clockProcessCPUTimeID = 2
	clockThreadCPUTimeID  = 3
)

func clock(id uintptr) time.Duration {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return wallSinceStart()
	}
	return time.Duration(ts.Nano())
}

func processCPU() time.Duration { return clock(clockProcessCPUTimeID) }

func threadCPU() time.Duration { return clock(clockThreadCPUTimeID) }
