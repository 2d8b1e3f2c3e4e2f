// Package peertest skips a test that lacks a program it runs, the way
// core/coretest's Peer does for the library modules; the release tooling
// requires no fastio module, so it has this copy of the rule.
package peertest

import (
	"os"
	"os/exec"
	"testing"
)

// Peer returns the path of the program name. When it is not on PATH, Peer
// skips the test with one line naming the Debian package pkg that provides
// it, or fails it under FASTIO_REQUIRE_PEERS=1 (as CI runs).
func Peer(t testing.TB, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	msg := name + " not found (apt-get install " + pkg + ")"
	if os.Getenv("FASTIO_REQUIRE_PEERS") == "1" {
		t.Fatal(msg + "; FASTIO_REQUIRE_PEERS=1 makes this a failure")
	}
	t.Skip(msg)
	return ""
}
