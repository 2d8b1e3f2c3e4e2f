package format_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"time"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func Example() {
	w := core.NewWriter(os.Stdout)
	format.PrintLn(w, "n =", 42, "pi =", 3.14159, "ok =", true) // spaced as fmt.Println
	format.Print(w, "n=", 42, ", pi=", 3.14159, "\n")           // no space next to a string, as fmt.Print
	format.Print(w, 1, 2, "\n")                                 // a space between two non-strings
	for i := range 3 {
		format.IntLn(w, i*1000)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// n = 42 pi = 3.14159 ok = true
	// n=42, pi=3.14159
	// 1 2
	// 0
	// 1000
	// 2000
}

// PrintArgs is the variadic form for hot paths: V packs each value
// without boxing it, so the loop allocates nothing, and the output is what
// Print writes for the same values, spaces included: none next to a
// string, as in these key=value records.
func ExamplePrintArgs() {
	w := core.NewWriter(os.Stdout)
	names := []string{"alpha", "beta"}
	start := time.Date(2024, 2, 29, 13, 4, 5, 0, time.UTC)
	for i, name := range names {
		id := 1000 + i
		x := float64(i) + 0.25
		format.PrintArgs(w, format.V("id="), format.V(id), format.V(" x="), format.V(x),
			format.V(" name="), format.V(format.Pad(format.Plain(name), 6).Left()), format.V("|"),
			format.V(" hex="), format.V(format.Base(id, 16).Prefix()),
			format.V(" at="), format.V(start.Add(time.Duration(i)*time.Second)), format.V("\n"))
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// id=1000 x=0.25 name=alpha | hex=0x3e8 at=2024-02-29T13:04:05Z
	// id=1001 x=1.25 name=beta  | hex=0x3e9 at=2024-02-29T13:04:06Z
}

// PrintLnArgs writes what PrintLn writes for the same values, a space
// between each two and a newline, without allocating.
func ExamplePrintLnArgs() {
	w := core.NewWriter(os.Stdout)
	for i, name := range []string{"alpha", "beta"} {
		format.PrintLnArgs(w, format.V(1000+i), format.V(float64(i)+0.25), format.V(name), format.V(i == 0))
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// 1000 0.25 alpha true
	// 1001 1.25 beta false
}

func ExampleBase() {
	w := core.NewWriter(os.Stdout)
	format.PrintLn(w, format.Base(3054, 16).Prefix(), format.Base(-255, 16).Upper(),
		format.Base(5, 2).Prefix().Zeros(8), format.Base(uint32(0xdeadbeef), 16).Group())
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output: 0xbee -FF 0b000101 dead_beef
}

func ExamplePad() {
	w := core.NewWriter(os.Stdout)
	format.Print(w, "[", format.Pad(format.Plain("left"), 8).Left(), "]\n")
	format.Print(w, "[", format.Pad(format.Base(42, 10), 8), "]\n")
	format.Print(w, "[", format.Pad(format.Plain("mid"), 9).Center().Fill('*'), "]\n")
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// [left    ]
	// [      42]
	// [***mid***]
}

func ExampleFixed() {
	w := core.NewWriter(os.Stdout)
	de := format.NewLocale(",", ".", 3)
	format.PrintLn(w, format.Fixed(1234567.891, 2), format.Fixed(1234567.891, 2).Group(),
		format.Fixed(1234567.891, 2).Group().In(de))
	format.PrintLn(w, format.Sci(6.02214076e23, 3), format.General(1e-7, 3), format.HexFloat(1.5, -1))
	a, b := 0.1, 0.2
	format.PrintLn(w, format.General(a+b, -1), format.Fixed(2.5, 1).Plus())
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// 1234567.89 1,234,567.89 1.234.567,89
	// 6.022e+23 1e-07 0x1.8p+00
	// 0.30000000000000004 +2.5
}

func ExampleQuote() {
	w := core.NewWriter(os.Stdout)
	format.PrintLn(w, format.Quote("tab\there"), format.Quote("é"), format.Char(0x4e16))
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output: "tab\there" "é" 世
}

func ExampleTime() {
	w := core.NewWriter(os.Stdout)
	t := time.Date(2024, 2, 29, 13, 4, 5, 120000000, time.FixedZone("", -5*3600))
	format.PrintLn(w, format.Time(t))
	format.PrintLn(w, format.Time(t.UTC()).Frac(3))
	format.PrintLn(w, 90*time.Minute+1500*time.Millisecond)
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// 2024-02-29T13:04:05.12-05:00
	// 2024-02-29T18:04:05.120Z
	// 1h30m1.5s
}

type point struct{ x, y int }

// AppendFormat makes point printable by Print and Put without allocating.
func (p point) AppendFormat(dst []byte) []byte {
	dst = append(dst, '(')
	dst = format.AppendInt(dst, p.x)
	dst = append(dst, ", "...)
	dst = format.AppendInt(dst, p.y)
	return append(dst, ')')
}

func ExampleAppender() {
	w := core.NewWriter(os.Stdout)
	format.PrintLn(w, "at", point{3, -4})
	format.Put(w, format.Pad(point{1, 2}, 10))
	format.Str(w, "\n")
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// at (3, -4)
	//     (1, 2)
}

func ExampleScanner() {
	s := format.NewScanner(strings.NewReader("3\n10 20 30\nname: fastio\n"))
	n, _ := s.Int()
	sum := 0
	for range n {
		v, err := s.Int()
		if err != nil {
			fmt.Println(err)
			return
		}
		sum += v
	}
	s.Line() // the rest of the numbers' line
	line, _ := s.Line()
	fmt.Println(sum, string(line))
	// Output: 60 name: fastio
}

func ExampleScanner_errors() {
	s := format.NewScanner(strings.NewReader("12 1x3 300"))
	for {
		v, err := format.ScanInt[uint8](s, 10)
		if err == io.EOF {
			break
		}
		fmt.Println(v, err)
	}
	// Output:
	// 12 <nil>
	// 0 format: expected uint8 at offset 3, found "1x3": invalid syntax
	// 255 format: expected uint8 at offset 7, found "300": value out of range
}

func ExampleScanner_Scan() {
	s := format.NewScanner(strings.NewReader("gopher 42 1.5e3 true"))
	var (
		name string
		age  int
		f    float64
		ok   bool
	)
	if err := s.Scan(&name, &age, &f, &ok); err != nil {
		fmt.Println(err)
	}
	fmt.Println(name, age, f, ok)
	// Output: gopher 42 1500 true
}

func ExampleParseInt() {
	v, err := format.ParseInt[int16]("-0x7fff", 0)
	fmt.Println(v, err)
	_, err = format.ParseInt[int8]("200", 10)
	fmt.Println(err)
	// Output:
	// -32767 <nil>
	// format.ParseInt: parsing "200": value out of range
}

func ExampleParseFloat() {
	v, err := format.ParseFloat[float64]([]byte("2.5e-3"))
	fmt.Println(v, err)
	// Output: 0.0025 <nil>
}

func ExampleLocale() {
	w := core.NewWriter(os.Stdout)
	fr := format.NewLocale(",", "'", 3)
	in := format.NewLocale(".", ",", 3)
	format.PrintLn(w, format.Fixed(1234567.5, 2).Group().In(fr))
	format.PrintLn(w, format.Base(int64(9876543210), 10).Group().In(in))
	format.PrintLn(w, format.Fixed(0.25, 3).In(fr))
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// 1'234'567,50
	// 9,876,543,210
	// 0,250
}

func ExampleScanFloat() {
	s := format.NewScanner(strings.NewReader("0.1 1e-320 3.4028235e38"))
	a, _ := format.ScanFloat[float64](s)
	b, _ := format.ScanFloat[float64](s)
	c, err := format.ScanFloat[float32](s)
	fmt.Println(a, b, c, err)
	// Output: 0.1 1e-320 3.4028235e+38 <nil>
}

// The print functions write to the writers a Go program already has: a
// *bufio.Writer here, flushed by whoever created it. An *os.File itself is
// not a Writer; wrap it once, as here.
func ExampleWriter() {
	w := bufio.NewWriter(os.Stdout)
	format.Print(w, "n = ", 42, ", x = ", format.Fixed(3.14159, 2), "\n")
	format.IntLn(w, -7)
	format.Put(w, format.Base(155, 10).Group().Zeros(8))
	format.Str(w, "\n")
	if err := w.Flush(); err != nil { // whoever created w flushes it, and sees write errors
		log.Fatal(err)
	}
	// Output:
	// n = 42, x = 3.14
	// -7
	// 0,000,155
}

// Ints writes a whole slice with a separator between the values, many
// values per reservation of the writer's buffer.
func ExampleInts() {
	w := core.NewWriter(os.Stdout)
	format.Ints(w, []int{3, -1, 4, 1, -5, 9}, ", ")
	format.Str(w, "\n")
	format.Ints(w, []uint8{255, 0, 7}, " ")
	format.Str(w, "\n")
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// 3, -1, 4, 1, -5, 9
	// 255 0 7
}

// The loop a bufio.Scanner user writes as for s.Scan() { ... s.Text() ... }
// and then s.Err() is a Line loop that stops at io.EOF; a line splits on a
// delimiter (here a CSV comma) with bytes.SplitSeq, and ParseInt and
// ParseFloat parse the fields in place.
func ExampleScanner_Line() {
	s := format.NewScanner(strings.NewReader("apples,3,0.5\npears,x,1.25\nplums,12,0.75\n"))
	for {
		line, err := s.Line()
		if err == io.EOF {
			break // the end of the input: bufio.Scanner's Scan returning false
		}
		if err != nil {
			fmt.Println(err) // what s.Err() would report after the loop
			return
		}
		var fields [][]byte // views of the reader's buffer, valid until the next Line
		for f := range bytes.SplitSeq(line, []byte(",")) {
			fields = append(fields, f)
		}
		n, err := format.ParseInt[int](fields[1], 10)
		if err != nil {
			fmt.Println(string(fields[0]), err)
			continue
		}
		price, _ := format.ParseFloat[float64](fields[2])
		fmt.Println(string(fields[0]), n, price*float64(n))
	}
	// Output:
	// apples 3 1.5
	// pears format.ParseInt: parsing "x": invalid syntax
	// plums 12 9
}
