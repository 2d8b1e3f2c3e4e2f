package core_test

import (
	"bufio"
	"bytes"
	"fmt"
	"log"
	"os"
	"strconv"
	"strings"

	"github.com/fastio-go/fastio/core"
)

// A custom device is any io.Writer: here one that upper-cases what it gets.
// Buffering, Reserve/Commit and the large-write bypass come from core.Writer.
type upper struct{ out *strings.Builder }

func (u upper) Write(p []byte) (int, error) {
	u.out.WriteString(strings.ToUpper(string(p)))
	return len(p), nil
}

func Example_customDevice() {
	var sb strings.Builder
	w := core.NewWriter(upper{&sb})
	w.PutString("hello, ")
	w.PutString("custom device\n")
	if err := w.Flush(); err != nil {
		fmt.Println(err)
	}
	fmt.Print(sb.String())
	// Output: HELLO, CUSTOM DEVICE
}

// Formatting in place: reserve free space, append into it, commit.
func ExampleWriter_Reserve() {
	w := core.NewWriter(os.Stdout)
	for i := range 3 {
		p := w.Reserve(24)
		p = strconv.AppendInt(p[:0], int64(i*1000), 10)
		p = append(p, '\n')
		w.Commit(len(p))
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// 0
	// 1000
	// 2000
}

// Parsing in place: sum the integers of a stream straight from the window.
func ExampleReader_Window() {
	r := core.NewReaderSize(strings.NewReader("10 20 30 40\n"), 64)
	sum, cur, in := 0, 0, false
	for {
		win := r.Window()
		for _, c := range win {
			if c >= '0' && c <= '9' {
				cur, in = cur*10+int(c-'0'), true
			} else if in {
				sum, cur, in = sum+cur, 0, false
			}
		}
		r.Consume(len(win))
		if _, err := r.Fill(); err != nil {
			break
		}
	}
	fmt.Println(sum)
	// Output: 100
}

// Output to memory: WrapWriter lends a *bytes.Buffer's spare capacity, so
// the bytes are formatted in place in the Buffer and copied no more.
func ExampleWrapWriter_bytesBuffer() {
	var b bytes.Buffer
	w := core.WrapWriter(&b)
	p := w.Reserve(8)
	w.Commit(copy(p, "uid 42\n"))
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n", b.Bytes())
	// Output: "uid 42\n"
}

// WrapWriter adapts a *bufio.Writer without adding a second buffer.
func ExampleWrapWriter() {
	bw := bufio.NewWriter(os.Stdout)
	w := core.WrapWriter(bw)
	p := w.Reserve(4)
	w.Commit(copy(p, "ok\n"))
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output: ok
}

func ExampleSpanReader() {
	r := core.NewSpanReader([]byte("zero copy"))
	fmt.Printf("%s|", r.Window()[:4])
	r.Consume(5)
	fmt.Printf("%s\n", r.Window())
	// Output: zero|copy
}

// rot13 is a transform behind a core.Writer: it supplies only Take and
// Flush; buffering, Reserve/Commit, errors and Close are the Writer's.
type rot13 struct{ dst *core.Writer }

func (s *rot13) Take(p []byte, final bool) (int, error) {
	out := s.dst.Reserve(len(p))
	for i, c := range p {
		switch {
		case 'a' <= c && c <= 'z':
			c = 'a' + (c-'a'+13)%26
		case 'A' <= c && c <= 'Z':
			c = 'A' + (c-'A'+13)%26
		}
		out[i] = c
	}
	s.dst.Commit(len(p))
	return len(p), nil
}

func (s *rot13) Flush() error { return s.dst.Flush() }

func ExampleNewSinkWriter() {
	w := core.NewSinkWriter(&rot13{dst: core.NewWriter(os.Stdout)}, 0)
	w.WriteString("Hello, ")
	p := w.Reserve(6) // formatters write into the transform's buffer in place
	w.Commit(copy(p, "World!"))
	w.WriteByte('\n')
	if err := w.Close(); err != nil { // the final Take, then Flush to stdout
		fmt.Println(err)
	}
	// Output: Uryyb, Jbeyq!
}

// rot13Writer is a transform writer as fastio's transcoders and
// compressors are: its buffered methods are those of the engine it holds,
// and its Engine method hands out the writing side of that engine.
type rot13Writer struct{ eng *core.Writer }

func (w *rot13Writer) Write(p []byte) (int, error) { return w.eng.Write(p) }
func (w *rot13Writer) Reserve(n int) []byte        { return w.eng.Reserve(n) }
func (w *rot13Writer) Commit(n int)                { w.eng.Commit(n) }
func (w *rot13Writer) Flush() error                { return w.eng.Flush() }
func (w *rot13Writer) Close() error                { return w.eng.Close() }
func (w *rot13Writer) Engine() core.Engine         { return w.eng.Engine() }

// putLabel is what a formatter does with the writer it is given: the
// inlined *core.Writer path for a Writer, the inlined Engine path for a
// writer with an Engine method, calls through the interface otherwise.
func putLabel(w core.BufferedWriter, s string) {
	if cw, ok := w.(*core.Writer); ok {
		cw.PutString(s)
		return
	}
	if ew, ok := w.(interface{ Engine() core.Engine }); ok {
		ew.Engine().WriteString(s)
		return
	}
	p := w.Reserve(len(s))
	w.Commit(copy(p, s))
}

func ExampleEngine() {
	w := &rot13Writer{eng: core.NewSinkWriter(&rot13{dst: core.NewWriter(os.Stdout)}, 0)}
	putLabel(w, "Hello, ") // into the engine's buffer, then through the transform
	w.Write([]byte("World!\n"))
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	// Output: Uryyb, Jbeyq!
}

// A Cursor writes many short pieces at the cost of a copy each: the
// compiler keeps it in registers, and Done hands the bytes to the Writer.
func ExampleWriter_Cursor() {
	w := core.NewWriter(os.Stdout)
	c := w.Cursor()
	for _, name := range []string{"alpha", "beta", "gamma"} {
		c = c.PutString(name).Put([]byte{'\n'})
	}
	c.Done() // on the last Cursor, after the loop (not deferred)
	if err := w.Flush(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// alpha
	// beta
	// gamma
}
