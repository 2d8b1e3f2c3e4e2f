//go:build amd64 && !purego

package crypto

import "testing"

// manyPaths runs f on each of SumMany256's paths this build can take: the
// two-stream kernel (where the CPU has the SHA extensions) and one message
// at a time.
func manyPaths(t *testing.T, f func(t *testing.T)) {
	if hasSHANI {
		t.Run("x2", f)
	} else {
		t.Log("no SHA extensions: the two-stream kernel is not tested")
	}
	t.Run("single", func(t *testing.T) {
		many256x2 = false
		defer func() { many256x2 = hasSHANI }()
		f(t)
	})
}
