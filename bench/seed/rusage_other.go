//go:build !unix

package seed

import "os"

// maxRSS is not known on this platform.
func maxRSS(*os.ProcessState) int64 { return 0 }
