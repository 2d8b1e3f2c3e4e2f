// Command okstruct keeps its writer in a struct field and flushes it through the struct.
package main

import (
	"bufio"
	"fmt"
	"log"
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
	if err := p.out.Flush(); err != nil {
		log.Fatal(err)
	}
}
