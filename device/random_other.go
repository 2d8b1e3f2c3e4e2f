//go:build !linux

package device

import "crypto/rand"

func readRandom(p []byte) (int, error) { return rand.Read(p) }
