//go:build !amd64 || purego

package crypto

import "testing"

// manyPaths runs f on SumMany256's one path in this build: one message at
// a time.
func manyPaths(t *testing.T, f func(t *testing.T)) { t.Run("single", f) }
