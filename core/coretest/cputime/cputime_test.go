package cputime_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core/coretest/cputime"
)

// spin burns CPU on the calling thread until the wall clock has moved d.
func spin(d time.Duration) (x uint64) {
	for t0 := time.Now(); time.Since(t0) < d; {
		for i := range 1000 {
			x += uint64(i) * x
		}
	}
	return x
}

func TestCPUClocksAdvance(t *testing.T) {
	for _, c := range []struct {
		name  string
		clock func() time.Duration
	}{
		{"ProcessCPU", cputime.ProcessCPU},
		{"ThreadCPU", cputime.ThreadCPU},
	} {
		t.Run(c.name, func(t *testing.T) {
			// A subtest runs on a goroutine of its own: the thread clock
			// means something only while that goroutine keeps its thread.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			t0 := c.clock()
			spin(30 * time.Millisecond)
			d := c.clock() - t0
			// The thread ran for 30ms of wall time; on a loaded machine it may
			// have had a fraction of a core, but never none and never more
			// than the process's cores allow.
			if d <= 0 || d > 30*time.Millisecond*time.Duration(runtime.NumCPU())+time.Second {
				t.Fatalf("%s advanced %v over 30ms of spinning", c.name, d)
			}
		})
	}
}

// CompareCPU must tell apart work of 1 and of 64 units per operation, in
// the right order, however loaded the machine.
func TestCompareCPU(t *testing.T) {
	var x uint64
	unit := func(n int) {
		for i := range n * 2000 {
			x += uint64(i) * x
		}
	}
	a, b := cputime.CompareCPU(3, 100, unit, func(n int) { unit(64 * n) })
	if a <= 0 || b <= a {
		t.Fatalf("CompareCPU gave %v and %v ns/op for 1 and 64 units of work", a, b)
	}
	_ = x
}

func BenchmarkCPUTimerReport(b *testing.B) {
	t := cputime.StartCPU(b)
	var x uint64
	for b.Loop() {
		x += spin(0)
	}
	t.Report()
	_ = x
}
