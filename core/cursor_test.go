package core_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// cursorPieces are the piece sequences the Cursor is checked with: short
// lines, empty pieces, pieces around MinBufferSize and the default sizes,
// and pieces larger than a buffer (which bypass it).
var cursorPieces = map[string][]string{
	"hello":  strings.Split(strings.Repeat("Hello World\n", 200), "\n"),
	"bytes":  strings.Split(strings.Repeat("a b c d e f g ", 100), " "),
	"empty":  {"", "", "x", "", ""},
	"edges":  {strings.Repeat("a", 62), "b", "c", strings.Repeat("d", 63), strings.Repeat("e", 64), strings.Repeat("f", 65), "g"},
	"large":  {"head", strings.Repeat("L", 300), "mid", strings.Repeat("M", 5000), "tail"},
	"single": {strings.Repeat("z", 1)},
	"mixed":  mixedPieces(),
}

func mixedPieces() []string {
	var out []string
	for i := range 300 {
		out = append(out, strings.Repeat(string(rune('a'+i%26)), (i*37)%90))
	}
	return out
}

// cursorDevices are fault devices built fresh for each run.
var cursorDevices = map[string]func() *coretest.Writer{
	"plain":         func() *coretest.Writer { return &coretest.Writer{} },
	"1-byte writes": func() *coretest.Writer { return &coretest.Writer{Faults: coretest.Faults{Max: 1}} },
	"error at 2":    func() *coretest.Writer { return &coretest.Writer{Faults: coretest.Faults{FailAt: 2}} },
	"partial at 3":  func() *coretest.Writer { return &coretest.Writer{Faults: coretest.Faults{FailAt: 3, Partial: true}} },
	"error at 1":    func() *coretest.Writer { return &coretest.Writer{Faults: coretest.Faults{FailAt: 1}} },
	"temporary at 2": func() *coretest.Writer {
		return &coretest.Writer{Faults: coretest.Faults{FailAt: 2, FailFor: 1, Temporary: true}}
	},
}

// TestCursorMatchesPutString checks that a Cursor gives the device the same
// bytes, and Flush the same error, as the same pieces written with
// PutString (and Put, every third piece), at every buffer size and with
// every fault device.
func TestCursorMatchesPutString(t *testing.T) {
	for name, pieces := range cursorPieces {
		for dname, dev := range cursorDevices {
			for _, size := range []int{0, core.MinBufferSize, core.MinBufferSize + 1, 100, 4096} {
				wantDev, gotDev := dev(), dev()
				want := core.NewWriterSize(wantDev, size)
				for i, p := range pieces {
					if i%3 == 2 {
						want.Put([]byte(p))
					} else {
						want.PutString(p)
					}
				}
				wantBuffered := want.Buffered()
				wantErr := want.Flush()

				got := core.NewWriterSize(gotDev, size)
				c := got.Cursor()
				for i, p := range pieces {
					if i%3 == 2 {
						c = c.Put([]byte(p))
					} else {
						c = c.PutString(p)
					}
				}
				c.Done()
				gotBuffered := got.Buffered()
				gotErr := got.Flush()

				if !bytes.Equal(gotDev.Bytes(), wantDev.Bytes()) {
					t.Errorf("%s, %s, size %d: device got %d bytes, PutString gives %d:\n got %.80q\nwant %.80q",
						name, dname, size, len(gotDev.Bytes()), len(wantDev.Bytes()), gotDev.Bytes(), wantDev.Bytes())
				}
				if gotBuffered != wantBuffered {
					t.Errorf("%s, %s, size %d: %d bytes buffered before Flush, PutString leaves %d", name, dname, size, gotBuffered, wantBuffered)
				}
				if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
					t.Errorf("%s, %s, size %d: Flush = %v, with PutString %v", name, dname, size, gotErr, wantErr)
				}
			}
		}
	}
}

