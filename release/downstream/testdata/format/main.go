// A downstream program using format (and so core).
package main

import (
	"os"
	"strings"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/format"
)

func main() {
	w := core.NewWriter(os.Stdout)
	format.Print(w, "n = ", 42, ", x = ", format.Fixed(3.14159, 2), ", id = ", format.Base(48879, 16).Prefix(), "\n")
	s := format.NewScanner(strings.NewReader("10 20 2.5"))
	a, err1 := s.Int()
	b, err2 := s.Int()
	f, err3 := s.Float64()
	if err1 != nil || err2 != nil || err3 != nil {
		os.Exit(1)
	}
	format.PrintLn(w, a+b, f)
	if err := w.Flush(); err != nil {
		os.Exit(1)
	}
}
