package cputime

import "time"

var processStart = time.Now()

// wallSinceStart is the fallback clock where no CPU clock is available.
func wallSinceStart() time.Duration { return time.Since(processStart) }