// TestCursorSessions checks Cursors taken in turn with the Writer's own
// writes between them, and a Cursor opened on a full buffer.
func TestCursorSessions(t *testing.T) {
	var dev bytes.Buffer
	w := core.NewWriterSize(&dev, core.MinBufferSize)
	var want []byte
	for i := range 50 {
		c := w.Cursor()
		for j := range i % 7 {
			s := strings.Repeat(string(rune('A'+j)), i%13)
			c = c.PutString(s)
			want = append(want, s...)
		}
		c.Done()
		w.PutString("|")
		want = append(want, '|')
		if i%5 == 0 {
			// Fill the buffer to the last byte, then open a Cursor on it.
			dots := strings.Repeat(".", w.Available())
			w.PutString(dots)
			want = append(want, dots...)
			c := w.Cursor()
			if core.CursorAvailable(c) != 0 {
				t.Fatalf("Cursor on a full buffer offers %d bytes", core.CursorAvailable(c))
			}
			c = c.PutString("+")
			want = append(want, '+')
			c.Done()
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dev.Bytes(), want) {
		t.Fatalf("device differs:\n got %q\nwant %q", dev.Bytes(), want)
	}
}

// TestCursorMisuse covers the Writer used while a Cursor is open: the
// Writer fails with ErrStaleCursor, the bytes flushed before the Cursor was
// opened are all the device has, and nothing panics.
func TestCursorMisuse(t *testing.T) {
	uses := map[string]func(w *core.Writer) error{
		"PutString": func(w *core.Writer) error { w.PutString("x"); return nil },
		"Put":       func(w *core.Writer) error { w.Put([]byte("x")); return nil },
		"PutByte":   func(w *core.Writer) error { w.PutByte('x'); return nil },
		"Write":     func(w *core.Writer) error { _, err := w.Write([]byte("x")); return err },
		"Reserve":   func(w *core.Writer) error { w.Commit(copy(w.Reserve(1), "x")); return nil },
		"Commit":    func(w *core.Writer) error { w.Commit(1); return nil },
		"Flush":     func(w *core.Writer) error { return w.Flush() },
		"Close":     func(w *core.Writer) error { return w.Close() },
		"ReadFrom":  func(w *core.Writer) error { _, err := w.ReadFrom(strings.NewReader("x")); return err },
		"Cursor":    func(w *core.Writer) error { w.Cursor().PutString("x").Done(); return nil },
		"large":     func(w *core.Writer) error { w.PutString(strings.Repeat("x", 500)); return nil },
	}
	for name, use := range uses {
		var dev bytes.Buffer
		w := core.NewWriterSize(&dev, core.MinBufferSize)
		w.PutString("before;")
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		c := w.Cursor()
		c = c.PutString("inside;")
		err := use(w)
		c = c.PutString(strings.Repeat("after;", 30)) // through the slow path too
		c.Done()
		ferr := w.Flush()
		if name == "Commit" {
			// A Commit with no Reserve before it is out of range.
			if !errors.Is(ferr, core.ErrInvalidCount) {
				t.Errorf("Commit while a Cursor is open: Flush = %v, want ErrInvalidCount", ferr)
			}
		} else if !errors.Is(ferr, core.ErrStaleCursor) && !(name == "Close" && errors.Is(ferr, fs.ErrClosed)) {
			t.Errorf("%s while a Cursor is open: Flush = %v, want ErrStaleCursor", name, ferr)
		}
		if err != nil && !errors.Is(err, core.ErrStaleCursor) {
			t.Errorf("%s while a Cursor is open returned %v, want ErrStaleCursor", name, err)
		}
		if name != "Commit" && !errors.Is(w.Err(), core.ErrStaleCursor) && !errors.Is(w.Err(), fs.ErrClosed) {
			t.Errorf("%s: Err = %v, want ErrStaleCursor", name, w.Err())
		}
		if dev.String() != "before;" {
			t.Errorf("%s while a Cursor is open: device has %q, want only the bytes flushed before", name, dev.String())
		}
	}
}

// TestCursorStale covers Cursors used after their session ended.
func TestCursorStale(t *testing.T) {
	t.Run("write after Done", func(t *testing.T) {
		var dev bytes.Buffer
		w := core.NewWriterSize(&dev, core.MinBufferSize)
		c := w.Cursor().PutString("one;")
		c.Done()
		c = c.PutString("two;")
		c.Done()
		if err := w.Flush(); !errors.Is(err, core.ErrStaleCursor) {
			t.Fatalf("Flush = %v, want ErrStaleCursor", err)
		}
		if dev.Len() != 0 {
			t.Fatalf("device has %q after a stale Cursor; want nothing", dev.String())
		}
	})
	t.Run("write after Done, through the slow path", func(t *testing.T) {
		var dev bytes.Buffer
		w := core.NewWriterSize(&dev, core.MinBufferSize)
		c := w.Cursor().PutString("one;")
		c.Done()
		c.PutString(strings.Repeat("x", 100))
		if !errors.Is(w.Err(), core.ErrStaleCursor) {
			t.Fatalf("Err = %v, want ErrStaleCursor", w.Err())
		}
	})
	t.Run("after Reset", func(t *testing.T) {
		var dev bytes.Buffer
		w := core.NewWriterSize(&dev, core.MinBufferSize)
		c := w.Cursor().PutString("lost;")
		w.Reset(&dev)
		w.PutString("new;")
		c.Done()
		if err := w.Flush(); !errors.Is(err, core.ErrStaleCursor) {
			t.Fatalf("Flush = %v, want ErrStaleCursor", err)
		}
	})
	t.Run("Cursor from before the buffer was flushed by the next one", func(t *testing.T) {
		var dev bytes.Buffer
		w := core.NewWriterSize(&dev, core.MinBufferSize)
		old := w.Cursor().PutString("o")
		c := old.PutString(strings.Repeat("y", 100)) // ends old's session
		c.Done()
		old.Done()
		if err := w.Flush(); !errors.Is(err, core.ErrStaleCursor) {
			t.Fatalf("Flush = %v, want ErrStaleCursor", err)
		}
	})
	t.Run("older copy in the same session", func(t *testing.T) {
		var dev bytes.Buffer
		w := core.NewWriterSize(&dev, core.MinBufferSize)
		a := w.Cursor().PutString("ab")
		b := a.PutString("cd")
		b.Done()
		a.Done() // the Writer has gone on since b's Done: stale
		if err := w.Flush(); !errors.Is(err, core.ErrStaleCursor) {
			t.Fatalf("Flush = %v, want ErrStaleCursor", err)
		}
	})
	t.Run("Done on an older copy first", func(t *testing.T) {
		var dev bytes.Buffer
		w := core.NewWriterSize(&dev, core.MinBufferSize)
		a := w.Cursor().PutString("ab")
		a.PutString("cd").PutString("ef")
		a.Done() // keeps the bytes up to a's position, like an older slice
		if err := w.Flush(); err != nil || dev.String() != "ab" {
			t.Fatalf("Flush = %v, device %q; want nil, \"ab\"", err, dev.String())
		}
	})
}

// TestCursorZeroAndErrors covers the zero Cursor, a Cursor on a zero
// Writer and on a Writer that has already failed.
func TestCursorZeroAndErrors(t *testing.T) {
	var zero core.Cursor
	zero = zero.PutString("dropped").Put([]byte("dropped"))
	zero.Done()
	if core.CursorAvailable(zero) != 0 {
		t.Fatalf("zero Cursor offers %d bytes", core.CursorAvailable(zero))
	}

	var zw core.Writer
	c := zw.Cursor().PutString("x")
	c.Done()
	if err := zw.Flush(); !errors.Is(err, core.ErrNilDevice) {
		t.Fatalf("zero Writer: Flush = %v, want ErrNilDevice", err)
	}

	dev := &coretest.Writer{Faults: coretest.Faults{FailAt: 1}}
	w := core.NewWriterSize(dev, core.MinBufferSize)
	w.PutString(strings.Repeat("a", 200))
	c = w.Cursor()
	c = c.PutString("after the error")
	c.Done()
	if err := w.Flush(); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("Flush = %v, want the device's error", err)
	}
	if len(dev.Bytes()) != 0 {
		t.Fatalf("device has %q", dev.Bytes())
	}
}

