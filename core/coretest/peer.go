package coretest

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// RequirePeersEnv is the environment variable that turns a missing peer into
// a test failure: with RequirePeersEnv=1 (as CI runs), [Peer] and
// [MissingPeer] fail the test instead of skipping it.
const RequirePeersEnv = "FASTIO_REQUIRE_PEERS"

// Peer returns the path of the program name, which a test compares with or
// runs. When it is not on PATH, Peer skips the test with one line naming
// the Debian package that provides it, or fails it under
// FASTIO_REQUIRE_PEERS=1.
//
// On wasip1 and js, which start no processes, it always skips.
func Peer(t testing.TB, name, pkg string) string {
	t.Helper()
	noProcesses(t, name)
	path, err := exec.LookPath(name)
	if err != nil {
		MissingPeer(t, name, pkg)
	}
	return path
}

// MissingPeer ends a test that cannot run without what (a program, a
// library, a compiler): it skips naming the Debian package pkg to install,
// or fails under FASTIO_REQUIRE_PEERS=1.
func MissingPeer(t testing.TB, what, pkg string) {
	t.Helper()
	noProcesses(t, what)
	msg := what + " not found (apt-get install " + pkg + ")"
	if os.Getenv(RequirePeersEnv) == "1" {
		t.Fatal(msg + "; " + RequirePeersEnv + "=1 makes this a failure")
	}
	t.Skip(msg)
}

// noProcesses skips the test on a platform that cannot start a peer at
// all, whatever FASTIO_REQUIRE_PEERS says: the comparison runs on the host.
func noProcesses(t testing.TB, what string) {
	t.Helper()
	if runtime.GOOS == "wasip1" || runtime.GOOS == "js" {
		t.Skip(what + ": " + runtime.GOOS + " starts no processes; the comparison runs on the host")
	}
}
