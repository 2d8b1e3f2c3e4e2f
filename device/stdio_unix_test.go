//go:build linux || darwin || freebsd

package device

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// TestStdoutClosedPipe runs a child that writes to Stdout through a pipe
// whose reader closes: like a write to os.Stdout, it must end the child
// with SIGPIPE (it kept running on EPIPE); a child that asked for SIGPIPE
// with signal.Notify gets EPIPE instead.
func TestStdoutClosedPipe(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	for _, mode := range []string{"epipe", "epipe-notify"} {
		t.Run(mode, func(t *testing.T) {
			cmd := exec.Command(exe, "-test.run=^$")
			cmd.Env = append(os.Environ(), "DEVICE_TEST_HELPER="+mode)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			r, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if _, err := io.ReadFull(r, make([]byte, 100)); err != nil {
				t.Fatal(err)
			}
			r.Close()
			err = cmd.Wait()
			ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
			switch mode {
			case "epipe":
				if !ws.Signaled() || ws.Signal() != syscall.SIGPIPE {
					t.Fatalf("child ended with %v (stderr %q), want death by SIGPIPE", err, stderr.String())
				}
			case "epipe-notify":
				if err != nil || stderr.String() != "EPIPE\n" {
					t.Fatalf("child ended with %v (stderr %q), want exit 0 after EPIPE", err, stderr.String())
				}
			}
		})
	}
}
