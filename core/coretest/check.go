package coretest

import (
	"bytes"
	"fmt"
	"io"
)

// Checker records what a writer acknowledged to its caller, so that a test
// can prove against what reached the device that no acknowledged byte was
// lost or duplicated and nothing was invented.
type Checker struct {
	W     io.Writer // the writer under test
	acked []byte
}

// Write writes p to W and records the acknowledged part, p[:n].
func (c *Checker) Write(p []byte) (int, error) {
	n, err := c.W.Write(p)
	if n >= 0 && n <= len(p) {
		c.acked = append(c.acked, p[:n]...)
	}
	return n, err
}

// Ack records p as acknowledged by a call the test made itself (a Commit,
// say).
func (c *Checker) Ack(p []byte) { c.acked = append(c.acked, p...) }

// Acked returns every byte acknowledged so far.
func (c *Checker) Acked() []byte { return c.acked }

// Verify checks device, the bytes that reached the device, against the
// acknowledged bytes. pending is how many acknowledged bytes the writer
// still holds (its Buffered count), or -1 when unknown: device must then
// be a prefix of the acknowledged bytes. With pending = 0 (after a
// successful Flush) device must equal them exactly.
func (c *Checker) Verify(device []byte, pending int) error {
	if len(device) > len(c.acked) {
		return fmt.Errorf("device has %d bytes, only %d acknowledged: duplicated or invented bytes", len(device), len(c.acked))
	}
	if i := mismatch(device, c.acked); i >= 0 {
		return fmt.Errorf("device differs from acknowledged bytes at offset %d: got %q, want %q", i, excerpt(device, i), excerpt(c.acked, i))
	}
	if pending >= 0 && len(device)+pending != len(c.acked) {
		return fmt.Errorf("device has %d bytes and writer holds %d, but %d were acknowledged: %d lost", len(device), pending, len(c.acked), len(c.acked)-len(device)-pending)
	}
	return nil
}

func mismatch(a, b []byte) int {
	if bytes.HasPrefix(b, a) {
		return -1
	}
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func excerpt(p []byte, i int) []byte {
	return p[i:min(len(p), i+16)]
}
