package device

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"testing"
)

// TestMain lets the test binary act as a child process that uses the
// standard streams.
func TestMain(m *testing.M) {
	if os.Getenv("DEVICE_TEST_HELPER") == "stdio" {
		in := Stdin()
		out := Stdout()
		data, err := io.ReadAll(in)
		if err != nil {
			os.Exit(2)
		}
		out.WriteString("got ")
		out.Write(bytes.ToUpper(data))
		out.Flush()
		Stderr().WriteString("to stderr\n")
		Stderr().Flush()
		if Stdout() != out || Stdin() != in {
			os.Exit(3)
		}
		// Close flushes but leaves the process's stream open.
		out.WriteString("!")
		out.Close()
		os.Stdout.WriteString("?")
		os.Exit(0)
	}
	if mode := os.Getenv("DEVICE_TEST_HELPER"); mode == "epipe" || mode == "epipe-notify" {
		epipeHelper(mode == "epipe-notify")
	}
	code := m.Run()
	if bigDir != "" {
		os.RemoveAll(bigDir)
	}
	os.Exit(code)
}

func TestStdio(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "DEVICE_TEST_HELPER=stdio")
	p, err := Start(cmd, PipeStdin|PipeStdout|PipeStderr)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.Stdin.WriteString("hello")
	p.Stdin.Close()
	out, _ := io.ReadAll(p.Stdout)
	errOut, _ := io.ReadAll(p.Stderr)
	if err := p.Wait(); err != nil {
		t.Fatalf("helper: %v (stderr %q)", err, errOut)
	}
	if string(out) != "got HELLO!?" || string(errOut) != "to stderr\n" {
		t.Errorf("stdout %q, stderr %q", out, errOut)
	}
}

// epipeHelper writes to Stdout until its reader goes away, as a careless
// program that ignores write errors does. Without notify, SIGPIPE must end
// it at the first write that fails; with notify, it reports the EPIPE error
// and exits 0.
func epipeHelper(notify bool) {
	if notify {
		signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	}
	out := Stdout()
	for {
		out.WriteString("a line of output\n")
		err := out.Flush()
		if err == nil {
			continue
		}
		if !notify {
			os.Exit(4) // still running after a failed write: EPIPE was ignored
		}
		if errors.Is(err, syscall.EPIPE) {
			os.Stderr.WriteString("EPIPE\n")
			os.Exit(0)
		}
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(5)
	}
}
