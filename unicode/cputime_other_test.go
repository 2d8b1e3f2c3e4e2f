//go:build !linux

package unicode

import "time"

// threadCPU is only measured on Linux; elsewhere the benchmarks report
// wall-clock throughput alone.
func threadCPU() (time.Duration, bool) { return 0, false }
