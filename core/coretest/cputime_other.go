//go:build !unix

package coretest

import "time"

func processCPU() time.Duration { return wallSinceStart() }

func threadCPU() time.Duration { return wallSinceStart() }
