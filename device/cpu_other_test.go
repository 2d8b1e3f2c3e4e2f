//go:build !linux && !darwin && !freebsd

package device

// cpuTime is not measured here; benchmarks then report 0 CPU time.
func cpuTime() int64 { return 0 }
