//go:build !amd64 || purego

package crypto

// sumMany256 hashes one message after another: without the SHA extensions
// there is no instruction latency for a second stream to fill.
func sumMany256(digests [][32]byte, messages [][]byte) {
	for i, m := range messages {
		digests[i] = Sum256(m)
	}
}
