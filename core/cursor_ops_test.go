package core_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// cursorOps runs the program ops (a byte string read as a sequence of
// operations on a Writer and the Cursors it hands out) and checks the
// Cursor's promise. Each write is a run of a byte no other write uses.
//
//   - When a Flush returns nil, the device holds whole writes, in the order
//     they were written, some perhaps dropped (Done on an older copy keeps
//     only the bytes up to it), and nothing else: never a byte twice, never
//     out of order. The exception the Cursor documents is a write through
//     a stale Cursor's fast path, which goes to memory the Writer does not
//     check until that Cursor's Done: after one, only the final check holds.
//   - Every held Cursor value is ended by Done before the final Flush, as
//     a correct program ends each; if that Flush returns nil the device
//     holds exactly the bytes written.
//   - A program that keeps one Cursor at a time and ends it before
//     touching the Writer does not fail on a sound device, and on a
//     failing one the device holds a prefix of what was written.
func cursorOps(t *testing.T, ops []byte, faults coretest.Faults) {
	if len(ops) == 0 {
		return
	}
	ops = ops[:min(len(ops), 400)] // at most 200 writes, each with its own byte
	dev := &coretest.Writer{Faults: faults}
	size := core.MinBufferSize + int(ops[0])%150
	w := core.NewWriterSize(dev, size)
	type value struct {
		c  core.Cursor
		id int
	}
	var (
		held, done []value
		writes     [][]byte
		written    []byte
		clean      = true  // one Cursor at a time, ended before the Writer is used
		blind      = false // a stale Cursor has written through its fast path
		ids, live  = 0, -1 // live is the id of the open session's newest Cursor
	)
	newID := func() int { ids++; return ids }
	next := func(i *int) byte {
		if *i >= len(ops) {
			return 0
		}
		b := ops[*i]
		*i++
		return b
	}
	piece := func(n int) string {
		s := strings.Repeat(string(rune(1+len(writes))), n)
		writes = append(writes, []byte(s))
		written = append(written, s...)
		return s
	}
	// put writes s through v and returns the advanced value, which stays
	// the session's newest when v was.
	put := func(v value, s string, keep bool) value {
		if v.id != live {
			blind = true
		}
		out := value{v.c.PutString(s), newID()}
		if v.id == live {
			live = out.id
		}
		if keep {
			clean = false
		}
		return out
	}
	for i := 1; i < len(ops); {
		op := next(&i)
		arg := int(next(&i))
		switch op % 8 {
		case 0: // open a Cursor
			if len(held) > 0 {
				clean = false
			}
			v := value{w.Cursor(), newID()}
			live = v.id
			held = append(held, v)
		case 1, 7: // write through a held Cursor, replacing it
			if len(held) == 0 {
				continue
			}
			k := arg % len(held)
			n := arg % 70
			if op%8 == 7 {
				n = size + arg // larger than the buffer
			}
			held[k] = put(held[k], piece(n), false)
		case 2: // write through a held Cursor, keeping both
			if len(held) == 0 {
				continue
			}
			held = append(held, put(held[arg%len(held)], piece(arg%40), true))
		case 3: // end a held Cursor
			if len(held) == 0 {
				continue
			}
			k := arg % len(held)
			held[k].c.Done()
			live = -1 // Done on any Cursor of the session ends it, or fails
			done = append(done, held[k])
			held = append(held[:k], held[k+1:]...)
		case 4: // write through a Cursor already ended
			if len(done) == 0 {
				continue
			}
			held = append(held, put(done[arg%len(done)], piece(arg%40), true))
		case 5: // write to the Writer
			if len(held) > 0 {
				clean = false
			}
			w.PutString(piece(arg % 70))
		case 6: // flush the Writer
			if len(held) > 0 {
				clean = false
			}
			if err := w.Flush(); err == nil && !blind && !wholeWrites(dev.Bytes(), writes) {
				t.Fatalf("Flush = nil, but the device has bytes in an order never written:\n got %q\nfrom %q", dev.Bytes(), writes)
			}
		}
	}
	for _, v := range held {
		v.c.Done()
	}
	err := w.Flush()
	got := dev.Bytes()
	if err == nil && !bytes.Equal(got, written) {
		t.Fatalf("Flush = nil after every Cursor's Done, but the device differs from what was written:\n got %q\nwant %q", got, written)
	}
	if !clean {
		return
	}
	if faults == (coretest.Faults{}) && err != nil {
		t.Fatalf("a correct program failed: %v", err)
	}
	if !bytes.HasPrefix(written, got) {
		t.Fatalf("Flush = %v; the device has bytes that are not a prefix of those written:\n got %q\nwant %q", err, got, written)
	}
	if errors.Is(err, core.ErrStaleCursor) {
		t.Fatalf("a correct program failed with %v", err)
	}
}

// wholeWrites reports whether got is some of writes, each whole, in order.
func wholeWrites(got []byte, writes [][]byte) bool {
	for _, w := range writes {
		if bytes.HasPrefix(got, w) && (len(got) == len(w) || len(w) == 0 || got[len(w)] != w[0]) {
			got = got[len(w):]
		}
	}
	return len(got) == 0
}

// cursorFaults are the devices the Cursor programs run on.
var cursorFaults = []coretest.Faults{{}, {Max: 7}, {FailAt: 3}, {FailAt: 2, Partial: true}}

// FuzzCursorOps runs programs of Cursor operations (see cursorOps).
func FuzzCursorOps(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, 40, 1, 40, 3, 0})
	f.Add([]byte{0, 0, 0, 1, 40, 2, 39, 1, 3, 3, 0, 6, 0})           // Done on a copy from before a refill
	f.Add([]byte{0, 0, 0, 1, 2, 3, 0, 4, 5, 6, 0, 0, 0, 7, 9, 3, 0}) // a Cursor used after Done
	f.Fuzz(func(t *testing.T, ops []byte) {
		for _, fl := range cursorFaults {
			cursorOps(t, ops, fl)
		}
	})
}

// TestCursorOps runs random programs of Cursor operations, the correct
// ones (one Cursor at a time) and the others, on every fault device.
func TestCursorOps(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		ops := make([]byte, 1+r.IntN(80))
		for i := range ops {
			ops[i] = byte(r.IntN(256))
		}
		if r.IntN(2) == 0 {
			// A correct program: open, writes, Done; Writer writes and
			// flushes only between Cursors.
			for i := 1; i+1 < len(ops); i += 2 {
				ops[i] = []byte{0, 1, 1, 1, 7, 3, 5, 6}[r.IntN(8)]
			}
		}
		for _, fl := range cursorFaults {
			cursorOps(t, ops, fl)
		}
	}
}
