// Package format is a stand-in for fastio's format: its print functions
// take the writer as a type parameter whose constraint has Flush.
package format

import "io"

type Writer interface {
	io.Writer
	Flush() error
}

func IntLn[W Writer](w W, v int)         { w.Write([]byte{byte('0' + v%10), '\n'}) }
func Str[W Writer](w W, s string)        { io.WriteString(w, s) }
func PrintLn[W Writer](w W, args ...any) { w.Write([]byte("\n")) }
