package cursor

import (
	"errors"
	"os"

	"github.com/fastio-go/fastio/core"
)

var errBad = errors.New("bad")

// True positives.

func discardedStatement(w *core.Writer) {
	c := w.Cursor()
	c.PutString("x") // want `result of Cursor.PutString is discarded: the next write overwrites its bytes, or Done ends before them; write c = c.PutString\(\.\.\.\)`
	c.Done()
}

func discardedBlank(w *core.Writer, p []byte) {
	c := w.Cursor()
	_ = c.Put(p) // want `result of Cursor.Put is discarded: .*write c = c.Put\(\.\.\.\)`
	c.Done()
}

func discardedChain(w *core.Writer) {
	c := w.Cursor()
	c.PutString("a").PutString("b") // want `result of Cursor.PutString is discarded: .*write c = c.PutString`
	c.Done()
}

func discardedInLoop(w *core.Writer, lines []string) {
	c := w.Cursor()
	for _, s := range lines {
		c.PutString(s) // want `result of Cursor.PutString is discarded`
	}
	c.Done()
}

func discardedOnParameter(c core.Cursor) core.Cursor {
	c.PutString("x") // want `result of Cursor.PutString is discarded`
	return c
}

func assignedAwayThenReceiverWritten(w *core.Writer) {
	c := w.Cursor()
	d := c.PutString("a") // want `result of Cursor.PutString is assigned to d, but c is used again at line 48 and still stands before these bytes: write c = c.PutString\(\.\.\.\), or use only d from here on`
	c = c.PutString("b")
	c.Done()
	_ = d
}

func assignedAwayThenReceiverDone(w *core.Writer) {
	c := w.Cursor()
	d := c.PutString("a") // want `assigned to d, but c is used again at line 56`
	c.Done()
	d.Done()
}

func assignedAwayInLoop(w *core.Writer, lines []string) {
	c := w.Cursor()
	var d core.Cursor
	for _, s := range lines {
		d = c.PutString(s) // want `assigned to d, but c is used again`
	}
	d.Done()
}

func deferredDone(w *core.Writer, lines []string) {
	c := w.Cursor()
	defer c.Done() // want `defer c.Done\(\) ends the Cursor where c stands at the defer, but c is assigned again at line 73: the bytes written after the defer are lost; call c.Done\(\) after the last write`
	for _, s := range lines {
		c = c.PutString(s)
	}
}

func neverDone(w *core.Writer, lines []string) {
	c := w.Cursor() // want `c \(core.Cursor\) is not ended by Done on the path returning at line 82: its bytes never reach the Writer, whose next write or Flush fails with ErrStaleCursor; call c.Done\(\) after the last write`
	for _, s := range lines {
		c = c.PutString(s)
	}
}

func doneOnOnePath(w *core.Writer, s string) {
	c := w.Cursor() // want `c \(core.Cursor\) is not ended by Done on the path returning at line 88`
	c = c.PutString(s)
	if s == "" {
		return
	}
	c.Done()
}

func neverDoneVar(w *core.Writer) {
	var c = w.Cursor() // want `c \(core.Cursor\) is not ended by Done`
	c = c.PutString("x").PutString("y")
	_ = c
}

func neverDoneChain(w *core.Writer) {
	c := w.Cursor().PutString("x") // want `c \(core.Cursor\) is not ended by Done on the path returning at line 102`
	c = c.PutString("y")
}

func reopenedWithoutDone(w *core.Writer) {
	c := w.Cursor() // want `c \(core.Cursor\) is not ended by Done before it is given a new value at line 107`
	c = c.PutString("a")
	c = w.Cursor()
	c = c.PutString("b")
	c.Done()
}

// False positives: none of these is reported.

func good(w *core.Writer, lines []string, p []byte) error {
	c := w.Cursor()
	for _, s := range lines {
		c = c.PutString(s)
		c = c.Put(p).PutString("\n")
	}
	c.Done()
	return w.Flush()
}

func goodDeferredClosure(w *core.Writer, lines []string) {
	c := w.Cursor()
	defer func() { c.Done() }()
	for _, s := range lines {
		c = c.PutString(s)
	}
}

func goodDeferNoReassign(w *core.Writer) {
	c := w.Cursor().PutString("all of it")
	defer c.Done()
}

func goodHandOver(w *core.Writer) {
	c := w.Cursor()
	d := c.PutString("a")
	d = d.PutString("b")
	d.Done()
}

func goodSwap(w *core.Writer) {
	c := w.Cursor()
	d := c.PutString("a")
	c = d
	c = c.PutString("b")
	c.Done()
}

func goodBranches(w *core.Writer, s string) {
	c := w.Cursor()
	if s == "" {
		d := c.PutString("empty\n")
		d.Done()
		return
	}
	c = c.PutString(s)
	c.Done()
}

func goodErrorReturn(w *core.Writer, lines []string) error {
	c := w.Cursor()
	for _, s := range lines {
		if s == "" {
			return errBad
		}
		c = c.PutString(s)
	}
	c.Done()
	return nil
}

func goodExit(w *core.Writer) {
	c := w.Cursor()
	c = c.PutString("x")
	if w == nil {
		os.Exit(1)
	}
	c.Done()
}

func goodReturned(w *core.Writer) core.Cursor {
	c := w.Cursor()
	c = c.PutString("x")
	return c
}

func goodReturnedChain(w *core.Writer) core.Cursor {
	c := w.Cursor()
	return c.PutString("x")
}

func emit(c core.Cursor, s string) core.Cursor { return c.PutString(s) }

func goodPassed(w *core.Writer) {
	c := w.Cursor()
	c = emit(c, "x")
	c.Done()
}

type holder struct{ c core.Cursor }

func goodStored(w *core.Writer, h *holder) {
	c := w.Cursor()
	h.c = c.PutString("x")
}

func goodCaptured(w *core.Writer) func() {
	c := w.Cursor()
	return func() { c.Done() }
}

func goodParameter(c core.Cursor, s string) core.Cursor {
	return c.PutString(s).PutString("\n")
}

func goodLoopCursor(w *core.Writer, rows [][]string) {
	for _, row := range rows {
		c := w.Cursor()
		for _, s := range row {
			c = c.PutString(s)
		}
		c.Done()
	}
}

func goodRefill(w *core.Writer, lines []string) error {
	c := w.Cursor()
	for _, s := range lines {
		if len(s) > 4096 {
			c.Done()
			if err := w.Flush(); err != nil {
				return err
			}
			c = w.Cursor()
		}
		c = c.PutString(s)
	}
	c.Done()
	return w.Flush()
}

func goodSwitch(w *core.Writer, k int) {
	c := w.Cursor()
	switch k {
	case 0:
		c = c.PutString("zero")
	case 1:
		c = c.Put([]byte("one"))
	default:
		c.Done()
		return
	}
	c.Done()
}

func goodOtherVariableLater(w *core.Writer) {
	c := w.Cursor()
	d := c.PutString("a")
	d.Done()
	c = w.Cursor()
	c.Done()
}
