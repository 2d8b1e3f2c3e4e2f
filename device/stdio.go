package device

import (
	"os"
	"sync"

	"github.com/fastio-go/fastio/core"
)

// The standard streams, buffered. Each function returns the same device
// every time; the handles are observed, not owned, so Close flushes and
// leaves the process's stream open. Output to Stdout and Stderr stays in
// the buffer until Flush (or Close): call it before the program exits.
//
// They are not safe for concurrent use; wrap one in NewLocked for that.
var (
	stdoutOnce, stderrOnce, stdinOnce sync.Once
	stdout, stderr                    *OutFile
	stdin                             *InFile
)

// Stdout returns buffered standard output (fast_io's out()).
//
// A write to it whose reader has gone (EPIPE: the program's output was
// piped into head, say, which exited) behaves as a write to os.Stdout
// does: the program is ended by SIGPIPE, as Unix tools expect, so that a
// pipeline stops quietly. A program that asks for SIGPIPE with
// os/signal.Notify gets the EPIPE error from Flush instead and keeps
// running. The same holds for Stderr, and for any File over descriptor 1
// or 2.
func Stdout() *OutFile {
	stdoutOnce.Do(func() { stdout = core.NewOwningWriter(observe(os.Stdout.Fd(), "stdout"), core.DefaultBufferSize) })
	return stdout
}

// Stderr returns buffered standard error, with a 4 KiB buffer.
func Stderr() *OutFile {
	stderrOnce.Do(func() { stderr = core.NewOwningWriter(observe(os.Stderr.Fd(), "stderr"), 4096) })
	return stderr
}

// Stdin returns buffered standard input (fast_io's in()).
func Stdin() *InFile {
	stdinOnce.Do(func() { stdin = core.NewOwningReader(observe(os.Stdin.Fd(), "stdin"), core.DefaultBufferSize) })
	return stdin
}
