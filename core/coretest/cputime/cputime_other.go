//go:build !unix

package cputime

import "time"

func processCPU() time.Duration { return wallSinceStart() }

func threadCPU() time.Duration { return wallSinceStart() }
