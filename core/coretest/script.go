package coretest

import (
	"errors"
	"io"

	"github.com/fastio-go/fastio/core"
)

// ScriptWriter is a buffered writer a script of writes drives: a fastio
// writer or its core.Engine. A "close" step needs an io.Closer (an Engine
// is none: it cannot close its writer).
type ScriptWriter interface {
	core.BufferedWriter
	WriteString(s string) (int, error)
}

// errNoClose is Step's result for a "close" step on a writer without Close.
var errNoClose = errors.New("coretest: close step on a writer without Close")

// Step runs step i of a script on w and returns the count written and the
// error: "flush" and "close" call Flush and Close; any other step is
// written whole by Write, WriteString or Reserve and Commit, as i mod 3
// says. Two writers given the same script must give the same results, so
// a test can compare a writer with its engine, or the two mixed.
func Step(w ScriptWriter, i int, step string) (int, error) {
	switch {
	case step == "flush":
		return 0, w.Flush()
	case step == "close":
		c, ok := w.(io.Closer)
		if !ok {
			return 0, errNoClose
		}
		return 0, c.Close()
	case i%3 == 0:
		return w.Write([]byte(step))
	case i%3 == 1:
		return w.WriteString(step)
	}
	p := w.Reserve(len(step))
	n := copy(p, step)
	w.Commit(n)
	return n, nil
}
