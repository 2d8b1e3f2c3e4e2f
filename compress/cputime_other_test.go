//go:build !linux

package compress

import "time"

// threadCPU is not available here: the harness falls back to wall time.
func threadCPU() time.Duration { return 0 }
