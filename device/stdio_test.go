package device

import (
	"bytes"
	"io"
	"os"
	"os/exec"
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
	p, err := Start(cmd, PipeAll)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.Stdin.WriteString("hello")
	p.CloseStdin()
	out, _ := io.ReadAll(p.Stdout)
	errOut, _ := io.ReadAll(p.Stderr)
	if err := p.Wait(); err != nil {
		t.Fatalf("helper: %v (stderr %q)", err, errOut)
	}
	if string(out) != "got HELLO!?" || string(errOut) != "to stderr\n" {
		t.Errorf("stdout %q, stderr %q", out, errOut)
	}
}
