// Command fieldnoflush keeps its writer in a struct field and never flushes it (the analyzer does not follow fields).
package main

import (
	"bufio"
	"fmt"
	"os"
)

type printer struct {
	out   *bufio.Writer
	lines int
}

func (p *printer) line(s string) {
	p.lines++
	fmt.Fprintf(p.out, "%d %s\n", p.lines, s)
}

func main() {
	p := &printer{out: bufio.NewWriter(os.Stdout)}
	p.line("alpha")
	p.line("beta")
}
