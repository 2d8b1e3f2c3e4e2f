package device

import (
	"bytes"
	"errors"
	"github.com/fastio-go/fastio/core"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

func TestProcessCat(t *testing.T) {
	cat := coretest.Peer(t, "cat", "coreutils")
	data := testData(1 << 20)
	p, err := Start(exec.Command(cat), PipeStdin|PipeStdout)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	// Write from a goroutine: cat's output fills the pipe otherwise.
	werr := make(chan error, 1)
	go func() {
		_, err := p.Stdin.Write(data)
		if err == nil {
			err = p.Stdin.Close()
		}
		werr <- err
	}()
	got, err := io.ReadAll(p.Stdout)
	if err != nil {
		t.Fatal(err)
	}
	if err := <-werr; err != nil {
		t.Fatal(err)
	}
	if err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data) || p.Cmd.ProcessState.ExitCode() != 0 {
		t.Errorf("cat gave %d bytes back, exit %d", len(got), p.Cmd.ProcessState.ExitCode())
	}
}

func TestProcessExitStatus(t *testing.T) {
	sh := coretest.Peer(t, "sh", "dash")
	tests := []struct {
		script  string
		code    int
		stdout  string
		stderr  string
		waitErr bool
	}{
		{"echo out; echo err >&2", 0, "out\n", "err\n", false},
		{"read x; echo got $x; exit 3", 3, "got line\n", "", true},
		{"exit 0", 0, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			p, err := Start(exec.Command(sh, "-c", tt.script), PipeStdin|PipeStdout|PipeStderr)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			if p.Cmd.ProcessState.ExitCode() != -1 {
				t.Error("exit code before the exit")
			}
			p.Stdin.WriteString("line\n")
			p.Stdin.Close()
			out, _ := io.ReadAll(p.Stdout)
			errOut, _ := io.ReadAll(p.Stderr)
			err = p.Wait()
			var ee *exec.ExitError
			if tt.waitErr != errors.As(err, &ee) {
				t.Errorf("Wait: %v", err)
			}
			if p.Cmd.ProcessState.ExitCode() != tt.code || string(out) != tt.stdout || string(errOut) != tt.stderr {
				t.Errorf("exit %d, stdout %q, stderr %q", p.Cmd.ProcessState.ExitCode(), out, errOut)
			}
		})
	}
}

func TestProcessErrors(t *testing.T) {
	if _, err := Start(exec.Command("/nonexistent/program"), PipeStdin|PipeStdout|PipeStderr); err == nil || !strings.Contains(err.Error(), "/nonexistent/program") {
		t.Errorf("Start of a missing program: %v", err)
	}
	cmd := exec.Command("sh")
	cmd.Stdout = os.Stdout
	if _, err := Start(cmd, PipeStdout); err == nil {
		t.Error("Start with Stdout already set succeeded")
	}
}

func TestPipe(t *testing.T) {
	r, w, err := Pipe()
	if err != nil {
		t.Fatal(err)
	}
	in, out := core.NewOwningReader(r, 16), core.NewOwningWriter(w, 16)
	go func() {
		for i := range 1000 {
			out.WriteString("line ")
			out.WriteByte(byte('0' + i%10))
			out.WriteByte('\n')
		}
		out.Close()
	}()
	lines := 0
	for {
		b, err := in.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if b == '\n' {
			lines++
		}
	}
	if lines != 1000 {
		t.Errorf("read %d lines", lines)
	}
	in.Close()
}
