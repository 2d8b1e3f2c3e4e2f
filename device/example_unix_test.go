//go:build unix

package device_test

import (
	"fmt"
	"os/exec"

	"github.com/fastio-go/fastio/device"
)

// Run a child process with buffered pipes to its standard input and output,
// then read its exit status.
func ExampleStart() {
	p, err := device.Start(exec.Command("/bin/sh", "-c", `read line; echo "child read: $line"; exit 7`), device.PipeStdin|device.PipeStdout)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	p.Stdin.WriteString("hello from the parent\n")
	if err := p.Stdin.Close(); err != nil { // flushes; the child reads end of file
		fmt.Println(err)
		return
	}
	line, _ := p.Stdout.Peek(34)
	fmt.Printf("%s", line)
	p.Wait()
	fmt.Println("exit status", p.Cmd.ProcessState.ExitCode())
	// Output:
	// child read: hello from the parent
	// exit status 7
}
