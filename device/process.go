package device

import (
	"errors"
	"os"
	"os/exec"

	"github.com/fastio-go/fastio/core"
)

// Pipes selects which standard streams of a child process Start connects
// to the parent through pipes.
type Pipes uint8

// The streams Start can pipe.
const (
	PipeStdin Pipes = 1 << iota
	PipeStdout
	PipeStderr
)

// Process is a child process whose piped standard streams are devices:
// the parent writes to Stdin and reads Stdout and Stderr (each nil when not
// piped). Closing Stdin flushes it and gives the child end of file; Cmd
// holds the exit status (Cmd.ProcessState.ExitCode()) once Wait returns.
type Process struct {
	Cmd    *exec.Cmd
	Stdin  *OutFile
	Stdout *InFile
	Stderr *InFile
}

// Start starts cmd with the streams named by pipes connected to new pipes
// (those fields of cmd must be nil). The other streams are as cmd says.
// The child gets the pipe ends as plain descriptors, so no goroutine copies
// data in between.
//
// As with exec.Cmd, read Stdout and Stderr to their end (or close them)
// before or while waiting, or a child that fills a pipe blocks forever.
func Start(cmd *exec.Cmd, pipes Pipes) (*Process, error) {
	p := &Process{Cmd: cmd}
	var child []*os.File // the child's ends, closed in the parent after the start
	fail := func(err error) (*Process, error) {
		for _, f := range child {
			f.Close()
		}
		p.closeParent()
		return nil, &Error{Op: "start", Path: cmd.Path, Written: -1, Err: err}
	}
	if pipes&PipeStdin != 0 {
		if cmd.Stdin != nil {
			return fail(errors.New("cmd.Stdin already set"))
		}
		r, w, err := os.Pipe()
		if err != nil {
			return fail(err)
		}
		child = append(child, r)
		cmd.Stdin = r
		p.Stdin = core.NewOwningWriter(ownOS(w, "stdin of "+cmd.Path), core.DefaultBufferSize)
	}
	if pipes&PipeStdout != 0 {
		if cmd.Stdout != nil {
			return fail(errors.New("cmd.Stdout already set"))
		}
		r, w, err := os.Pipe()
		if err != nil {
			return fail(err)
		}
		child = append(child, w)
		cmd.Stdout = w
		p.Stdout = core.NewOwningReader(ownOS(r, "stdout of "+cmd.Path), core.DefaultBufferSize)
	}
	if pipes&PipeStderr != 0 {
		if cmd.Stderr != nil {
			return fail(errors.New("cmd.Stderr already set"))
		}
		r, w, err := os.Pipe()
		if err != nil {
			return fail(err)
		}
		child = append(child, w)
		cmd.Stderr = w
		p.Stderr = core.NewOwningReader(ownOS(r, "stderr of "+cmd.Path), 4096)
	}
	if err := cmd.Start(); err != nil {
		return fail(err)
	}
	for _, f := range child {
		f.Close()
	}
	return p, nil
}

func (p *Process) closeParent() {
	if p.Stdin != nil {
		p.Stdin.Close()
	}
	if p.Stdout != nil {
		p.Stdout.Close()
	}
	if p.Stderr != nil {
		p.Stderr.Close()
	}
}

// closeStdin flushes and closes the child's standard input, so that it
// reads end of file.
func (p *Process) closeStdin() error {
	if p.Stdin == nil {
		return nil
	}
	err := p.Stdin.Close()
	if errors.Is(err, errClosed) {
		return nil
	}
	return err
}

// Wait closes the child's standard input (flushing it first), waits for
// the child to exit and returns exec's error: nil for exit status 0, an
// *exec.ExitError otherwise. Stdout and Stderr stay open, so that output
// still in the pipes can be read; Close closes them.
func (p *Process) Wait() error {
	serr := p.closeStdin()
	err := p.Cmd.Wait()
	if err == nil && serr != nil {
		// The child exited cleanly but did not take all its input.
		err = serr
	}
	return err
}

// Close closes the parent's ends of the pipes.
func (p *Process) Close() error {
	var first error
	for _, c := range []interface{ Close() error }{p.Stdin, p.Stdout, p.Stderr} {
		switch v := c.(type) {
		case *OutFile:
			if v == nil {
				continue
			}
		case *InFile:
			if v == nil {
				continue
			}
		}
		if err := c.Close(); err != nil && !errors.Is(err, errClosed) && first == nil {
			first = err
		}
	}
	return first
}
