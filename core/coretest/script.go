package coretest

import "github.com/fastio-go/fastio/core"

// ScriptWriter is a buffered writer a script of writes drives: a fastio
// writer or the engine it fronts (see core.EngineWriter).
type ScriptWriter interface {
	core.BufferedWriter
	WriteString(s string) (int, error)
	Close() error
}

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
		return 0, w.Close()
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
