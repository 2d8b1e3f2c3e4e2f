//go:build !unix

package core_test

// cpuTime is not measured on this platform.
func cpuTime() int64 { return 0 }
