// Program interop uses fastio with the standard library's I/O types:
// *bufio.Writer and *bufio.Reader, *os.File and net.Conn. Each can be
// wrapped as a fastio device, and every fastio device is an io.Writer or
// io.Reader wherever the standard library wants one.
package main

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"path/filepath"
	"strings"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func main() {
	// bufio: WrapWriter formats into the bufio.Writer's own buffer.
	bw := bufio.NewWriter(os.Stdout)
	w := core.WrapWriter(bw)
	format.PrintLn(w, "through bufio:", 42, 2.5)
	if err := bw.Flush(); err != nil {
		log.Fatal(err)
	}

	// A bufio.Reader is a buffered reader for fastio's scanners too.
	sc := format.NewScanner(bufio.NewReader(strings.NewReader("7 11 13")))
	sum := 0
	for {
		v, err := sc.Int()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		sum += v
	}
	fmt.Println("sum from bufio.Reader:", sum)

	// os.File: a core.Writer over the file; fmt works on the same writer.
	dir, err := os.MkdirTemp("", "interop")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	f, err := os.Create(filepath.Join(dir, "out.txt"))
	if err != nil {
		log.Fatal(err)
	}
	fw := core.NewWriter(f)
	format.PrintLn(fw, "fastio line")
	fmt.Fprintf(fw, "fmt line %d\n", 2) // a core.Writer is an io.Writer
	if err := fw.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "out.txt"))
	fmt.Printf("file holds %q\n", data)

	// net.Conn: buffered writes on one side, a scanner on the other.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer ln.Close()
	done := make(chan int64)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			log.Fatal(err)
		}
		defer c.Close()
		sc := format.NewScanner(c) // parses in the reader's window
		var total int64
		for {
			v, err := format.ScanInt[int64](sc, 10)
			if err != nil {
				break // io.EOF when the client closes
			}
			total += v
		}
		done <- total
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		log.Fatal(err)
	}
	cw := core.NewWriter(c)
	for i := 1; i <= 1000; i++ {
		format.IntLn(cw, i)
	}
	if err := cw.Flush(); err != nil { // one write for all 1000 lines
		log.Fatal(err)
	}
	if err := c.Close(); err != nil { // the server's scanner sees io.EOF
		log.Fatal(err)
	}
	fmt.Println("sum over TCP:", <-done)
}