// TestCursorAllocs checks that a Cursor loop, slow path included,
// allocates nothing.
func TestCursorAllocs(t *testing.T) {
	w := core.NewWriterSize(io.Discard, core.MinBufferSize)
	line := []byte("Hello World\n")
	allocs := testing.AllocsPerRun(100, func() {
		c := w.Cursor()
		for range 100 {
			c = c.PutString("Hello World\n").Put(line)
		}
		c.Done()
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run, want 0", allocs)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
}

// TestCursorSinkWriter checks a Cursor over a Writer made by NewSinkWriter
// (whose Sink keeps a tail and can fail) against PutString.
func TestCursorSinkWriter(t *testing.T) {
	for name, pieces := range map[string][]string{
		"hello": cursorPieces["hello"],
		"mixed": cursorPieces["mixed"],
		"large": cursorPieces["large"],
		"fails": append(append([]string{}, cursorPieces["edges"]...), "ab!cd", "after"),
	} {
		for _, size := range []int{core.MinBufferSize, 100, 4096} {
			var want, got quadSink
			ww := core.NewSinkWriter(&want, size)
			for _, p := range pieces {
				ww.PutString(p)
			}
			wantErr := ww.Close()

			gw := core.NewSinkWriter(&got, size)
			c := gw.Cursor()
			for _, p := range pieces {
				c = c.PutString(p)
			}
			c.Done()
			gotErr := gw.Close()

			if got.out.String() != want.out.String() || got.dst.String() != want.dst.String() {
				t.Errorf("%s, size %d: Sink got %q + %q, PutString gives %q + %q", name, size,
					got.out.String(), got.dst.String(), want.out.String(), want.dst.String())
			}
			if !errors.Is(gotErr, wantErr) && !errors.Is(wantErr, gotErr) {
				t.Errorf("%s, size %d: Close = %v, with PutString %v", name, size, gotErr, wantErr)
			}
		}
	}
}

// TestCursorEdges covers the ends of the free space: a Cursor keeps its
// position as a pointer and its end as a pointer to the last byte of the
// buffer, so the cases are writes that reach the last free byte exactly,
// empty writes at that position and on Cursors with no free space, and
// pieces longer than the buffer.
func TestCursorEdges(t *testing.T) {
	type step struct {
		piece string
		avail int // Available after the piece, or -1 not to check
	}
	n := core.MinBufferSize - 1 // what a fresh Cursor offers
	for _, tc := range []struct {
		name  string
		size  int
		steps []step
	}{
		{"fresh", core.MinBufferSize, []step{{"", n}, {"a", n - 1}}},
		{"exactly full", core.MinBufferSize, []step{
			{strings.Repeat("x", n), 0}, {"", 0}, {"", 0},
			{"y", -1}, // refill: flushes, then writes y
		}},
		{"exactly full in two", core.MinBufferSize, []step{
			{strings.Repeat("x", n-5), 5}, {"12345", 0}, {"", 0}, {"z", -1},
		}},
		{"one byte short", core.MinBufferSize, []step{{strings.Repeat("x", n-1), 1}, {"y", 0}}},
		{"one byte over", core.MinBufferSize, []step{{strings.Repeat("x", n+1), -1}, {"y", -1}}},
		{"longer than the buffer", core.MinBufferSize, []step{
			{"head", n - 4}, {strings.Repeat("L", 3*core.MinBufferSize+7), -1}, {"", -1}, {"tail", -1},
		}},
		{"larger buffer", 1000, []step{{strings.Repeat("x", 999), 0}, {"", 0}, {"!", -1}}},
	} {
		for _, viaPut := range []bool{false, true} {
			var dev bytes.Buffer
			w := core.NewWriterSize(&dev, tc.size)
			c := w.Cursor()
			var want string
			for i, st := range tc.steps {
				if viaPut {
					c = c.Put([]byte(st.piece))
				} else {
					c = c.PutString(st.piece)
				}
				want += st.piece
				if st.avail >= 0 && core.CursorAvailable(c) != st.avail {
					t.Errorf("%s (Put %v): after piece %d Available = %d, want %d", tc.name, viaPut, i, core.CursorAvailable(c), st.avail)
				}
				if core.CursorAvailable(c) < 0 || core.CursorAvailable(c) >= w.Size() {
					t.Errorf("%s (Put %v): after piece %d Available = %d, buffer %d", tc.name, viaPut, i, core.CursorAvailable(c), w.Size())
				}
			}
			c.Done()
			if err := w.Flush(); err != nil {
				t.Errorf("%s (Put %v): Flush = %v", tc.name, viaPut, err)
			}
			if dev.String() != want {
				t.Errorf("%s (Put %v): device has %d bytes, want %d:\n got %.80q\nwant %.80q", tc.name, viaPut, dev.Len(), len(want), dev.String(), want)
			}
		}
	}
}

// TestCursorEmptyPieces checks that empty pieces are taken, and change
// nothing, on every kind of Cursor: the zero Cursor, one on a full buffer,
// one on a failed Writer and one at the last free byte.
func TestCursorEmptyPieces(t *testing.T) {
	var zero core.Cursor
	zero = zero.PutString("").Put(nil).Put([]byte{})
	if core.CursorAvailable(zero) != 0 {
		t.Fatalf("zero Cursor offers %d bytes after empty pieces", core.CursorAvailable(zero))
	}
	zero.Done()

	var dev bytes.Buffer
	w := core.NewWriterSize(&dev, core.MinBufferSize)
	w.PutString(strings.Repeat(".", w.Available()))
	c := w.Cursor() // on a full buffer
	c = c.PutString("").Put(nil)
	if core.CursorAvailable(c) != 0 {
		t.Fatalf("Cursor on a full buffer offers %d bytes after empty pieces", core.CursorAvailable(c))
	}
	c.Done()
	if w.Buffered() != core.MinBufferSize || dev.Len() != 0 {
		t.Fatalf("empty pieces on a full buffer: %d buffered, %d on the device; want %d, 0", w.Buffered(), dev.Len(), core.MinBufferSize)
	}

	fdev := &coretest.Writer{Faults: coretest.Faults{FailAt: 1}}
	fw := core.NewWriterSize(fdev, core.MinBufferSize)
	fw.PutString(strings.Repeat("a", 200))
	fc := fw.Cursor().PutString("").Put(nil).PutString("dropped").PutString("")
	if core.CursorAvailable(fc) != 0 {
		t.Fatalf("Cursor on a failed Writer offers %d bytes", core.CursorAvailable(fc))
	}
	fc.Done()
	if err := fw.Flush(); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("Flush = %v, want the device's error", err)
	}
}

// TestCursorStaleBuffer checks a Cursor whose Writer has since moved to a
// larger buffer (Reserve grows it): its Done finds it points into another
// buffer and fails the Writer with ErrStaleCursor; the writes through it
// went to the old buffer, not the new one.
func TestCursorStaleBuffer(t *testing.T) {
	var dev bytes.Buffer
	w := core.NewWriterSize(&dev, core.MinBufferSize)
	c := w.Cursor().PutString("one;")
	c.Done()
	w.Commit(copy(w.Reserve(4*core.MinBufferSize), "two;"))
	if w.Size() <= core.MinBufferSize {
		t.Fatalf("Reserve did not grow the buffer (size %d)", w.Size())
	}
	c = c.PutString("stale")
	c.Done()
	if err := w.Flush(); !errors.Is(err, core.ErrStaleCursor) {
		t.Fatalf("Flush = %v, want ErrStaleCursor", err)
	}
	if dev.String() != "one;" {
		t.Fatalf("device has %q, want only what was flushed before the Reserve", dev.String())
	}
}

// TestCursorStaleAfterRefill is the copy of a Cursor taken before its
// buffer was flushed by a refill: Done on it must not hand the Writer the
// bytes it sees at its position (flushed already, or written over since),
// which Flush would send a second time or out of order.
func TestCursorStaleAfterRefill(t *testing.T) {
	var dev bytes.Buffer
	w := core.NewWriterSize(&dev, 64)
	c := w.Cursor().PutString(strings.Repeat("A", 40))
	old := c
	c = c.PutString(strings.Repeat("B", 40)).PutString("ccc")
	old.Done()
	err := w.Flush()
	if !errors.Is(err, core.ErrStaleCursor) {
		t.Fatalf("Flush = %v after Done on a Cursor from before a refill (device %q); want ErrStaleCursor", err, dev.String())
	}
	if want := strings.Repeat("A", 40) + strings.Repeat("B", 24); dev.String() != want {
		t.Fatalf("device has %q, want only the refill's %q", dev.String(), want)
	}
	c.Done() // the Writer has failed: nothing more is written
	if dev.Len() != 64 {
		t.Fatalf("device has %d bytes after the Writer failed, want 64", dev.Len())
	}
}

// TestCursorDoneTwice checks that Done ends a Cursor: Done again on it,
// or on an identical copy, fails with ErrStaleCursor, since the Writer
// cannot tell it from an older copy that wrote over the same bytes.
func TestCursorDoneTwice(t *testing.T) {
	var dev bytes.Buffer
	w := core.NewWriterSize(&dev, core.MinBufferSize)
	a := w.Cursor()
	b := a.PutString("ab")
	a = a.PutString("XY") // an older copy, written over b's bytes
	b.Done()
	a.Done()
	if err := w.Flush(); !errors.Is(err, core.ErrStaleCursor) {
		t.Fatalf("Flush = %v (device %q), want ErrStaleCursor", err, dev.String())
	}
}

// TestCursorStaleAfterFlush checks a Cursor from a session that a Flush
// followed.
func TestCursorStaleAfterFlush(t *testing.T) {
	var dev bytes.Buffer
	w := core.NewWriterSize(&dev, core.MinBufferSize)
	c := w.Cursor().PutString("one;")
	c.Done()
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	c = c.PutString("two;")
	c.Done()
	if err := w.Flush(); !errors.Is(err, core.ErrStaleCursor) {
		t.Fatalf("Flush = %v (device %q), want ErrStaleCursor", err, dev.String())
	}
	if dev.String() != "one;" {
		t.Fatalf("device has %q, want \"one;\"", dev.String())
	}
}
