package crypto

import (
	"crypto/sha512"
	"runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time of the calling thread
// (CLOCK_THREAD_CPUTIME_ID), which does not count the time the thread
// waits for a core: on a shared machine it is the steadier measure, and
// the one `openssl speed` reports by default.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// The A/B figures on Linux are in thread CPU time.
func init() { measure = cpuMin }

// cpuMin is abMin on thread CPU time: f and g alternately, reps calls
// each per trial, the best trial of each in ns per call.
func cpuMin(trials, reps int, f, g func()) (float64, float64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	minA, minB := time.Duration(1<<62), time.Duration(1<<62)
	for range trials {
		t0 := threadCPU()
		for range reps {
			f()
		}
		t1 := threadCPU()
		for range reps {
			g()
		}
		t2 := threadCPU()
		minA, minB = min(minA, t1-t0), min(minB, t2-t1)
	}
	return float64(minA) / float64(reps), float64(minB) / float64(reps)
}

// BenchmarkSHA512CPU prints the 1 MiB SHA-512 throughput of Sum512 under
// each block function and of the standard library in thread CPU time,
// the figure compared with `openssl speed -evp sha512` (see
// scripts/peers.sh):
//
//	go test -run '^$' -bench SHA512CPU -benchtime 1x -v
func BenchmarkSHA512CPU(b *testing.B) {
	data := benchData(1 << 20)
	for b.Loop() {
		for _, k := range kernels512() {
			restore := k.use()
			a, s := cpuMin(10, 8, func() { _ = Sum512(data) }, func() { _ = sha512.Sum512(data) })
			restore()
			b.Logf("SHA-512 1MiB CPU time: %-8s %6.0f MB/s, stdlib %6.0f MB/s, ratio %.3f",
				k.name, float64(len(data))*1e3/a, float64(len(data))*1e3/s, s/a)
		}
	}
}
